// What an event card shows.
import type { CantonCode } from './cantons';
import { zurichToday } from './dates';
import { dayStatusOf, dayStatusText, WEATHER_PENDING } from './day-status';
import { distanceKm, distanceLabel } from './distance';
import type { AgendaEvent } from './event';
import { openingText, shownDay } from './opening-text';
import { type Availability, availabilityText } from './registration';
import { seriesLine } from './schedule-text';
import { holidayMark, holidayOn, type SchoolHoliday } from './school-holidays';

export type EventCardData = ReturnType<typeof toEventCard>;

/**
 * The day a list's row of a series stands for (YYYY-MM-DD), its page's `?date=`; null for a single event or a period
 * (one row). Cards and the RSS feed link to it, so each date of a series has its own address.
 */
export const occurrenceDayOf = (e: Pick<AgendaEvent, 'schedule' | 'startsAt'>): string | null =>
  e.schedule && e.schedule.kind !== 'period' ? zurichToday(new Date(e.startsAt)) : null;

/**
 * Only what a card shows: loaders send this, not whole events (lighter pages, less to serialise). `days`: the days the
 * list looks at (windowDays: « demain », « ce week-end »), for an exhibition's opening; today when empty.
 */
export function toEventCard(
  e: AgendaEvent,
  {
    days = [] as readonly string[],
    now = new Date(),
    near = null as { lat: number; lng: number } | null,
    holidays = [] as readonly SchoolHoliday[],
    /** The canton a list is filtered on the holidays of (`?vacances=GE`): every mark is said of it. */
    holidaysOf = '' as CantonCode | '',
    /** What the date the card stands for offers to book (issue 73), read with the page's others. */
    registration = null as Availability | null,
  } = {},
) {
  const day = occurrenceDayOf(e);
  const holidaysIn = holidaysOf || e.canton;
  const series = e.occurrence ? seriesLine(e.schedule, e.occurrence.matching ?? 1, e.occurrence.upcoming) : null;
  // An exhibition seen for a day of the list links to that day: its page then says that day's opening.
  const period = e.schedule?.kind === 'period' ? e.schedule : null;
  const periodDay = period ? shownDay(period, days, now) : null;
  return {
    id: e.id,
    title: e.title,
    category: e.category,
    startsAt: e.startsAt,
    endsAt: e.endsAt,
    allDay: e.allDay,
    city: e.city,
    canton: e.canton,
    venueName: e.venueName,
    isFree: e.isFree,
    priceMin: e.priceMin,
    priceMax: e.priceMax,
    status: e.status,
    familyFriendly: e.accessibility.familyFriendly,
    /** Its picture, if any (no alt: in a list the title says it all). */
    image: e.image ? { path: e.image.path, width: e.image.width, height: e.image.height } : null,
    /** The day its page opens on (`?date=`): a date of a series, or the day an exhibition is looked at. */
    linkDay: day ?? periodDay,
    /** A series as one result (decision 065): « Chaque mardi · 18:30 · 29 dates »; `timed`: it gives the time. */
    series,
    dateCancelled: e.occurrence?.cancelled ?? false,
    /** « Ça a lieu ? » for the date the card stands for: « Confirmé le sam. 28 nov. à 08:12 », « Confirmation le jour même ». */
    dayStatus: dayStatusLine(e),
    /** With « Annulé » for that date, its organizer's note: whoever planned to go reads why (issue 70). */
    dayNote: cancelledNote(e),
    /** An exhibition: « ouvert aujourd’hui 10:00–18:00 », « ouvert samedi 10:00–18:00, fermé dimanche »… */
    opening: openingText(e.schedule, days, now),
    /** Around a place (issue 47): « à 8 km » from its centre. */
    /**
     * « Vacances (VD) » when its date falls in the school holidays of its own canton (issue 51), or of the canton the
     * list is filtered on: a Geneva parent reads « Vacances (GE) », not a Vaud event's « Vacances (VD) ».
     */
    holiday: holidayOn(holidays, holidaysIn, zurichToday(new Date(e.startsAt))) ? holidayMark(holidaysIn) : null,
    /** « 12 places », « Plus que 3 places », « Complet — liste d’attente », « Inscriptions closes »; null: none. */
    registration: registration ? availabilityText(registration) : null,
    distance:
      near && e.lat != null && e.lng != null ? distanceLabel(distanceKm(near, { lat: e.lat, lng: e.lng })) : null,
  };
}

/** What was said on the day for the date a card (or the API) stands for; « Confirmation le jour même » until then. */
export function dayStatusLine(e: Pick<AgendaEvent, 'dayStatuses' | 'weatherDependent' | 'startsAt'>): string | null {
  const said = dayStatusOf(e.dayStatuses, e.startsAt);
  return said ? dayStatusText(said) : e.weatherDependent ? WEATHER_PENDING : null;
}

/** The note said with « Annulé » for the date a card stands for, else ''. */
function cancelledNote(e: Pick<AgendaEvent, 'dayStatuses' | 'startsAt'>): string {
  const said = dayStatusOf(e.dayStatuses, e.startsAt);
  return said?.kind === 'cancelled' ? said.note : '';
}
