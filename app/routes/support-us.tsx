import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { pageMeta } from '~/domain/meta';
import { CONTACT_EMAIL, SITE_NAME } from '~/domain/site';

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
        <h2 id="pourquoi">Pourquoi nous soutenir ?</h2>
        <p>
          Consulter l’agenda ne coûte rien, publier un événement non plus : la fanfare du village a la même place que la
          grande salle de concert. Nous refusons la publicité, qui ralentit les pages et suit les visiteurs à la trace.
        </p>
        <p>
          Mais un agenda fiable a un coût. Chaque événement est relu par une personne avant publication, ce qui demande
          du temps et de l’organisation. Les serveurs, les sauvegardes et l’envoi des emails se paient chaque mois. Et
          le site doit sans cesse évoluer pour rester rapide, sûr et accessible.
        </p>
      </section>

      <section aria-labelledby="utilisation">
        <h2 id="utilisation">À quoi sert votre argent ?</h2>
        <ul>
          <li>
            <strong>L’hébergement</strong> : serveurs en Suisse ou dans l’Union européenne, sauvegardes, envoi des
            emails.
          </li>
          <li>
            <strong>La modération</strong> : outils, formation et défraiement des bénévoles qui relisent les événements
            sept jours sur sept.
          </li>
          <li>
            <strong>Le développement</strong> : nouvelles fonctions, corrections, mises à jour de sécurité.
          </li>
          <li>
            <strong>L’accessibilité</strong> : tests avec des personnes en situation de handicap, amélioration continue
            du site.
          </li>
        </ul>
        <p>
          L’association est à but non lucratif : chaque franc est réinvesti dans l’agenda, et ses comptes sont présentés
          chaque année à l’assemblée générale.
        </p>
      </section>

      <section aria-labelledby="montants">
        <h2 id="montants">Montants indicatifs</h2>
        <p>Chaque don compte, quel que soit son montant. Pour vous donner une idée :</p>
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

      <aside className="callout" aria-labelledby="don-en-ligne">
        <h2 id="don-en-ligne">Don en ligne : bientôt disponible</h2>
        <p>
          Le don en ligne par carte ou TWINT, ainsi qu’une QR-facture pour un virement bancaire, arrivent très bientôt.
          En attendant, <Link to="/contact">écrivez-nous</Link> ou envoyez un email à{' '}
          <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> : nous vous transmettrons les coordonnées bancaires de
          l’association.
        </p>
      </aside>

      <section aria-labelledby="autres-facons">
        <h2 id="autres-facons">D’autres façons d’aider</h2>
        <h3>Parlez de nous</h3>
        <p>
          Partagez un événement trouvé sur l’agenda, parlez-en à votre société locale, à votre commune ou à votre salle
          préférée. Plus l’agenda est connu, plus il est complet.
        </p>
        <h3>Publiez des événements</h3>
        <p>
          Vous organisez un concert, un marché ou une fête ? <Link to="/organizer/submit-event">Ajoutez-le</Link>{' '}
          gratuitement : un agenda complet est la meilleure raison de revenir.
        </p>
        <h3>Rejoignez l’équipe de modération</h3>
        <p>
          Quelques heures par mois suffisent. Nous cherchons des bénévoles dans toutes les régions, du Chablais à
          l’Ajoie, pour relire les événements proposés. <Link to="/contact">Proposez votre aide</Link>.
        </p>
        <h3>Devenez partenaire</h3>
        <p>
          Commune, office du tourisme, entreprise ou fondation : soutenez l’agenda et gagnez en visibilité auprès du
          public romand, dans le respect de notre indépendance. <Link to="/contact">Contactez-nous</Link> pour en
          discuter.
        </p>
      </section>

      <section aria-labelledby="merci">
        <h2 id="merci">Merci !</h2>
        <p>
          <Link to="/partenaires">Merci à nos partenaires et donateurs</Link>, grâce à qui l’agenda reste gratuit et
          indépendant.
        </p>
      </section>
    </div>
  );
}
