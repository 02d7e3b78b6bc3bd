import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { managedDates } from '~/.server/events/cancel-date';
import { eventForEditing } from '~/.server/events/submissions';
import { asWholeSeries } from '~/.server/events/whole-series';
import { orErrorPage } from '~/.server/platform/refusal';
import { requireUser } from '~/.server/platform/session';
import { EventCard } from '~/components/EventCard';
import { Link } from '~/components/Link';
import { ScheduleSummary } from '~/components/ScheduleSummary';
import { useCategory } from '~/components/useCategories';
import { cantonAfter } from '~/domain/cantons';
import { formatDayOf } from '~/domain/dates';
import { toEventCard } from '~/domain/event-card';
import { formatEventWhen } from '~/domain/event-dates';
import { REVIEW_DELAY, reviewMayComeLate } from '~/domain/event-edit-story';
import { imageUrl } from '~/domain/images';
import { pageMeta } from '~/domain/meta';
import { performersText } from '~/domain/performers';
import { formatPrice } from '~/domain/price';
import { summariseSchedule } from '~/domain/schedule-preview';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context.services);
  // Someone else's event, or none: a 404 on the error page, as if it did not exist (as its edit page).
  const event = await orErrorPage(eventForEditing(context.services, user, params.id ?? ''));
  const dates = await managedDates(context.services, event);
  return {
    event,
    // Its card as the public list will show it: a series with its rule and number of dates, those that take place (as
    // its dashboard and the list count them: a cancelled date is not one).
    card: toEventCard(asWholeSeries(event, dates.length ? dates.filter((d) => !d.cancelled).length : undefined)),
    edited: new URL(request.url).searchParams.get('modifie') === '1',
    late: reviewMayComeLate(event, new Date()),
    // A series as the form's preview showed it, and as the moderator will read it.
    schedule: event.schedule ? summariseSchedule(event.schedule) : null,
    // Its upcoming dates shown « Annulé » (a date put into « Sauf les dates » once public is cancelled, decision 068).
    cancelled: dates.filter((d) => d.cancelled).map((d) => formatDayOf(new Date(d.startsAt), 'weekdayYear')),
  };
}

const STATUS_TEXT = {
  pending: 'en attente de modération',
  approved: 'publié',
  rejected: 'refusé',
  cancelled: 'annulé',
  withdrawn: 'retiré (pas public)',
} as const;

export default function EventConfirmationPage() {
  const { event, card, edited, schedule, cancelled, late } = useLoaderData<typeof loader>();
  // Without a point (a locality and an NPA the list does not know), not on the map nor « Autour de » (issue 70).
  const noPoint = event.lat == null || event.lng == null;
  const category = useCategory(event.category);
  return (
    <div className="page page--narrow confirmation">
      <header className="page-header">
        <h1>{edited ? 'Modifications enregistrées' : 'Merci, votre événement est envoyé\u202f!'}</h1>
        <p className="lead" data-testid="confirmation-status">
          Statut : <strong>{STATUS_TEXT[event.status]}</strong>
          {event.revision ? ' · modification en attente de modération' : ''}
        </p>
      </header>
      {event.revision ? (
        <p className="notice" data-testid="revision-note">
          Vos changements sont relus par notre équipe avant d’être publiés. D’ici là, le public voit toujours la version
          publiée de l’événement.
        </p>
      ) : null}
      {noPoint ? (
        <p className="notice" data-testid="confirmation-no-point">
          Ce lieu n’a pas de point sur la carte : l’événement n’apparaîtra ni sur la carte ni dans « Autour de » tant
          qu’il n’en a pas. Pour lui en donner un, « Modifier », puis choisissez la localité dans la liste, donnez un
          NPA connu ou placez le repère à la main (avec JavaScript) ; notre équipe peut aussi le placer.
        </p>
      ) : null}
      <section aria-labelledby="preview-title" className="confirmation__preview">
        <h2 id="preview-title">Dans l’agenda, il apparaîtra ainsi</h2>
        <div className="confirmation__card" data-testid="confirmation-card">
          <EventCard event={card} />
        </div>
      </section>
      <section className="card confirmation__details" aria-labelledby="summary-title">
        <h2 id="summary-title">{event.title}</h2>
        {event.image ? (
          <img
            className="confirmation__image"
            src={imageUrl(event.image.path, 400)}
            alt={event.image.alt}
            width={400}
            height={225}
          />
        ) : null}
        <dl className="details-list">
          <dt>Catégorie</dt>
          <dd>{category.label}</dd>
          {event.performers?.length ? (
            <>
              <dt>Artistes, intervenants</dt>
              <dd>{performersText(event.performers)}</dd>
            </>
          ) : null}
          <dt>Quand</dt>
          <dd>
            {schedule ? <ScheduleSummary summary={schedule} testId="confirmation-schedule" /> : formatEventWhen(event)}
          </dd>
          {cancelled.length ? (
            <>
              <dt>Dates annulées</dt>
              <dd data-testid="confirmation-cancelled">
                {cancelled.join(' · ')}.{' '}
                {cancelled.length > 1
                  ? 'Le public les voit «\u00a0Annulé\u00a0»\u202f; vous pouvez les rétablir depuis le tableau de bord.'
                  : 'Le public la voit «\u00a0Annulé\u00a0»\u202f; vous pouvez la rétablir depuis le tableau de bord.'}
              </dd>
            </>
          ) : null}
          <dt>Où</dt>
          <dd>
            {event.venueName}, {event.postalCode} {event.city}
            {cantonAfter(event.city, event.canton)}
          </dd>
          <dt>Prix</dt>
          <dd>
            {formatPrice(event)}
            {event.priceNote ? ` · ${event.priceNote}` : ''}
          </dd>
          {event.image ? null : (
            <>
              <dt>Image</dt>
              <dd>Aucune : vous pouvez en ajouter une en modifiant l’événement.</dd>
            </>
          )}
        </dl>
      </section>
      {event.status === 'pending' ? (
        <section aria-labelledby="next-title">
          <h2 id="next-title">Et maintenant ?</h2>
          <ol className="steps">
            <li>
              Notre équipe relit l’événement, {REVIEW_DELAY}.
              {late ? (
                <strong className="confirmation__late" data-testid="review-late">
                  {' '}
                  {late}
                </strong>
              ) : null}
            </li>
            <li>
              Vous le verrez passer en « publiés » dans votre tableau de bord ; s’il est refusé, le motif y sera
              indiqué.
            </li>
            <li>
              Une fois publié, il apparaît dans l’agenda, la recherche
              {noPoint ? ' et les flux (sans point, pas sur la carte)' : ', la carte et les flux'}.
            </li>
          </ol>
        </section>
      ) : null}
      <p className="actions">
        <Link to={`/organizer/edit-event/${event.id}`} className="button">
          Modifier
        </Link>
        <Link to="/organizer/submit-event" className="button">
          Ajouter un autre événement
        </Link>
        <Link to="/dashboard" className="button button--primary">
          Tableau de bord
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Événement envoyé',
    description: 'Votre événement est en attente de modération.',
    path: '/organizer/event-confirmation',
    matches,
  });
