import type { MetaFunction } from '@remix-run/node';
import { Link } from '~/components/Link';
import { TitledSection } from '~/components/TitledSection';
import { CANTON_CODES, CANTON_NAMES } from '~/domain/cantons';
import { pageMeta } from '~/domain/meta';
import { CONTACT_EMAIL, SITE_NAME } from '~/domain/site';

export default function AboutPage() {
  return (
    <div className="page page--prose">
      <header className="page-header">
        <h1>À propos d’{SITE_NAME}</h1>
        <p className="lead">
          {SITE_NAME} est l’agenda des événements de Suisse romande : concerts, spectacles, marchés, fêtes de village,
          expositions, balades et ateliers, de Genève au Jura bernois. Un seul endroit pour savoir quoi faire près de
          chez vous, gratuit pour celles et ceux qui cherchent comme pour celles et ceux qui organisent.
        </p>
      </header>

      <TitledSection id="qui-sommes-nous" title="Qui sommes-nous ?">
        <p>
          {SITE_NAME} est édité par l’Association {SITE_NAME}, une association à but non lucratif au sens des articles
          60 et suivants du Code civil suisse, dont le siège est à Lausanne. Elle réunit des bénévoles passionnés de vie
          culturelle et associative : programmatrices de salles, membres de sociétés locales, développeurs et
          journalistes.
        </p>
        <p>
          Nous sommes indépendants : aucun groupe de presse, aucune billetterie ni aucune collectivité publique ne
          décide de ce qui est publié, et l’agenda n’affiche pas de publicité. Consulter l’agenda est gratuit, et
          publier un événement l’est aussi.
        </p>
      </TitledSection>

      <TitledSection id="mission" title="Notre mission">
        <p>
          En Suisse romande, l’information sur les événements est dispersée : sites communaux, pages de sociétés
          locales, réseaux sociaux, affiches chez le boulanger. Résultat : on apprend souvent trop tard qu’un concert ou
          un marché avait lieu à deux villages de chez soi.
        </p>
        <p>Notre mission est simple :</p>
        <ul>
          <li>rassembler en un seul lieu les événements publics de toute la Suisse romande ;</li>
          <li>
            donner aux petits organisateurs — la fanfare, le ciné-club, la ludothèque — la même visibilité qu’aux
            grandes salles ;
          </li>
          <li>offrir une information fiable, vérifiée par une modération humaine avant publication.</li>
        </ul>
      </TitledSection>

      <TitledSection id="couverture" title="Ce que couvre l’agenda">
        <p>L’agenda couvre les sept régions francophones de Suisse :</p>
        <ul>
          {CANTON_CODES.map((code) => (
            <li key={code}>
              {CANTON_NAMES[code]}
              {code === 'BE' ? ' (partie francophone du canton de Berne : Moutier, Saint-Imier, Tavannes…)' : null}
            </li>
          ))}
        </ul>
        <p>
          On y trouve douze catégories, de la musique aux balades nature en passant par les comptoirs, les brocantes, la
          gastronomie du terroir et la vie locale. Les événements bilingues de Fribourg, de Bienne ou du Valais central
          sont les bienvenus, pour autant qu’ils soient ouverts au public romand.
        </p>
      </TitledSection>

      <TitledSection id="valeurs" title="Nos valeurs">
        <h3>Local</h3>
        <p>
          Nous privilégions la proximité : une soirée de jass au café du village a autant sa place qu’un festival. Les
          événements sont classés par canton et par commune pour que chacun trouve ce qui se passe près de chez soi.
        </p>
        <h3>Attentifs aux réalités de la frontière des langues</h3>
        <p>
          La Suisse romande vit aux côtés de la Suisse alémanique : Fribourg, Bienne, Sierre ou le Jura bernois sont des
          régions où l’on passe d’une langue à l’autre. Nous acceptons les événements bilingues et indiquons la langue
          lorsque c’est utile, sans exclure personne.
        </p>
        <h3>Accessible</h3>
        <p>
          Le site est conçu pour fonctionner sur tous les appareils, même sans JavaScript, au clavier et avec un lecteur
          d’écran. Nous encourageons les organisateurs à préciser l’accessibilité de leur lieu (accès en fauteuil,
          boucle magnétique, places réservées).
        </p>
        <h3>Respectueux de la vie privée</h3>
        <p>
          Pas de publicité ciblée, pas de revente de données. Nous ne collectons que le strict nécessaire et appliquons
          la loi fédérale sur la protection des données (nLPD). Les détails figurent dans notre{' '}
          <Link to="/privacy-policy">politique de confidentialité</Link>.
        </p>
      </TitledSection>

      <TitledSection id="association" title="L’association">
        <p>
          L’Association {SITE_NAME} a été fondée à Lausanne par une poignée de bénévoles venus de plusieurs cantons
          romands. Elle est dirigée par un comité élu par l’assemblée générale, qui se réunit une fois par an. Ses
          comptes sont vérifiés chaque année et présentés aux membres.
        </p>
        <ul>
          <li>
            <strong>Le comité</strong> fixe les règles de publication et veille à l’indépendance de l’agenda.
          </li>
          <li>
            <strong>L’équipe de modération</strong>, composée de bénévoles répartis dans les sept régions, relit chaque
            événement avant sa mise en ligne.
          </li>
          <li>
            <strong>L’équipe technique</strong> développe et maintient le site, hébergé en Suisse et en Europe.
          </li>
        </ul>
        <p>
          Toute personne qui partage nos valeurs peut devenir membre ou rejoindre l’équipe de modération : il suffit de
          nous écrire.
        </p>
      </TitledSection>

      <TitledSection id="nous-joindre" title="Nous joindre">
        <p>
          Une question, une erreur à signaler, une idée de partenariat ? Utilisez notre{' '}
          <Link to="/contact">formulaire de contact</Link> ou écrivez-nous à{' '}
          <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. Nous répondons en général sous deux jours ouvrables.
        </p>
        <p>
          Association {SITE_NAME}
          <br />
          Lausanne (VD), Suisse
        </p>
      </TitledSection>

      <aside className="callout" aria-labelledby="soutenir">
        <h2 id="soutenir">Soutenir un agenda libre et gratuit</h2>
        <p>
          {SITE_NAME} vit grâce aux dons, aux membres et aux partenaires. Si l’agenda vous est utile, découvrez comment{' '}
          <Link to="/support-us">nous soutenir</Link>.
        </p>
      </aside>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'À propos',
    description:
      'Agenda romand, l’agenda indépendant et gratuit des événements de Suisse romande, de Genève au Jura bernois, porté par une association.',
    path: '/about',
    matches,
  });
