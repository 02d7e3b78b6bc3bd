import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { startCheckout } from '~/.server/donations/checkout';
import { cardPaymentsEnabled, donationCreditor } from '~/.server/donations/deps';
import { qrBillSummary } from '~/.server/donations/qr-bill';
import { guardPost } from '~/.server/platform/guard';
import { invalid, readForm, refused } from '~/.server/platform/refusal';
import { keepRetryAfter } from '~/.server/platform/security';
import { getCurrentUser } from '~/.server/platform/session';
import { Link } from '~/components/Link';
import { amountParam, amountSchema, checkoutSchema, freeAmountSchema } from '~/domain/donation';
import { pageMeta } from '~/domain/meta';
import { SITE_NAME } from '~/domain/site';
import supportStylesHref from '~/styles/support.css?url';
import { AMOUNTS, DonationSection } from './DonationSection';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: supportStylesHref }];

// The amount travels in the URL (?montant=25): the QR-bill works without JavaScript and the page can be bookmarked.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const typed = url.searchParams.get('montant');
  // The free amount is a GET form: read like a posted one, its refusal answered as conform's reply.
  const parsed = typed == null ? null : readForm(url.searchParams, freeAmountSchema);
  const amount = parsed?.status === 'success' ? parsed.value.montant : null;
  const refused = parsed && parsed.status !== 'success';
  const user = await getCurrentUser(request, context.services);
  return data(
    {
      typed: typed ?? '',
      amount,
      amountAnswer: refused ? parsed.reply() : null,
      bill: amount == null ? null : qrBillSummary(donationCreditor(context.services), amount),
      cardEnabled: cardPaymentsEnabled(context.services),
      user: user ? { displayName: user.displayName } : null,
      cancelled: url.searchParams.get('annule') === '1',
    },
    { status: refused ? 400 : 200 },
  );
}

// Card/TWINT: the donation is tied to an account (supporter badge, opt-in name), so a visitor logs in first.
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await guardPost(request, context, { audience: 'public', rate: { bucket: 'donation' } });
  const submission = readForm(formData, checkoutSchema);
  const user = await getCurrentUser(request, context.services);
  if (!user) {
    // The amount comes back with the visitor after login, when it is one (not whatever text was posted).
    const amount = amountSchema.safeParse(formData.get('montant'));
    const back = `/support-us${amount.success ? `?montant=${amountParam(amount.data)}` : ''}#don`;
    throw redirect(`/auth/login?redirect=${encodeURIComponent(back)}`);
  }
  if (submission.status !== 'success') return invalid(submission);
  try {
    const { url } = await startCheckout(context.services, user, submission.value);
    return redirect(url);
  } catch (error) {
    return refused(submission, error);
  }
}

export const headers = keepRetryAfter;

export default function SupportUsPage() {
  return (
    <div className="page page--prose">
      <header className="page-header">
        <h1>Nous soutenir</h1>
        <p className="lead">
          {SITE_NAME} est gratuit pour tout le monde et sans publicité. Pour qu’il le reste, l’association compte sur
          celles et ceux à qui l’agenda rend service.
        </p>
      </header>

      <section aria-labelledby="pourquoi">
        <h2 id="pourquoi">Pourquoi nous soutenir ?</h2>
        <p>
          Consulter l’agenda ne coûte rien, publier un événement non plus : la fanfare du village a la même place que la
          grande salle de concert. Nous refusons la publicité, qui ralentit les pages et suit les visiteurs à la trace.
        </p>
        <p>
          Mais un agenda fiable a un coût. Chaque événement est relu par une personne avant publication, ce qui demande
          du temps et de l’organisation. Les serveurs, les sauvegardes et l’envoi des emails se paient chaque mois. Et
          le site doit sans cesse évoluer pour rester rapide, sûr et accessible.
        </p>
      </section>

      <section aria-labelledby="utilisation">
        <h2 id="utilisation">À quoi sert votre argent ?</h2>
        <ul>
          <li>
            <strong>L’hébergement</strong> : serveurs en Suisse ou dans l’Union européenne, sauvegardes, envoi des
            emails.
          </li>
          <li>
            <strong>La modération</strong> : outils, formation et défraiement des bénévoles qui relisent les événements
            sept jours sur sept.
          </li>
          <li>
            <strong>Le développement</strong> : nouvelles fonctions, corrections, mises à jour de sécurité.
          </li>
          <li>
            <strong>L’accessibilité</strong> : tests avec des personnes en situation de handicap, amélioration continue
            du site.
          </li>
        </ul>
        <p>
          L’association est à but non lucratif : chaque franc est réinvesti dans l’agenda, et ses comptes sont présentés
          chaque année à l’assemblée générale.
        </p>
      </section>

      <section aria-labelledby="montants">
        <h2 id="montants">Montants indicatifs</h2>
        <p>Chaque don compte, quel que soit son montant. Pour vous donner une idée :</p>
        <ul className="card-grid">
          {AMOUNTS.map((tile) => (
            <li key={tile.amount} className="card">
              <h3>CHF {tile.amount}.–</h3>
              <p>
                <strong>{tile.title}</strong>
              </p>
              <p>{tile.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <DonationSection />

      <section aria-labelledby="autres-facons">
        <h2 id="autres-facons">D’autres façons d’aider</h2>
        <h3>Parlez de nous</h3>
        <p>
          Partagez un événement trouvé sur l’agenda, parlez-en à votre société locale, à votre commune ou à votre salle
          préférée. Plus l’agenda est connu, plus il est complet.
        </p>
        <h3>Publiez des événements</h3>
        <p>
          Vous organisez un concert, un marché ou une fête ? <Link to="/organizer/submit-event">Ajoutez-le</Link>{' '}
          gratuitement : un agenda complet est la meilleure raison de revenir.
        </p>
        <h3>Rejoignez l’équipe de modération</h3>
        <p>
          Quelques heures par mois suffisent. Nous cherchons des bénévoles dans toutes les régions, du Chablais à
          l’Ajoie, pour relire les événements proposés. <Link to="/contact">Proposez votre aide</Link>.
        </p>
        <h3>Devenez partenaire</h3>
        <p>
          Commune, office du tourisme, entreprise ou fondation : soutenez l’agenda et gagnez en visibilité auprès du
          public romand, dans le respect de notre indépendance. <Link to="/contact">Contactez-nous</Link> pour en
          discuter.
        </p>
      </section>

      <section aria-labelledby="merci">
        <h2 id="merci">Merci !</h2>
        <p>
          <Link to="/partenaires">Merci à nos partenaires et donateurs</Link>, grâce à qui l’agenda reste gratuit et
          indépendant.
        </p>
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Nous soutenir',
    description:
      'Agenda romand est gratuit et sans publicité. Votre don finance l’hébergement, la modération et l’accessibilité de l’agenda de Suisse romande.',
    path: '/support-us',
    matches,
  });
