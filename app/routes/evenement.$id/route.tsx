import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { getEventForViewer, similarEvents } from '~/.server/events/public';
import { seriesView } from '~/.server/events/series';
import { getCurrentUser } from '~/.server/platform/session';
import { EventCard } from '~/components/EventCard';
import { EventDates, SeriesWhen } from '~/components/EventDates';
import { LazyEventsMap } from '~/components/map/LazyEventsMap';
import { ShareButton } from '~/components/ShareButton';
import { useCategory } from '~/components/useCategories';
import { googleCalendarUrl, sbbTimetableUrl } from '~/domain/calendar-links';
import { CANTON_NAMES } from '~/domain/cantons';
import type { EventStatus } from '~/domain/event';
import { toEventCard } from '~/domain/event-card';
import { formatEventShort, formatEventWhen } from '~/domain/event-dates';
import { eventJsonLd, jsonForScript, seriesJsonLd } from '~/domain/event-jsonld';
import { actorsFor } from '~/domain/event-lifecycle';
import { imageSrcSet, imageUrl } from '~/domain/images';
import { pageMeta } from '~/domain/meta';
import { formatPrice } from '~/domain/price';
import type { loader as rootLoader } from '~/root';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await getCurrentUser(request);
  const store = context.services.store;
  const view = await getEventForViewer(store, params.id ?? '', viewer);
  if (!view) throw data({ message: 'Cet événement n’existe pas ou n’est pas public.' }, { status: 404 });
  const { event } = view;
  const now = new Date();
  return {
    event,
    isPublic: view.isPublic,
    working: view.working,
    isPast: Date.parse(event.endsAt) < now.getTime(),
    similar: (await similarEvents(store, event, now)).map(toEventCard),
    series: await seriesView(store, event, new URL(request.url).searchParams.get('date'), now),
    canManage: actorsFor(viewer, event).length > 0,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? [
        ...pageMeta({
          title: `${data.event.title} · ${data.event.city}`,
          description:
            `${formatEventWhen(data.event)} · ${data.event.venueName || data.event.city}. ${data.event.description}`.slice(
              0,
              200,
            ),
          path: `/evenement/${data.event.id}`,
          matches,
          image: data.event.image ? imageUrl(data.event.image.path, 1600) : undefined,
          type: 'article',
        }),
        ...(data.isPublic && !data.working ? [] : [{ name: 'robots', content: 'noindex' }]),
      ]
    : [];

/** What its owner or an admin is told about an event they see but the public does not (or not in this version). */
const STATUS_BANNERS: Partial<Record<EventStatus, string>> = {
  pending: 'Cet événement est en attente de modération : il n’est pas encore public.',
  rejected: 'Cet événement a été refusé par la modération : il n’est pas public.',
  withdrawn: 'Vous avez retiré cet événement avant sa publication : il n’est pas public.',
};
const REVISION_BANNER =
  'Vous voyez la version modifiée, en attente de modération. Le public voit encore la version publiée jusqu’à la décision.';

export default function EventDetailPage() {
  const { event, isPublic, working, isPast, similar, series, canManage } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const siteUrl = root?.siteUrl ?? '';
  const eventUrl = `${siteUrl}/evenement/${event.id}`;
  const category = useCategory(event.category);
  // A series: the bar gives the linked date, else the next one (a period spans its days, as the event does).
  const barDate: { startsAt: string; endsAt: string; allDay: boolean; cancelled?: boolean } =
    (series && series.kind !== 'period' ? (series.chosen ?? series.upcoming.find((d) => !d.cancelled)) : null) ?? event;
  const address = [event.street, [event.postalCode, event.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const accessibility = [
    event.accessibility.wheelchair ? 'Accessible en fauteuil roulant' : null,
    event.accessibility.hearing ? 'Équipé pour les personnes malentendantes' : null,
    event.accessibility.familyFriendly ? 'Adapté aux familles et aux enfants' : null,
  ].filter(Boolean);

  return (
    <article className="page event-detail" style={{ '--category-color': category.color } as React.CSSProperties}>
      {isPublic && !working ? (
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by jsonForScript (no <, >, &).
          dangerouslySetInnerHTML={{
            __html: jsonForScript(
              series && series.kind !== 'period'
                ? seriesJsonLd(event, siteUrl, series.chosen ? [series.chosen] : series.upcoming)
                : eventJsonLd(event, siteUrl),
            ),
          }}
        />
      ) : null}
      <p className="breadcrumb">
        <Link to="/evenements">Événements</Link> ›{' '}
        {/* A deactivated category is no filter any more: its name stays, without a link. */}
        {category.active ? <Link to={`/evenements?category=${event.category}`}>{category.label}</Link> : category.label}
      </p>
      {working ? (
        <p className="notice notice--warning" data-testid="status-banner">
          {isPublic ? REVISION_BANNER : STATUS_BANNERS[event.status]}
          {event.status === 'rejected' && event.rejectionReason ? ` Motif : ${event.rejectionReason}` : ''}
        </p>
      ) : null}
      <header className="event-detail__header">
        <p>
          {category.active ? (
            <Link to={`/evenements?category=${event.category}`} className="chip">
              {category.label}
            </Link>
          ) : (
            <span className="chip">{category.label}</span>
          )}
          {event.status === 'cancelled' ? (
            <span className="chip chip--danger" data-testid="cancelled-badge">
              Annulé
            </span>
          ) : null}
          {isPast ? (
            <span className="chip chip--muted" data-testid="past-badge">
              Événement passé
            </span>
          ) : null}
        </p>
        <h1>{event.title}</h1>
        <p className="lead">
          {series ? <SeriesWhen series={series} /> : <time dateTime={event.startsAt}>{formatEventWhen(event)}</time>}
          <br />
          {event.venueName ? `${event.venueName}, ` : ''}
          {event.city}
        </p>
      </header>

      {event.image ? (
        <img
          className="event-detail__image"
          src={imageUrl(event.image.path, 800)}
          srcSet={imageSrcSet(event.image.path)}
          sizes="(max-width: 760px) 100vw, 720px"
          width={event.image.width}
          height={event.image.height}
          alt={event.image.alt}
        />
      ) : null}

      <div className="event-detail__body">
        <div className="event-detail__main">
          {event.status === 'cancelled' ? (
            <p className="notice notice--error">Cet événement est annulé. Renseignez-vous auprès des organisateurs.</p>
          ) : null}
          {isPast ? <p className="notice">Cet événement a eu lieu ; cette page reste disponible en archive.</p> : null}
          <div className="event-detail__description">
            {event.description.split(/\n{2,}/).map((paragraph, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text never move.
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          {series ? <EventDates series={series} eventId={event.id} canManage={canManage} /> : null}
          <section aria-labelledby="where-title">
            <h2 id="where-title">Lieu</h2>
            <p>
              <strong>{event.venueName || event.city}</strong>
              <br />
              {address} ({CANTON_NAMES[event.canton]})
            </p>
            {event.lat != null && event.lng != null ? (
              <LazyEventsMap
                single
                whenVisible
                height={260}
                label={`Carte : ${event.venueName || event.city}`}
                config={root?.map ?? { tileUrl: '', attribution: '' }}
                points={[
                  {
                    id: event.id,
                    title: event.title,
                    lat: event.lat,
                    lng: event.lng,
                    startsAt: event.startsAt,
                    endsAt: event.endsAt,
                    allDay: event.allDay,
                    city: event.city,
                    category: event.category,
                  },
                ]}
              />
            ) : null}
            {!isPast ? (
              <p>
                <a href={sbbTimetableUrl(event)} rel="noopener noreferrer" className="button">
                  Y aller en transports publics (CFF)
                </a>
              </p>
            ) : null}
          </section>
        </div>

        <aside className="event-detail__facts card" aria-label="Infos pratiques">
          <dl>
            <dt>Quand</dt>
            <dd>{formatEventWhen(event)}</dd>
            <dt>Prix</dt>
            <dd data-testid="price">
              {formatPrice(event)}
              {event.priceNote ? ` · ${event.priceNote}` : ''}
            </dd>
            {event.organizerName ? (
              <>
                <dt>Organisation</dt>
                <dd>{event.organizerName}</dd>
              </>
            ) : null}
            {event.contactEmail || event.contactPhone ? (
              <>
                <dt>Contact</dt>
                <dd>
                  {event.contactEmail ? <a href={`mailto:${event.contactEmail}`}>{event.contactEmail}</a> : null}
                  {event.contactEmail && event.contactPhone ? <br /> : null}
                  {event.contactPhone ? (
                    <a href={`tel:${event.contactPhone.replace(/\s/g, '')}`}>{event.contactPhone}</a>
                  ) : null}
                </dd>
              </>
            ) : null}
            <dt>Accessibilité</dt>
            <dd>{accessibility.length ? accessibility.join(' · ') : 'Non communiquée'}</dd>
          </dl>
          {event.ticketUrl || event.websiteUrl ? (
            <div className="facts__group">
              {event.ticketUrl ? (
                <a className="button button--primary" href={event.ticketUrl} rel="noopener noreferrer">
                  Billetterie
                </a>
              ) : null}
              {event.websiteUrl ? (
                <a className="button" href={event.websiteUrl} rel="noopener noreferrer">
                  Site de l’événement
                </a>
              ) : null}
            </div>
          ) : null}
          <section className="facts__group" id="ajouter-au-calendrier" aria-labelledby="calendar-title">
            <h2 className="facts__title" id="calendar-title">
              Ajouter au calendrier
            </h2>
            <a className="button" href={`/evenement/${event.id}/calendrier.ics`} download>
              Fichier .ics (Apple, Outlook…)
            </a>
            <a className="button" href={googleCalendarUrl(event, eventUrl)} rel="noopener noreferrer">
              Google Agenda
            </a>
          </section>
          <section className="facts__group" aria-labelledby="share-title">
            <h2 className="facts__title" id="share-title">
              Partager
            </h2>
            <ShareButton url={eventUrl} title={event.title} />
          </section>
        </aside>
      </div>

      {!isPast ? (
        // On a phone: what one needs to decide, always at hand (date, price, tickets or the calendar).
        <div className="event-bar" data-testid="event-bar">
          <p className="event-bar__info">
            <time dateTime={barDate.startsAt}>{formatEventShort(barDate)}</time>
            <span>{formatPrice(event)}</span>
          </p>
          {event.status === 'cancelled' || barDate.cancelled ? (
            <span className="chip chip--danger">Annulé</span>
          ) : event.ticketUrl ? (
            <a className="button button--primary" href={event.ticketUrl} rel="noopener noreferrer">
              Billetterie
            </a>
          ) : (
            <a className="button button--primary" href="#ajouter-au-calendrier">
              Ajouter au calendrier
            </a>
          )}
        </div>
      ) : null}

      {similar.length > 0 ? (
        <section aria-labelledby="similar-title" className="similar">
          <h2 id="similar-title">Dans la même veine</h2>
          <div className="event-grid">
            {similar.map((e) => (
              <EventCard key={e.id} event={e} />
            ))}
          </div>
        </section>
      ) : null}
    </article>
  );
}
