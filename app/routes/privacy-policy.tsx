import type { MetaFunction } from '@remix-run/node';
import { Link } from '~/components/Link';
import { TitledSection } from '~/components/TitledSection';
import { pageMeta } from '~/domain/meta';
import { CONTACT_EMAIL, SITE_NAME } from '~/domain/site';

export default function PrivacyPolicyPage() {
  const mail = <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>;
  return (
    <div className="page page--prose">
      <header className="page-header">
        <h1>Politique de confidentialité</h1>
        <p className="updated">Version du 1er novembre 2026</p>
        <p className="lead">
          Nous collectons le moins de données possible et ne les vendons jamais. Cette page explique lesquelles nous
          traitons, pourquoi et comment, conformément à la loi fédérale sur la protection des données (nLPD), en vigueur
          depuis le 1er septembre 2023, et, lorsqu’il s’applique, au règlement général européen (RGPD).
        </p>
      </header>

      <TitledSection id="responsable" title="Responsable du traitement">
        <p>
          Association {SITE_NAME}, Lausanne (VD), Suisse. Pour toute question relative à vos données ou pour exercer vos
          droits : {mail} ou notre <Link to="/contact">formulaire de contact</Link>.
        </p>
      </TitledSection>

      <TitledSection id="donnees" title="Données que nous traitons">
        <h3>Si vous consultez le site</h3>
        <ul>
          <li>
            <strong>Journaux techniques</strong> : adresse IP, date et heure, page demandée, navigateur. Ils servent à
            la sécurité et au diagnostic des pannes, et sont effacés après 30 jours.
          </li>
          <li>
            <strong>Statistiques de fréquentation</strong> : pages vues, sans adresse IP ni identifiant personnel, et
            seulement si vous avez accepté les cookies de mesure d’audience.
          </li>
        </ul>
        <h3>Si vous créez un compte</h3>
        <ul>
          <li>votre adresse email et le nom affiché que vous choisissez ;</li>
          <li>
            votre mot de passe, uniquement sous forme hachée (Argon2id) : personne, pas même notre équipe, ne peut le
            lire ;
          </li>
          <li>
            votre rôle (organisateur ou administrateur), la confirmation de votre adresse et la date de création ;
          </li>
          <li>
            si vous activez les notifications, l’identifiant technique de votre navigateur nécessaire à leur envoi.
          </li>
        </ul>
        <h3>Si vous publiez un événement</h3>
        <p>
          Les informations de l’événement (titre, description, dates, lieu, prix, image, coordonnées de contact) et
          l’historique de sa modération. Les coordonnées de contact que vous indiquez sont publiques : n’y mettez pas de
          données privées que vous ne souhaitez pas voir publiées.
        </p>
        <h3>Si vous nous écrivez</h3>
        <p>Votre nom, votre adresse email et le contenu de votre message.</p>
      </TitledSection>

      <TitledSection id="finalites" title="Finalités et bases légales">
        <ul>
          <li>
            <strong>Gérer votre compte et publier vos événements</strong> : exécution du service que vous demandez (et,
            pour le RGPD, exécution d’un contrat, art. 6 al. 1 let. b).
          </li>
          <li>
            <strong>Modérer les contenus, prévenir les abus et sécuriser le site</strong> : notre intérêt légitime à
            offrir un agenda fiable et sûr.
          </li>
          <li>
            <strong>Répondre à vos messages</strong> : votre demande et notre intérêt légitime à y répondre.
          </li>
          <li>
            <strong>Mesurer l’audience et proposer des fonctions facultatives</strong> : uniquement avec votre
            consentement, que vous pouvez retirer à tout moment.
          </li>
          <li>
            <strong>Respecter nos obligations légales</strong>, par exemple en matière comptable pour les dons.
          </li>
        </ul>
        <p>Nous ne faisons ni profilage, ni publicité ciblée, ni revente de données.</p>
      </TitledSection>

      <TitledSection id="destinataires" title="Destinataires et sous-traitants">
        <p>
          Vos données ne sont accessibles qu’aux membres de l’équipe qui en ont besoin (modération, support, technique)
          et aux prestataires suivants, liés par contrat et tenus à la confidentialité :
        </p>
        <ul>
          <li>
            <strong>Hébergement</strong> : serveurs situés en Suisse ou dans l’Union européenne.
          </li>
          <li>
            <strong>Envoi d’emails</strong> (confirmation d’adresse, notification de modération) : un prestataire
            d’envoi situé en Suisse ou dans l’Union européenne.
          </li>
          <li>
            <strong>Firebase (Google)</strong> : si le site est exploité sur l’infrastructure Firebase de Google, les
            données sont stockées dans une région européenne ; Google agit comme sous-traitant, sur la base de ses
            conditions de traitement des données et des clauses contractuelles types reconnues par le PFPDT.
          </li>
          <li>
            <strong>Fonds de carte</strong> : les cartes sont affichées à partir d’un serveur de tuiles (par défaut
            OpenStreetMap) ; votre navigateur lui transmet votre adresse IP pour charger les images.
          </li>
        </ul>
        <p>Nous ne communiquons vos données à des autorités que si la loi nous y oblige.</p>
      </TitledSection>

      <TitledSection id="etranger" title="Transferts à l’étranger">
        <p>
          Nos données sont traitées en priorité en Suisse et dans l’Union européenne, dont le niveau de protection est
          reconnu adéquat par le Conseil fédéral. Si un prestataire peut accéder aux données depuis un autre pays,
          notamment les États-Unis dans le cas de Google, le transfert s’appuie sur une décision d’adéquation
          (Swiss-U.S. Data Privacy Framework, pour les entreprises certifiées) ou sur des clauses contractuelles types,
          complétées par des mesures techniques comme le chiffrement.
        </p>
      </TitledSection>

      <TitledSection id="conservation" title="Durée de conservation">
        <ul>
          <li>Compte : tant qu’il est actif ; effacé au plus tard 30 jours après votre demande de suppression.</li>
          <li>
            Événements : conservés dans les archives de l’agenda ; à la suppression du compte, ils sont détachés de
            celui-ci ou supprimés sur demande.
          </li>
          <li>Messages de contact : 12 mois après le dernier échange.</li>
          <li>Journaux techniques : 30 jours.</li>
          <li>Statistiques de fréquentation : sous forme agrégée et anonyme, sans limite.</li>
          <li>Pièces comptables liées aux dons : 10 ans, comme l’exige le Code des obligations.</li>
        </ul>
      </TitledSection>

      <TitledSection id="cookies" title="Cookies">
        <p>
          Le site ne dépose qu’un cookie indispensable, <code>__session</code>, et seulement quand il le faut : il est
          signé et inaccessible aux scripts, et contient
        </p>
        <ul>
          <li>
            <strong>votre session</strong> : vous garde connecté à votre compte ;
          </li>
          <li>
            <strong>la protection des formulaires</strong> : un secret contre les envois frauduleux ;
          </li>
          <li>
            <strong>un message</strong> à afficher après un formulaire (« Mot de passe modifié. », par exemple) ;
          </li>
          <li>
            <strong>votre choix de cookies</strong>, si votre navigateur n’exécute pas JavaScript. Sinon, ce choix reste
            dans le stockage local de votre navigateur.
          </li>
        </ul>
        <p>
          Les cookies de mesure d’audience, fonctionnels et marketing ne sont déposés qu’avec votre consentement
          explicite, catégorie par catégorie. Refuser n’empêche pas d’utiliser le site. Le bouton « Cookies », en bas de
          chaque page, rouvre vos préférences pour les modifier ou retirer votre consentement à tout moment.
        </p>
      </TitledSection>

      <TitledSection id="droits" title="Vos droits">
        <p>Vous pouvez en tout temps, gratuitement :</p>
        <ul>
          <li>obtenir l’accès aux données que nous détenons sur vous ;</li>
          <li>faire rectifier des données inexactes ;</li>
          <li>demander leur effacement ;</li>
          <li>recevoir vos données dans un format électronique courant (droit à la portabilité) ;</li>
          <li>vous opposer à un traitement ou retirer votre consentement.</li>
        </ul>
        <p>
          Écrivez-nous à {mail}. Nous répondons dans un délai de 30 jours et pouvons vous demander de prouver votre
          identité. Si vous estimez que vos droits ne sont pas respectés, vous pouvez saisir le Préposé fédéral à la
          protection des données et à la transparence (PFPDT / EDÖB) :{' '}
          <a href="https://www.edoeb.admin.ch" rel="noopener noreferrer">
            www.edoeb.admin.ch
          </a>
          .
        </p>
      </TitledSection>

      <TitledSection id="securite" title="Sécurité">
        <ul>
          <li>connexions chiffrées (HTTPS) et cookies protégés (HttpOnly, SameSite) ;</li>
          <li>mots de passe hachés avec un algorithme résistant aux attaques par force brute ;</li>
          <li>protection des formulaires contre les envois frauduleux et limitation du nombre d’envois ;</li>
          <li>accès aux données réservé aux personnes qui en ont besoin, sauvegardes régulières.</li>
        </ul>
        <p>
          En cas de violation de la sécurité présentant un risque élevé pour vous, nous en informons le PFPDT et les
          personnes concernées, comme le prévoit la nLPD.
        </p>
      </TitledSection>

      <TitledSection id="modifications" title="Modifications">
        <p>
          Nous pouvons adapter cette politique, par exemple lors de l’arrivée d’une nouvelle fonction. La version en
          vigueur est celle publiée sur cette page, avec sa date ; en cas de changement important, les titulaires d’un
          compte sont informés par email. Voir aussi nos <Link to="/legal">conditions générales d’utilisation</Link>.
        </p>
      </TitledSection>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Politique de confidentialité',
    description:
      'Quelles données Agenda romand traite, pourquoi, combien de temps, et quels sont vos droits selon la loi fédérale sur la protection des données (nLPD).',
    path: '/privacy-policy',
    matches,
  });
