// schema.org Event for search engines (Google's required and recommended properties).
import { openEndedDay } from './calendar-links';
import type { AgendaEvent } from './event';
import { imageUrl } from './images';
import type { Organizer, Venue } from './place';
import { organizerLd, venuePlaceLd } from './place-jsonld';
import { type Availability, schemaAvailability } from './registration';

/** The event's venue and organizer records, when approved (issue 36): its location and organizer are theirs. */
export interface EventPlaces {
  venue?: Venue | null;
  organizer?: Organizer | null;
}

/**
 * What it costs, as the page says it (formatPrice): free is 0 CHF, « CHF 8–15 » a range (AggregateOffer), one amount
 * an Offer; no price given, no offer (never an invented 0). A cancelled event says so by its eventStatus alone: its
 * places are not « sold out ».
 */
function eventOffers(event: AgendaEvent, url: string, booking: Availability | null) {
  const common = {
    url: event.ticketUrl || url,
    priceCurrency: 'CHF',
    availability:
      event.status === 'cancelled' ? undefined : booking ? schemaAvailability(booking) : 'https://schema.org/InStock',
    validFrom: event.submittedAt,
  };
  if (event.isFree) return { '@type': 'Offer', price: 0, ...common };
  const { priceMin: low, priceMax: high } = event;
  if (low != null && high != null && high > low) {
    return { '@type': 'AggregateOffer', lowPrice: low, highPrice: high, ...common };
  }
  const price = low ?? high;
  return price == null ? undefined : { '@type': 'Offer', price, ...common };
}

/** A date's places to book (decision 168): its offer's availability and the places left say them. */
export interface RegistrationLd {
  startsAt: string;
  availability: Availability;
}

const placesLeft = (a: Availability) => (a.kind === 'open' || a.kind === 'few' ? a.remaining : 0);

export function eventJsonLd(
  event: AgendaEvent,
  siteUrl: string,
  places: EventPlaces = {},
  registration: RegistrationLd | null = null,
) {
  const booking = registration?.startsAt === event.startsAt ? registration.availability : null;
  const url = `${siteUrl}/evenement/${event.id}`;
  const address = {
    '@type': 'PostalAddress',
    streetAddress: event.street || undefined,
    postalCode: event.postalCode || undefined,
    addressLocality: event.city,
    addressRegion: event.canton,
    addressCountry: 'CH',
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description,
    url,
    startDate: event.allDay ? event.startsAt.slice(0, 10) : event.startsAt,
    // No end time: no endDate on a single day (schema.org makes it optional), the last day only on a span of days.
    endDate: openEndedDay(event) ? undefined : event.allDay || event.openEnd ? event.endsAt.slice(0, 10) : event.endsAt,
    eventStatus:
      event.status === 'cancelled' ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: places.venue
      ? venuePlaceLd(places.venue, siteUrl)
      : {
          '@type': 'Place',
          name: event.venueName || event.city,
          address,
          ...(event.lat != null && event.lng != null
            ? { geo: { '@type': 'GeoCoordinates', latitude: event.lat, longitude: event.lng } }
            : {}),
        },
    // The event's own picture only: the site's default image on every event without one says nothing of it.
    image: event.image ? [`${siteUrl}${imageUrl(event.image.path, 1600)}`] : undefined,
    offers: eventOffers(event, url, booking),
    remainingAttendeeCapacity: booking && booking.kind !== 'closed' ? placesLeft(booking) : undefined,
    organizer: places.organizer
      ? organizerLd(places.organizer, siteUrl)
      : {
          '@type': 'Organization',
          name: event.organizerName || 'Agenda romand',
          url: event.websiteUrl || siteUrl,
        },
    isAccessibleForFree: event.isFree,
    performer: performersLd(event.performers),
  };
}

/**
 * « Artistes, intervenants » (decision 125): each name a Person, as the field asks for people (artists, speakers);
 * the site cannot tell a band from a person by its name, so a group named there is a Person too. None: no property.
 */
function performersLd(names: readonly string[] | undefined) {
  return names?.length ? names.map((name) => ({ '@type': 'Person', name })) : undefined;
}

const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026' };

/**
 * JSON safe inside a <script> element (no closing tag, no HTML comment). One pass over the text, none when it holds
 * none of the three characters: a series' JSON-LD (then 50 dates, about 75 KB) took three whole copies (issue 35).
 */
export function jsonForScript(value: unknown): string {
  const json = JSON.stringify(value);
  return /[<>&]/.test(json) ? json.replace(/[<>&]/g, (c) => SCRIPT_ESCAPES[c]) : json;
}

/** A date of a series, as the event page lists it (app/.server/events/series.ts). */
interface SeriesDateLd {
  startsAt: string;
  endsAt: string;
  openEnd: boolean;
  cancelled: boolean;
  day: string;
}

/**
 * At most this many dates of a series in its JSON-LD (decision 106): the coming weeks, which search engines show;
 * every other date has its own page (`?date=`) and its own Event there.
 */
export const JSON_LD_MAX_DATES = 10;

/**
 * A series (decision 041), following Google's guidance for events on several dates: one Event per date, each with
 * its own URL (`?date=`), a cancelled date EventCancelled. A period stays one Event from its first to its last day.
 */
export function seriesJsonLd(
  event: AgendaEvent,
  siteUrl: string,
  dates: readonly SeriesDateLd[],
  places: EventPlaces = {},
  registration: RegistrationLd | null = null,
) {
  return dates.slice(0, JSON_LD_MAX_DATES).map((d) => ({
    ...eventJsonLd(
      {
        ...event,
        startsAt: d.startsAt,
        endsAt: d.endsAt,
        openEnd: d.openEnd,
        status: d.cancelled ? 'cancelled' : event.status,
      },
      siteUrl,
      places,
      registration,
    ),
    url: `${siteUrl}/evenement/${event.id}?date=${d.day}`,
  }));
}
