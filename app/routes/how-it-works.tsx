import type { MetaFunction } from '@remix-run/node';
import { Link } from '~/components/Link';
import { TitledSection } from '~/components/TitledSection';
import { EDIT_STORY } from '~/domain/event-edit-story';
import { pageMeta } from '~/domain/meta';
import { SITE_NAME } from '~/domain/site';

export default function HowItWorksPage() {
  return (
    <div className="page page--prose">
      <header className="page-header">
        <h1>Comment ça marche ?</h1>
        <p className="lead">
          {SITE_NAME} rassemble les événements publics de Suisse romande. Les visiteurs les trouvent en quelques clics ;
          les organisateurs les publient gratuitement, après une relecture par notre équipe de modération.
        </p>
      </header>

      <TitledSection id="visiteurs" title="Pour les visiteurs">
        <p>Aucun compte n’est nécessaire pour consulter l’agenda.</p>
        <h3>Chercher et filtrer</h3>
        <p>
          Sur la page <Link to="/evenements">Événements</Link>, tapez un mot-clé (un artiste, une commune, « brocante »)
          puis affinez avec les filtres :
        </p>
        <ul>
          <li>
            <strong>Catégorie</strong> : musique, spectacles, marchés et brocantes, fêtes et traditions, nature et
            balades…
          </li>
          <li>
            <strong>Canton</strong> : Genève, Vaud, Valais, Neuchâtel, Fribourg, Jura ou Jura bernois ;
          </li>
          <li>
            <strong>Date</strong> : aujourd’hui, ce week-end ou une période de votre choix.
          </li>
        </ul>
        <h3>Voir sur la carte</h3>
        <p>
          Chaque événement est situé sur une carte : pratique pour repérer ce qui se passe près de chez vous ou prévoir
          le trajet en transports publics.
        </p>
        <h3>Ajouter à votre calendrier</h3>
        <p>
          Depuis la fiche d’un événement, le bouton « Ajouter à mon calendrier » télécharge un fichier au format
          iCalendar (.ics), que reconnaissent Google Agenda, Apple Calendrier, Outlook et la plupart des agendas.
        </p>
        <h3>S’abonner à un flux</h3>
        <p>
          Vous suivez une catégorie ou une région en particulier ? Abonnez-vous à son flux : les nouveaux événements
          apparaîtront automatiquement dans votre application de calendrier ou votre lecteur de flux, sans créer de
          compte.
        </p>
      </TitledSection>

      <TitledSection id="organisateurs" title="Pour les organisateurs : publier en six étapes">
        <p>
          Publier sur {SITE_NAME} est gratuit, que vous soyez une société locale, une salle de spectacle, une commune ou
          une personne qui organise un événement ouvert au public.
        </p>
        <ol className="steps">
          <li>
            <strong>Créez un compte</strong> sur la page <Link to="/auth/register">Inscription</Link>, avec une adresse
            email et un mot de passe.
          </li>
          <li>
            <strong>Vérifiez votre adresse email</strong> en cliquant sur le lien que nous vous envoyons. Pensez à
            regarder dans vos indésirables si le message n’arrive pas.
          </li>
          <li>
            <strong>Cliquez sur « Ajouter un événement »</strong>, en haut de chaque page, ou rendez-vous directement
            sur <Link to="/organizer/submit-event">le formulaire de publication</Link>.
          </li>
          <li>
            <strong>Remplissez le formulaire</strong>, rubrique par rubrique :
            <ul>
              <li>
                <strong>Quoi</strong> : titre, catégorie et description ;
              </li>
              <li>
                <strong>Quand</strong> : date et heure de début, et de fin si l’événement dure ;
              </li>
              <li>
                <strong>Où</strong> : nom du lieu, adresse, commune et canton ;
              </li>
              <li>
                <strong>Prix & billets</strong> : gratuit, prix en CHF, lien vers la billetterie ;
              </li>
              <li>
                <strong>Contact</strong> : site web, email ou téléphone de l’organisateur ;
              </li>
              <li>
                <strong>Image</strong> : une affiche ou une photo (facultative mais vivement conseillée).
              </li>
            </ul>
          </li>
          <li>
            <strong>Envoyez</strong> : votre événement part en modération. Vous le retrouvez dans votre tableau de bord
            avec le statut « en attente ».
          </li>
          <li>
            <strong>Recevez la réponse</strong> par email : votre événement est publié, ou nous vous expliquons ce qu’il
            faut corriger.
          </li>
        </ol>
      </TitledSection>

      <TitledSection id="moderation" title="La modération">
        <p>
          Chaque événement est relu par une personne de notre équipe avant d’être visible. Cela garantit un agenda
          fiable, sans spam ni doublons.
        </p>
        <ul>
          <li>
            <strong>Délais</strong> : en général dans les 24 heures les jours ouvrables, et dans les 48 heures le
            week-end et les jours fériés. Soumettez votre événement au moins une semaine à l’avance.
          </li>
          <li>
            <strong>Modifications</strong> : vous pouvez modifier vos événements depuis votre tableau de bord. Le public
            ne voit jamais que ce que notre équipe a relu ; ce que devient une modification dépend de l’état de
            l’événement (le formulaire de modification vous le rappelle) :
            <ul data-testid="edit-story">
              {Object.values(EDIT_STORY).map((c) => (
                <li key={c.situation}>
                  {c.situation} : {c.effect}
                </li>
              ))}
            </ul>
          </li>
          <li>
            <strong>Annulation</strong> : « Annuler l’événement », dans votre tableau de bord, vous demande de
            confirmer. Un événement déjà publié reste visible avec la mention « Annulé », pour prévenir le public ; un
            événement pas encore publié est simplement retiré et ne sera pas publié. Dans les deux cas, « Rétablir » le
            remet dans l’état d’avant.
          </li>
        </ul>
        <h3>Ce que nous acceptons</h3>
        <ul>
          <li>les événements publics qui ont lieu en Suisse romande (GE, VD, VS, NE, FR, JU et Jura bernois) ;</li>
          <li>ouverts à toutes et à tous, gratuits ou payants ;</li>
          <li>avec une date, un lieu précis et un organisateur réel et identifiable.</li>
        </ul>
        <h3>Ce que nous refusons</h3>
        <ul>
          <li>les événements privés (mariages, anniversaires, soirées sur invitation) ;</li>
          <li>les annonces commerciales sans véritable événement (soldes, promotions, offres d’emploi) ;</li>
          <li>les contenus discriminatoires, haineux, violents ou contraires au droit suisse ;</li>
          <li>les événements qui se déroulent hors de Suisse romande ;</li>
          <li>les doublons d’un événement déjà publié.</li>
        </ul>
      </TitledSection>

      <TitledSection id="images" title="Les images">
        <ul>
          <li>Formats acceptés : JPEG, PNG, WebP ou AVIF, jusqu’à 8 Mo.</li>
          <li>
            Préférez le format paysage (idéalement 1600 × 900 pixels) : l’image est recadrée dans les listes
            d’événements.
          </li>
          <li>
            Évitez les affiches couvertes de texte, illisibles en petit : les informations figurent déjà dans la fiche.
          </li>
          <li>
            Décrivez l’image en une phrase (texte alternatif) pour les personnes qui utilisent un lecteur d’écran.
          </li>
          <li>
            Vous devez détenir les droits sur l’image (photo prise par vous, visuel fourni par l’artiste ou par
            l’organisateur) et citer le nom du ou de la photographe si nécessaire.
          </li>
        </ul>
      </TitledSection>

      <TitledSection id="conseils" title="Conseils pour une bonne annonce">
        <ul>
          <li>Un titre clair et court : « Concert de l’Avent du Chœur mixte de Bulle » plutôt que « CONCERT !!! ».</li>
          <li>
            Une description qui répond aux questions du public : pour qui, quel programme, combien de temps, faut-il
            réserver ?
          </li>
          <li>Une adresse complète, pour que l’événement apparaisse au bon endroit sur la carte.</li>
          <li>
            Les informations pratiques : accès en transports publics, parking, accessibilité, langue de l’événement.
          </li>
          <li>Un lien vers la billetterie ou le site officiel, pour que le public puisse vérifier et réserver.</li>
          <li>
            Un festival sur plusieurs jours tient en une seule annonce, avec une date de début et une date de fin : ne
            publiez pas deux fois le même événement.
          </li>
        </ul>
      </TitledSection>

      <aside className="callout" aria-labelledby="questions">
        <h2 id="questions">Encore une question ?</h2>
        <p>
          Consultez la <Link to="/faq">foire aux questions</Link> ou <Link to="/contact">écrivez-nous</Link>.
        </p>
      </aside>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Comment ça marche ?',
    description:
      'Trouver un événement en Suisse romande ou publier le vôtre gratuitement : recherche, filtres, étapes de publication et règles de modération.',
    path: '/how-it-works',
    matches,
  });
