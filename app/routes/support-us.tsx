import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { startCheckout } from '~/.server/donations/checkout';
import { cardPaymentsEnabled, donationCreditor, donationDeps } from '~/.server/donations/deps';
import { qrBillSummary } from '~/.server/donations/qr-bill';
import { guardPost } from '~/.server/platform/guard';
import { invalid, refused } from '~/.server/platform/refusal';
import { keepRetryAfter } from '~/.server/platform/security';
import { getCurrentUser } from '~/.server/platform/session';
import { Field } from '~/components/Field';
import { FormSecurity } from '~/components/FormSecurity';
import { useFormKey } from '~/components/useFormKey';
import {
  AMOUNT_MESSAGE,
  amountParam,
  amountSchema,
  CHECKOUT_FIELDS,
  checkoutSchema,
  DONATION_MAX,
  DONATION_MIN,
  formatChf,
  PUBLIC_NAME_MAX,
  SUGGESTED_AMOUNTS,
} from '~/domain/donation';
import { formValues } from '~/domain/forms';
import { pageMeta } from '~/domain/meta';
import { CONTACT_EMAIL, SITE_NAME } from '~/domain/site';
import supportStylesHref from '~/styles/support.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: supportStylesHref }];

// The amount travels in the URL (?montant=25): the QR-bill works without JavaScript and the page can be bookmarked.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const typed = url.searchParams.get('montant');
  const parsed = typed == null ? null : amountSchema.safeParse(typed);
  const amount = parsed?.success ? parsed.data : null;
  const user = await getCurrentUser(request);
  return data(
    {
      typed: typed ?? '',
      amount,
      error: parsed && !parsed.success ? (parsed.error.issues[0]?.message ?? AMOUNT_MESSAGE) : null,
      bill: amount == null ? null : qrBillSummary(donationCreditor(context.services), amount),
      cardEnabled: cardPaymentsEnabled(context.services),
      user: user ? { displayName: user.displayName } : null,
      cancelled: url.searchParams.get('annule') === '1',
    },
    { status: parsed && !parsed.success ? 400 : 200 },
  );
}

// Card/TWINT: the donation is tied to an account (supporter badge, opt-in name), so a visitor logs in first.
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await guardPost(request, context, { audience: 'public', rate: { bucket: 'donation' } });
  const values = formValues(formData, CHECKOUT_FIELDS);
  const user = await getCurrentUser(request);
  if (!user) {
    // The amount comes back with the visitor after login, when it is one (not whatever text was posted).
    const amount = amountSchema.safeParse(values.montant);
    const back = `/support-us${amount.success ? `?montant=${amountParam(amount.data)}` : ''}#don`;
    throw redirect(`/auth/login?redirect=${encodeURIComponent(back)}`);
  }
  const parsed = checkoutSchema.safeParse(values);
  if (!parsed.success) return invalid(parsed.error, { values });
  try {
    const { url } = await startCheckout(donationDeps(context.services), user, parsed.data);
    return redirect(url);
  } catch (error) {
    return refused(error, { values });
  }
}

export const headers = keepRetryAfter;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Nous soutenir',
    description:
      'Agenda romand est gratuit et sans publicité. Votre don finance l’hébergement, la modération et l’accessibilité de l’agenda de Suisse romande.',
    path: '/support-us',
    matches,
  });

const AMOUNTS = [
  {
    amount: 10,
    title: 'Un coup de pouce',
    text: 'Couvre l’envoi, pendant un mois, des emails de confirmation et de modération aux organisateurs.',
  },
  {
    amount: 25,
    title: 'Une semaine en ligne',
    text: 'Paie une semaine d’hébergement du site en Suisse, sauvegardes quotidiennes comprises.',
  },
  {
    amount: 50,
    title: 'Une modération solide',
    text: 'Finance les outils et la formation d’un·e nouveau·elle bénévole de l’équipe de modération.',
  },
  {
    amount: 100,
    title: 'Un site pour toutes et tous',
    text: 'Contribue à un test d’accessibilité avec des personnes qui utilisent un lecteur d’écran ou une plage braille.',
  },
] as const;

/** Choose an amount, then give by card/TWINT (Stripe) or by bank transfer with the QR-bill. */
function DonationSection() {
  const { typed, amount, error, bill, cardEnabled, user, cancelled } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const formKey = useFormKey(result);
  const errors = result?.errors ?? {};
  const values = result?.values ?? {};
  const paying = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';

  return (
    <section id="don" aria-labelledby="faire-un-don" className="donation">
      <h2 id="faire-un-don">Faire un don</h2>
      {cancelled ? (
        <p className="notice" role="status">
          Paiement annulé : aucun montant n’a été débité. Vous pouvez réessayer ou choisir la QR-facture.
        </p>
      ) : null}
      <p>
        {cardEnabled
          ? 'Choisissez un montant, puis payez par carte ou TWINT, ou par virement bancaire avec la QR-facture.'
          : 'Choisissez un montant, puis payez par virement bancaire avec la QR-facture.'}
      </p>
      <ul className="donation__amounts" aria-label="Montants suggérés">
        {SUGGESTED_AMOUNTS.map((suggested) => (
          <li key={suggested}>
            <Link
              to={`/support-us?montant=${suggested}#don`}
              preventScrollReset
              className={`button${amount === suggested ? ' button--primary' : ''}`}
              aria-current={amount === suggested ? 'true' : undefined}
            >
              {formatChf(suggested)}
            </Link>
          </li>
        ))}
      </ul>
      <Form key={typed} method="get" action="/support-us#don" preventScrollReset className="donation__free" noValidate>
        <Field
          name="montant"
          label="Montant libre (CHF)"
          inputMode="decimal"
          autoComplete="transaction-amount"
          hint={`Entre ${DONATION_MIN} et ${DONATION_MAX.toLocaleString('fr-CH')} CHF, par exemple 35 ou 42.50.`}
          defaultValue={typed}
          error={error ?? undefined}
        />
        <button type="submit" className="button">
          Choisir ce montant
        </button>
      </Form>

      {amount == null || bill == null ? (
        <p className="donation__hint">
          {cardEnabled
            ? 'Choisissez un montant pour afficher la QR-facture et le paiement par carte ou TWINT.'
            : 'Choisissez un montant pour afficher la QR-facture.'}
        </p>
      ) : (
        <div className="donation__ways">
          {/* Only the ways that are configured: no card section without Stripe (issue 19). */}
          {cardEnabled ? (
            <section aria-labelledby="don-carte" className="card donation__way">
              <h3 id="don-carte">Par carte ou TWINT</h3>
              <Form key={formKey} method="post" className="form" noValidate data-testid="card-form">
                <FormSecurity />
                <input type="hidden" name="montant" value={amountParam(amount)} />
                {errors.form || errors.montant ? (
                  <p className="notice notice--error" role="alert">
                    {errors.form ?? errors.montant}
                  </p>
                ) : null}
                {user ? (
                  <>
                    <label className="check">
                      <input type="checkbox" name="public" value="oui" defaultChecked={values.public === 'oui'} />
                      Afficher mon nom dans « Merci à nos donateurs » (sans le montant)
                    </label>
                    <Field
                      name="nomPublic"
                      label="Nom à afficher"
                      maxLength={PUBLIC_NAME_MAX}
                      defaultValue={values.nomPublic ?? user.displayName}
                      error={errors.nomPublic}
                    />
                  </>
                ) : (
                  <p>Vous devrez vous connecter : le don est lié à votre compte, qui recevra le badge Donateur·rice.</p>
                )}
                <button type="submit" className="button button--primary" disabled={paying}>
                  {paying ? 'Redirection vers le paiement…' : `Donner ${formatChf(amount)} par carte ou TWINT`}
                </button>
                <p className="field__hint">
                  Paiement sécurisé par Stripe. Vos données de carte ne passent jamais par notre site.
                </p>
              </Form>
            </section>
          ) : null}

          <section aria-labelledby="don-qr" className="card donation__way">
            <h3 id="don-qr">Par virement avec la QR-facture</h3>
            <p>Scannez le code QR avec l’application de votre banque, ou imprimez la facture.</p>
            {/* An <img> rather than inline SVG: the bill is ~200 KB of QR-code squares that would otherwise be sent
                twice (HTML and hydration data); as an image it is cached per amount, and an SVG image never runs
                scripts. CSP img-src 'self' allows it. */}
            {/* On a phone, the QR code alone, large enough to scan from another screen; the whole bill above that. */}
            <div className="donation__qr-zoom">
              <img
                src={`/support-us/facture-qr.svg?montant=${amountParam(amount)}`}
                alt={`Code QR de la QR-facture de ${bill.amount} pour ${bill.creditor}, compte ${bill.account}`}
                width={620}
                height={310}
                data-testid="qr-code-zoom"
              />
            </div>
            <img
              className="donation__qr-bill"
              src={`/support-us/facture-qr.svg?montant=${amountParam(amount)}`}
              alt={`QR-facture de ${bill.amount} pour ${bill.creditor}, compte ${bill.account}`}
              width={620}
              height={310}
              data-testid="qr-bill"
            />
            <dl className="donation__bill" data-testid="qr-bill-details">
              <dt>Compte / Payable à</dt>
              <dd>
                <span className="donation__iban" data-testid="iban">
                  {bill.account}
                </span>
                <br />
                {bill.creditor}
              </dd>
              <dt>Montant</dt>
              <dd>{bill.amount}</dd>
              <dt>Référence</dt>
              <dd>{bill.reference}</dd>
              <dt>Communication</dt>
              <dd>{bill.message}</dd>
            </dl>
            <p>
              <a
                href={`/support-us/facture-qr.pdf?montant=${amountParam(amount)}`}
                className="button"
                download
                data-testid="qr-bill-pdf"
              >
                Télécharger la QR-facture (PDF)
              </a>
            </p>
          </section>
        </div>
      )}
      <p className="donation__other">
        Une question sur votre don ? Écrivez à <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </section>
  );
}

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
