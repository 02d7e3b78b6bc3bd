// /evenement/:id: an event's page — what, when, where, the practical facts, and events like it.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, type HeadersFunction } from '@remix-run/node';
import { useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { dayStatusView } from '~/.server/events/day-status';
import { getEventForViewer, schoolHolidays, similarEvents } from '~/.server/events/public';
import { type SeriesDate, seriesView } from '~/.server/events/series';
import { eventObjectPathNow } from '~/.server/federation/page-targets';
import { eventGoogleCalendarUrl } from '~/.server/feeds/google-calendar';
import { lastTripFor, readLastTripAsk, returnFor } from '~/.server/http/last-trip';
import { eventPlaces } from '~/.server/places/public-places';
import { getCurrentUser } from '~/.server/platform/session';
import { registrationPanel } from '~/.server/registrations/registrations';
import { DayStatusForm, DayStatusLine, DayStatusSubscribe } from '~/components/day-status/DayStatusPanel';
import { EventCard } from '~/components/EventCard';
import { EventDates, SeriesWhen } from '~/components/EventDates';
import { EventImage } from '~/components/EventImage';
import { Link } from '~/components/Link';
import { RegistrationPanel } from '~/components/registration/RegistrationPanel';
import { useCategory } from '~/components/useCategories';
import { addressMapUrl, directionsLinks, googleCalendarUrl, sbbTimetableUrl } from '~/domain/calendar-links';
import { namesCloseTo } from '~/domain/close-localities';
import { formatDate } from '~/domain/dates';
import type { AgendaEvent } from '~/domain/event';
import { toEventCard } from '~/domain/event-card';
import { formatEventWhen } from '~/domain/event-dates';
import { eventJsonLd, jsonForScript, seriesJsonLd } from '~/domain/event-jsonld';
import { actorsFor } from '~/domain/event-lifecycle';
import { imageUrl } from '~/domain/images';
import { pageMeta } from '~/domain/meta';
import type { loader as rootLoader } from '~/root';
import { EventBar } from './EventBar';
import { EventFacts } from './EventFacts';
import { EventPlace } from './EventPlace';
import { LastTrip } from './LastTrip';
import { StatusBanner } from './StatusBanner';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await getCurrentUser(request, context.services);
  const store = context.services.store;
  const view = await getEventForViewer({ store }, params.id ?? '', viewer);
  if (!view) throw data({ message: 'Cet événement n’existe pas ou n’est pas public.' }, { status: 404 });
  const { event } = view;
  const now = new Date();
  const url = new URL(request.url);
  const holidays = await schoolHolidays({ store });
  const series = await seriesView({ store }, event, url.searchParams.get('date'), now, holidays);
  // The date the page is about: the one a link points at, else the next one not cancelled (a series).
  const next = series?.upcoming.find((d) => !d.cancelled) ?? null;
  const shown = series?.chosen ?? next;
  const directions = directionsLinks(event);
  // Its venue and organizer records when approved: their pages, and its JSON-LD's location and organizer (issue 36).
  const { venue, organizer } = await eventPlaces({ store }, event);
  // « Dernier retour » (issue 51): offered when the date shown has an end to count from; asked by `?retour=` (the form
  // without JavaScript), never by a cookie: the page stays the same for every visitor of its address.
  const counted = returnFor(event, series, shown, now);
  const ask = counted ? readLastTripAsk(url.searchParams) : null;
  const answer =
    counted && ask?.home
      ? await lastTripFor(
          { transportUrl: context.services.config.TRANSPORT_API_URL, clientIp: context.clientIp },
          { event, stop: venue?.stop ?? '' },
          counted.occasion,
          ask.home,
        )
      : null;
  const unkept = ask?.error || answer?.kind === 'unavailable' || answer?.kind === 'busy';
  return data(
    {
      event,
      places: { venue, organizer: organizer ? { ...organizer, accountUids: [] } : null },
      isPublic: view.isPublic,
      // Its ActivityPub object now (a new id once published again after a withdrawal: decision 102).
      activityPub: view.isPublic ? await eventObjectPathNow(context.services, event.id) : null,
      working: view.working,
      isPast: Date.parse(event.endsAt) < now.getTime(),
      // « Vacances (VD) » beside a single date in its canton's school holidays (a series marks each of its dates).
      holiday: series ? null : toEventCard(event, { holidays }).holiday,
      similar: (await similarEvents({ store }, event, now)).map((e) => toEventCard(e, { now, holidays })),
      series,
      canManage: actorsFor(viewer, event).length > 0,
      // « Ça a lieu ? » (issue 51): what was said for the date shown, and the dates its organizer may speak of now.
      dayStatus: dayStatusView(event, shown?.startsAt ?? null, viewer, now),
      registration: await registrationPanel({ store }, event, shown?.startsAt ?? null, now),
      // Built here: the date rules they need stay out of the page's JavaScript.
      links: {
        calendar: calendarLinks(event, `${context.services.config.SITE_URL}/evenement/${event.id}`, series, next),
        sbb: sbbTimetableUrl({ ...event, ...(shown ?? series?.period?.visit ?? {}) }),
        directions: directions.directions,
        appleMaps: directions.apple,
        addressMap: addressMapUrl(event),
      },
      lastTrip: counted
        ? {
            // The date of a series' page the form keeps, and the date counted (the next one on the series' page).
            pageDate: series?.chosen?.day ?? null,
            day: shown?.day ?? null,
            typed: ask?.typed ?? '',
            error: ask?.error ?? null,
            // The localities close to a refused one, as the field's suggestions (the whole list comes on focus).
            suggestions: ask?.error ? namesCloseTo(ask.typed) : [],
            answer,
            assumedEnd: counted.window.assumedEnd,
          }
        : null,
    },
    { status: ask?.error ? 400 : 200, headers: unkept ? { 'Cache-Control': 'no-store' } : {} },
  );
}

/** A refusal or a timetable that did not answer is not kept (the next visitor of that address asks again). */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * « Ajouter au calendrier »: on one date's page (`?date=`), that date, and the whole series on request; otherwise the
 * event (a series: its rule from the next date that takes place, decision 067).
 */
function calendarLinks(
  event: AgendaEvent,
  eventUrl: string,
  series: Awaited<ReturnType<typeof seriesView>>,
  next: SeriesDate | null,
) {
  const whole = `/evenement/${event.id}/calendrier.ics`;
  const date = series?.chosen && !series.chosen.cancelled ? series.chosen : null;
  if (!date) return { ics: whole, google: eventGoogleCalendarUrl(event, eventUrl, next), series: null };
  return {
    ics: `${whole}?date=${date.day}`,
    google: googleCalendarUrl({ ...event, ...date }, eventUrl),
    series: {
      ics: whole,
      google: event.schedule?.kind === 'rule' ? eventGoogleCalendarUrl(event, eventUrl, next) : null,
    },
  };
}

export default function EventDetailPage() {
  const { event, places, isPublic, working, isPast, similar, series, canManage, links, lastTrip, dayStatus, holiday } =
    useLoaderData<typeof loader>();
  const { registration } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const siteUrl = root?.siteUrl ?? '';
  const eventUrl = `${siteUrl}/evenement/${event.id}`;
  const category = useCategory(event.category);

  return (
    <article className="page event-detail" style={{ '--category-color': category.color } as React.CSSProperties}>
      {isPublic && !working ? (
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by jsonForScript (no <, >, &).
          dangerouslySetInnerHTML={{
            __html: jsonForScript(
              series && series.kind !== 'period'
                ? seriesJsonLd(event, siteUrl, series.chosen ? [series.chosen] : series.upcoming, places, registration)
                : eventJsonLd(event, siteUrl, places, registration),
            ),
          }}
        />
      ) : null}
      <p className="breadcrumb">
        <Link to="/evenements">Événements</Link> ›{' '}
        {/* A deactivated category is no filter any more: its name stays, without a link. */}
        {category.active ? <Link to={`/evenements?category=${event.category}`}>{category.label}</Link> : category.label}
      </p>
      {working ? <StatusBanner event={event} isPublic={isPublic} /> : null}
      <header className="event-detail__header">
        <p>
          {category.active ? (
            <Link to={`/evenements?category=${event.category}`} className="chip">
              {category.label}
            </Link>
          ) : (
            <span className="chip">{category.label}</span>
          )}
          {/* A space before each chip: read aloud or copied, « Sports & loisirs Annulé », not one word. */}
          {event.status === 'cancelled' || series?.chosen?.cancelled ? (
            <>
              {' '}
              <span className="chip chip--danger" data-testid="cancelled-badge">
                Annulé
              </span>
            </>
          ) : null}
          {isPast ? (
            <>
              {' '}
              <span className="chip chip--muted" data-testid="past-badge">
                Événement passé
              </span>
            </>
          ) : null}
        </p>
        <h1>{event.title}</h1>
        <p className="lead">
          {series ? <SeriesWhen series={series} /> : <time dateTime={event.startsAt}>{formatEventWhen(event)}</time>}
          {holiday ? <span className="tag tag--holiday"> {holiday}</span> : null}
          <br />
          <a href="#where-title" className="lead__place">
            {event.venueName ? `${event.venueName}, ` : ''}
            {event.city}
          </a>
        </p>
      </header>

      {event.image ? (
        <EventImage className="event-detail__image" image={event.image} sizes="(max-width: 760px) 100vw, 720px" />
      ) : null}

      <div className="event-detail__body">
        <div className="event-detail__main">
          {event.status === 'cancelled' ? (
            <p className="notice notice--error">Cet événement est annulé. Renseignez-vous auprès des organisateurs.</p>
          ) : series?.chosen?.cancelled ? (
            // One date of a series, cancelled: as plain as a cancelled event (the others are listed below).
            <p className="notice notice--error" data-testid="date-cancelled">
              Cette date est annulée. Les autres dates de la série sont indiquées ci-dessous.
            </p>
          ) : null}
          <DayStatusLine view={dayStatus} />
          {dayStatus.sayable[0] ? (
            <DayStatusForm
              eventId={event.id}
              startsAt={dayStatus.sayable[0]}
              cancelled={dayStatus.cancelledSaid.includes(dayStatus.sayable[0])}
            />
          ) : null}
          {registration ? <RegistrationPanel eventId={event.id} view={registration} /> : null}
          {isPast ? <p className="notice">Cet événement a eu lieu ; cette page reste disponible en archive.</p> : null}
          <div className="event-detail__description">
            {event.description.split(/\n{2,}/).map((paragraph, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text never move.
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          {series ? <EventDates series={series} eventId={event.id} canManage={canManage} /> : null}
          {isPublic && !isPast && event.status === 'approved' ? <DayStatusSubscribe eventId={event.id} /> : null}
          <EventPlace
            event={event}
            venueSlug={places.venue?.slug ?? null}
            isPast={isPast}
            links={links}
            map={root?.map ?? { tileUrl: '', attribution: '' }}
          >
            {lastTrip ? <LastTrip eventId={event.id} {...lastTrip} /> : null}
          </EventPlace>
        </div>

        <EventFacts
          event={event}
          organizerSlug={places.organizer?.slug ?? null}
          // A date of a series is shared as that date (its `?date=`), as the page shows it.
          eventUrl={series?.chosen ? `${eventUrl}?date=${series.chosen.day}` : eventUrl}
          calendar={links.calendar}
          chosen={series?.chosen ?? null}
        />
      </div>

      {!isPast ? <EventBar event={event} series={series} /> : null}

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

// A date of a series (`?date=`) is its own page for search engines: Google wants each Event on a page of its own,
// which its JSON-LD names (decision 106); it says its day in its title and is its own canonical.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const chosen = data?.series?.chosen ?? null;
  return data
    ? [
        ...pageMeta({
          title: chosen
            ? `${data.event.title} · ${formatDate(chosen.startsAt)} · ${data.event.city}`
            : `${data.event.title} · ${data.event.city}`,
          description:
            `${formatEventWhen(chosen ?? data.event)} · ${data.event.venueName || data.event.city}. ${data.event.description}`.slice(
              0,
              200,
            ),
          path: chosen ? `/evenement/${data.event.id}?date=${chosen.day}` : `/evenement/${data.event.id}`,
          matches,
          image: data.event.image ? imageUrl(data.event.image.path, 1600) : undefined,
          type: 'article',
          // Its object once public (a page seen by its author or an admin before that has none).
          activityPub: data.activityPub ?? undefined,
        }),
        ...(data.isPublic && !data.working ? [] : [{ name: 'robots', content: 'noindex' }]),
      ]
    : [];
};
