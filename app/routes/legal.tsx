import type { MetaFunction } from '@remix-run/node';
import { Link } from '~/components/Link';
import { TitledSection } from '~/components/TitledSection';
import { LOCALITY_ATTRIBUTION } from '~/domain/locality-attribution';
import { pageMeta } from '~/domain/meta';
import { CONTACT_EMAIL, SITE_NAME } from '~/domain/site';

export default function LegalPage() {
  return (
    <div className="page page--prose">
      <header className="page-header">
        <h1>Conditions générales d’utilisation</h1>
        <p className="updated">Version du 1er novembre 2026</p>
        <p className="lead">
          Les présentes conditions générales d’utilisation (« CGU ») règlent l’utilisation du site {SITE_NAME} par ses
          visiteurs et par les personnes qui y publient des événements. En utilisant le site, vous les acceptez.
        </p>
      </header>

      <TitledSection id="objet" title="1. Objet">
        <p>
          {SITE_NAME} est un agenda en ligne des événements publics de Suisse romande (Genève, Vaud, Valais, Neuchâtel,
          Fribourg, Jura et Jura bernois). Il est édité par l’Association {SITE_NAME}, association à but non lucratif
          dont le siège est à Lausanne (ci-après « l’association » ou « nous »).
        </p>
        <p>
          Le site permet aux visiteurs de consulter des événements et aux organisateurs inscrits de proposer des
          événements, publiés après modération.
        </p>
      </TitledSection>

      <TitledSection id="acces" title="2. Accès au site">
        <p>
          La consultation du site est libre, gratuite et ne nécessite pas de compte. La publication d’événements est
          gratuite et nécessite un compte.
        </p>
        <p>
          Nous nous efforçons de maintenir le site accessible en permanence, sans pouvoir le garantir : il peut être
          interrompu pour maintenance, mise à jour ou en cas de panne, sans préavis ni indemnité.
        </p>
      </TitledSection>

      <TitledSection id="comptes" title="3. Comptes utilisateurs">
        <ul>
          <li>
            Le compte est personnel. Vous fournissez une adresse email valide que vous confirmez lors de l’inscription.
          </li>
          <li>
            Vous gardez votre mot de passe confidentiel et êtes responsable de l’utilisation de votre compte. En cas
            d’usage abusif, prévenez-nous sans délai.
          </li>
          <li>
            Un compte peut représenter une organisation (société locale, salle, commune) ; la personne qui le crée
            déclare être autorisée à agir en son nom.
          </li>
          <li>
            Vous pouvez demander la suppression de votre compte à tout moment. Nous pouvons suspendre ou supprimer un
            compte qui enfreint les présentes CGU, après avertissement sauf en cas d’abus grave.
          </li>
        </ul>
      </TitledSection>

      <TitledSection id="obligations" title="4. Obligations des organisateurs">
        <p>En proposant un événement, vous garantissez que :</p>
        <ul>
          <li>
            les informations sont exactes, complètes et à jour (date, horaire, lieu, prix, organisateur), et vous les
            corrigez rapidement en cas de changement ou d’annulation ;
          </li>
          <li>
            l’événement est public, a lieu en Suisse romande et est organisé par une personne ou une entité réelle ;
          </li>
          <li>
            vous détenez les droits sur les textes et images transmis (droits d’auteur, droit à l’image des personnes
            représentées) ou l’autorisation de leurs titulaires ;
          </li>
          <li>
            le contenu ne viole pas le droit suisse : pas de propos discriminatoires ou haineux, pas d’atteinte à la
            personnalité, pas de promotion d’activités illicites, pas de publicité trompeuse ;
          </li>
          <li>l’événement n’est pas déjà publié sur le site (pas de doublon).</li>
        </ul>
        <p>
          Vous accordez à l’association, gratuitement et pour la durée de la publication, le droit non exclusif de
          reproduire et diffuser les contenus transmis sur le site, dans ses flux et exports de calendrier et sur ses
          réseaux sociaux, dans le but de faire connaître l’événement. Vous garantissez l’association contre toute
          prétention de tiers liée à ces contenus.
        </p>
      </TitledSection>

      <TitledSection id="moderation" title="5. Modération">
        <p>
          Chaque événement est relu avant publication. L’association peut, à sa libre appréciation, refuser un
          événement, demander des corrections, corriger une erreur manifeste, recadrer une image ou retirer un événement
          déjà publié, notamment s’il contrevient aux présentes CGU ou aux règles de publication décrites sur la page{' '}
          <Link to="/how-it-works">Comment ça marche ?</Link> En cas de refus ou de retrait, elle en indique brièvement
          la raison à l’organisateur.
        </p>
        <p>
          Toute modification d’un événement publié est soumise à une nouvelle modération. La publication d’un événement
          ne constitue pas un droit.
        </p>
      </TitledSection>

      <TitledSection id="responsabilite" title="6. Responsabilité">
        <p>
          Les informations relatives aux événements sont fournies par leurs organisateurs, qui en sont seuls
          responsables. Malgré la modération, l’association ne peut garantir leur exactitude ni leur exhaustivité : un
          horaire peut changer, un événement être complet ou annulé. Avant de vous déplacer ou d’acheter un billet,
          vérifiez les informations auprès de l’organisateur.
        </p>
        <p>
          L’association n’est pas partie aux relations entre visiteurs et organisateurs, notamment à la vente de
          billets, et n’organise pas les événements annoncés. Elle n’est pas responsable du contenu des sites externes
          vers lesquels le site renvoie.
        </p>
        <p>
          Dans les limites permises par la loi, l’association exclut toute responsabilité pour les dommages résultant de
          l’utilisation du site ou de l’impossibilité d’y accéder, sauf en cas de faute intentionnelle ou de négligence
          grave.
        </p>
      </TitledSection>

      <TitledSection id="propriete-intellectuelle" title="7. Propriété intellectuelle">
        <p>
          Le nom {SITE_NAME}, le logo, la présentation du site et ses textes éditoriaux appartiennent à l’association.
          Les textes et images des événements restent la propriété de leurs auteurs, sous réserve de la licence accordée
          à l’article 4.
        </p>
        <p>
          Vous pouvez partager librement les liens vers les pages du site. Toute reprise systématique ou automatisée de
          son contenu (par exemple pour alimenter un autre agenda) nécessite notre accord écrit préalable.
        </p>
        <p data-testid="geonames-credit">
          {'Les localités, leurs NPA et leurs coordonnées (le répertoire des localités)\u00a0: '}
          <a href="https://www.geonames.org">{LOCALITY_ATTRIBUTION}</a>.
        </p>
      </TitledSection>

      <TitledSection id="donnees" title="8. Données personnelles">
        <p>
          Le traitement de vos données personnelles est décrit dans notre{' '}
          <Link to="/privacy-policy">politique de confidentialité</Link>, conforme à la loi fédérale sur la protection
          des données (nLPD).
        </p>
      </TitledSection>

      <TitledSection id="modifications" title="9. Modifications des CGU">
        <p>
          L’association peut modifier les présentes CGU à tout moment. La version en vigueur est celle publiée sur cette
          page, avec sa date. En cas de modification importante, les titulaires d’un compte en sont informés par email.
          Continuer à utiliser le site après une modification vaut acceptation de la nouvelle version.
        </p>
      </TitledSection>

      <TitledSection id="droit-applicable" title="10. Droit applicable et for">
        <p>
          Les présentes CGU sont soumises au droit suisse. Tout litige relatif à leur interprétation ou à leur exécution
          relève de la compétence exclusive des tribunaux ordinaires de Lausanne (canton de Vaud), sous réserve des fors
          impératifs prévus par la loi, notamment en faveur des consommateurs.
        </p>
      </TitledSection>

      <TitledSection id="contact" title="11. Contact">
        <p>
          Pour toute question sur ces conditions : <Link to="/contact">formulaire de contact</Link> ou{' '}
          <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
        </p>
      </TitledSection>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Conditions générales d’utilisation',
    description:
      'Conditions générales d’utilisation d’Agenda romand : accès, comptes, obligations des organisateurs, modération, responsabilité et droit applicable.',
    path: '/legal',
    matches,
  });
