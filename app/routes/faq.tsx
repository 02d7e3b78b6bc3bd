import type { MetaFunction } from '@remix-run/node';
import type { ReactNode } from 'react';
import { Link } from '~/components/Link';
import { pageMeta } from '~/domain/meta';
import { CONTACT_EMAIL, SITE_NAME } from '~/domain/site';

interface FaqItem {
  question: string;
  answer: ReactNode;
}

interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

const mail = <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>;

const GROUPS: FaqGroup[] = [
  {
    id: 'visiteurs',
    title: 'Visiteurs',
    items: [
      {
        question: `${SITE_NAME} est-il gratuit ?`,
        answer: (
          <p>
            Oui, entièrement. Consulter l’agenda est gratuit et sans inscription ; publier un événement est gratuit lui
            aussi. Le site ne contient pas de publicité : il est financé par l’association, ses membres, ses partenaires
            et les dons.
          </p>
        ),
      },
      {
        question: 'Quelles régions l’agenda couvre-t-il ?',
        answer: (
          <p>
            Toute la Suisse romande : Genève, Vaud, Valais, Neuchâtel, Fribourg, Jura et le Jura bernois (la partie
            francophone du canton de Berne). Vous pouvez filtrer les événements par canton sur la page{' '}
            <Link to="/evenements">Événements</Link>.
          </p>
        ),
      },
      {
        question: 'Comment ajouter un événement à mon calendrier ?',
        answer: (
          <p>
            Sur la fiche de l’événement, cliquez sur « Ajouter à mon calendrier ». Un fichier .ics est téléchargé :
            ouvrez-le, et votre application (Google Agenda, Apple Calendrier, Outlook…) propose d’ajouter l’événement
            avec sa date, son heure et son adresse.
          </p>
        ),
      },
      {
        question: 'Comment m’abonner aux événements d’une catégorie ?',
        answer: (
          <p>
            Choisissez une catégorie (par exemple Musique ou Marchés & brocantes) puis utilisez le lien « S’abonner ».
            Copiez l’adresse du flux dans votre application de calendrier ou votre lecteur de flux : les nouveaux
            événements publiés dans cette catégorie y apparaîtront automatiquement, sans compte à créer.
          </p>
        ),
      },
    ],
  },
  {
    id: 'organisateurs',
    title: 'Organisateurs',
    items: [
      {
        question: 'Comment publier mon événement ?',
        answer: (
          <p>
            Créez un compte sur la page <Link to="/auth/register">Inscription</Link>, confirmez votre adresse email,
            puis cliquez sur <Link to="/organizer/submit-event">« Ajouter un événement »</Link>. Remplissez le
            formulaire (quoi, quand, où, prix et billets, contact, image) et envoyez-le. Le détail des étapes figure sur
            la page <Link to="/how-it-works">Comment ça marche ?</Link>
          </p>
        ),
      },
      {
        question: 'Combien de temps prend la modération ?',
        answer: (
          <p>
            En général moins de 24 heures les jours ouvrables, et jusqu’à 48 heures le week-end et les jours fériés.
            Vous recevez un email dès que votre événement est publié. Pensez à le soumettre au moins une semaine à
            l’avance.
          </p>
        ),
      },
      {
        question: 'Pourquoi mon événement a-t-il été refusé ?',
        answer: (
          <>
            <p>
              L’email de refus indique toujours la raison. Les cas les plus fréquents : événement privé ou sur
              invitation, annonce commerciale sans véritable événement, lieu situé hors de Suisse romande, informations
              incomplètes (date, adresse, organisateur), doublon d’un événement déjà publié, ou contenu contraire à nos{' '}
              <Link to="/legal">conditions générales</Link>.
            </p>
            <p>Si le problème peut être corrigé, modifiez l’événement et soumettez-le à nouveau.</p>
          </>
        ),
      },
      {
        question: 'Puis-je modifier mon événement après sa publication ?',
        answer: (
          <p>
            Oui, depuis votre tableau de bord. Chaque modification repasse en modération ; en attendant, la version déjà
            publiée reste en ligne. Un changement d’horaire ou de lieu ? Mettez-le à jour dès que possible.
          </p>
        ),
      },
      {
        question: 'Quelles images sont acceptées ?',
        answer: (
          <p>
            Les fichiers JPEG, PNG, WebP ou AVIF jusqu’à 8 Mo, de préférence au format paysage. Vous devez détenir les
            droits sur l’image (votre photo, ou un visuel fourni par l’artiste ou l’organisateur). Évitez les affiches
            chargées de texte, peu lisibles en petit.
          </p>
        ),
      },
      {
        question: 'Mon événement est annulé : que faire ?',
        answer: (
          <p>
            Signalez-le depuis votre tableau de bord (« Annuler l’événement ») : s’il était publié, la fiche reste
            visible avec la mention « Annulé », pour que le public qui l’avait repérée en soit informé ; s’il ne l’était
            pas encore, il est retiré sans être publié. « Rétablir » annule votre annulation. En cas de difficulté,
            écrivez-nous à {mail} en précisant le titre et la date de l’événement.
          </p>
        ),
      },
    ],
  },
  {
    id: 'compte-et-donnees',
    title: 'Compte et données',
    items: [
      {
        question: 'Comment supprimer mon compte ?',
        answer: (
          <p>
            Vous pouvez demander la suppression de votre compte depuis <Link to="/organizer/profile">Mon profil</Link>{' '}
            ou en nous écrivant à {mail} depuis l’adresse liée au compte. Vos données personnelles sont alors effacées ;
            les événements passés peuvent être conservés sous forme anonymisée. Les détails figurent dans notre{' '}
            <Link to="/privacy-policy">politique de confidentialité</Link>.
          </p>
        ),
      },
      {
        question: 'Quels cookies le site utilise-t-il ?',
        answer: (
          <p>
            Seuls les cookies nécessaires sont déposés d’office : la session de connexion, la protection des formulaires
            (CSRF) et la mémorisation de votre choix de cookies. Les cookies de mesure d’audience, fonctionnels ou
            marketing ne sont utilisés qu’avec votre accord. Le bouton « Cookies », en bas de page, permet de modifier
            votre choix à tout moment.
          </p>
        ),
      },
      {
        question: 'J’ai oublié mon mot de passe.',
        answer: (
          <p>
            Rendez-vous sur la page <Link to="/auth/forgot-password">Mot de passe oublié</Link> et indiquez votre
            adresse email : vous recevrez un lien pour en choisir un nouveau.
          </p>
        ),
      },
      {
        question: 'Comment soutenir l’agenda ?',
        answer: (
          <p>
            En faisant un don, en devenant membre ou partenaire de l’association, en parlant de l’agenda autour de vous
            ou en rejoignant l’équipe de modération bénévole. Toutes les possibilités sont sur la page{' '}
            <Link to="/support-us">Nous soutenir</Link>.
          </p>
        ),
      },
      {
        question: 'Comment vous contacter ?',
        answer: (
          <p>
            Par notre <Link to="/contact">formulaire de contact</Link> ou par email à {mail}. Nous répondons en général
            sous deux jours ouvrables. Pour une question sur un événement précis (horaire, billets), adressez-vous
            directement à son organisateur : ses coordonnées figurent sur la fiche.
          </p>
        ),
      },
    ],
  },
];

export default function FaqPage() {
  return (
    <div className="page page--prose">
      <header className="page-header">
        <h1>Questions fréquentes</h1>
        <p className="lead">
          Les réponses aux questions qu’on nous pose le plus souvent. Vous ne trouvez pas la vôtre ?{' '}
          <Link to="/contact">Écrivez-nous</Link>.
        </p>
      </header>

      {GROUPS.map((group) => (
        <section key={group.id} aria-labelledby={group.id}>
          <h2 id={group.id}>{group.title}</h2>
          {group.items.map((item) => (
            <details key={item.question} className="faq-item">
              <summary>{item.question}</summary>
              <div>{item.answer}</div>
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'FAQ',
    description:
      'Questions fréquentes sur Agenda romand : gratuité, régions couvertes, calendrier, publication et modération des événements, compte et données.',
    path: '/faq',
    matches,
  });
