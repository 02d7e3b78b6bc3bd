// Links that take an event elsewhere: Google Calendar's "add event" form, the SBB timetable to the venue and the
// phone's maps at the venue (decision 067).
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { startOfDay } from 'date-fns/startOfDay';
import { subMinutes } from 'date-fns/subMinutes';
import { TIME_ZONE, zurichDay } from './dates';
import type { AgendaEvent } from './event';

export const GOOGLE_DESCRIPTION_MAX = 500;
/** Minutes of margin before the start when looking for a train. */
export const SBB_ARRIVAL_MARGIN_MINUTES = 15;
/** Arrival time asked of the SBB timetable for all-day events. */
export const SBB_ALL_DAY_ARRIVAL = '09:00';

const zurich = (iso: string) => new TZDate(new Date(iso).getTime(), TIME_ZONE);
const utc = (iso: string) => new TZDate(new Date(iso).getTime(), 'UTC');

/**
 * The Zurich calendar days of an all-day event: its first day and the day after its last one (exclusive end,
 * as iCalendar and Google want). An end at exactly midnight after the start is already exclusive.
 */
export function allDayRange(event: Pick<AgendaEvent, 'startsAt' | 'endsAt'>): { start: TZDate; endExclusive: TZDate } {
  const start = startOfDay(zurich(event.startsAt));
  const end = zurich(event.endsAt);
  const endDay = startOfDay(end);
  const endExclusive = endDay.getTime() === end.getTime() && endDay > start ? endDay : addDays(endDay, 1);
  return { start, endExclusive: endExclusive > start ? endExclusive : addDays(start, 1) };
}

/** 'Salle, Rue 1, 1000 Lausanne': the parts that are known, in postal order. */
export function eventLocationLine(event: Pick<AgendaEvent, 'venueName' | 'street' | 'postalCode' | 'city'>): string {
  const town = [event.postalCode, event.city].filter(Boolean).join(' ');
  return [event.venueName, event.street, town].filter(Boolean).join(', ');
}

/** Cuts a text at a word boundary so that it is at most `max` characters long, with an ellipsis when cut. */
export function truncateText(text: string, max: number): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** A timed event of one day without an end time: it has a start only (its stored end is a bound for filters). */
export function openEndedDay(event: { startsAt: string; endsAt: string; allDay: boolean; openEnd?: boolean }): boolean {
  return !event.allDay && Boolean(event.openEnd) && zurichDay(event.startsAt) === zurichDay(event.endsAt);
}

export function googleCalendarUrl(
  event: Pick<
    AgendaEvent,
    'title' | 'description' | 'startsAt' | 'endsAt' | 'allDay' | 'venueName' | 'street' | 'postalCode' | 'city'
  > & { openEnd?: boolean },
  eventUrl: string,
  /**
   * A series: `recur`, its RRULE and EXDATE lines (Google's form repeats the event by them); `note`, a line said before
   * the description (an exhibition's hours).
   */
  { recur = [] as readonly string[], note = '' } = {},
): string {
  let dates: string;
  if (event.allDay) {
    const { start, endExclusive } = allDayRange(event);
    dates = `${format(start, 'yyyyMMdd')}/${format(endExclusive, 'yyyyMMdd')}`;
  } else {
    // Google wants an end: without an end time, the start again (no invented duration).
    dates = `${utcStamp(event.startsAt)}/${utcStamp(openEndedDay(event) ? event.startsAt : event.endsAt)}`;
  }
  const description = truncateText(event.description, GOOGLE_DESCRIPTION_MAX);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates,
    details: [note, description, eventUrl].filter(Boolean).join('\n\n'),
    location: eventLocationLine(event),
    ctz: TIME_ZONE,
  });
  if (recur.length) params.set('recur', recur.join('\n'));
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** An instant as iCalendar and Google write it in UTC: 20261201T173000Z. */
export const utcStamp = (iso: string) => format(utc(iso), "yyyyMMdd'T'HHmmss'Z'");

type Place = Pick<AgendaEvent, 'venueName' | 'street' | 'postalCode' | 'city' | 'lat' | 'lng'>;

/** The address to look up: street and town, or the town alone. */
const addressLine = (event: Place) =>
  [event.street, [event.postalCode, event.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** The venue as the SBB timetable finds it: its address when it has a street, else its position, else its town. */
const sbbPlace = (event: Pick<AgendaEvent, 'city'> & Partial<Place>) =>
  event.street
    ? [event.street, [event.postalCode, event.city].filter(Boolean).join(' ')].join(', ')
    : event.lat != null && event.lng != null
      ? `${event.lat.toFixed(5)},${event.lng.toFixed(5)}`
      : event.city;

/**
 * The SBB timetable to the venue, arriving 15 minutes before the start (09:00 for all-day events): to its address when
 * it has a street, else to its position (« lat,lng »), else to its town.
 */
export function sbbTimetableUrl(event: Pick<AgendaEvent, 'city' | 'startsAt' | 'allDay'> & Partial<Place>): string {
  const start = zurich(event.startsAt);
  const arrival = event.allDay ? start : subMinutes(start, SBB_ARRIVAL_MARGIN_MINUTES);
  const to = sbbPlace(event);
  return sbbUrl({
    to,
    day: arrival,
    time: event.allDay ? SBB_ALL_DAY_ARRIVAL : format(arrival, 'HH:mm'),
    arrival: true,
  });
}

/** The SBB timetable, pre-filled: from (else the visitor's position), to, the day and the time of departure or arrival. */
function sbbUrl({
  from,
  to,
  day,
  time,
  arrival,
}: {
  from?: string;
  to: string;
  day: Date;
  time: string;
  arrival: boolean;
}) {
  const params = new URLSearchParams({
    ...(from ? { von: from } : {}),
    nach: to,
    datum: format(day, 'dd.MM.yyyy'),
    zeit: time,
    an: String(arrival),
  });
  return `https://www.sbb.ch/fr/acheter/pages/fahrplan/fahrplan.xhtml?${params.toString()}`;
}

/**
 * « Dernier retour » (issue 51): the SBB timetable from the venue (its stop, else as sbbTimetableUrl names it) to the
 * visitor's locality, leaving at `at` (the last connection found, else the end of the event).
 */
export function sbbReturnUrl(
  event: Pick<AgendaEvent, 'city'> & Partial<Place>,
  stop: string,
  to: string,
  at: Date | string,
): string {
  const leave = zurich(typeof at === 'string' ? at : at.toISOString());
  return sbbUrl({ from: stop || sbbPlace(event), to, day: leave, time: format(leave, 'HH:mm'), arrival: false });
}

/**
 * « Itinéraire »: the way to the venue in the phone's maps, with no script. Google's maps addresses are universal:
 * Android and iOS open them in the maps application (Google Maps, else the browser); Apple Plans has its own, which
 * the page offers beside. At the venue's position when known, else at its address.
 */
export function directionsLinks(event: Place): { directions: string; apple: string } {
  const label = [event.venueName, addressLine(event)].filter(Boolean).join(', ');
  const at = event.lat != null && event.lng != null ? `${event.lat.toFixed(6)},${event.lng.toFixed(6)}` : null;
  const google = new URLSearchParams({ api: '1', destination: at ?? label });
  const apple = new URLSearchParams({ daddr: at ?? label, ...(at ? { q: event.venueName || event.city } : {}) });
  return {
    directions: `https://www.google.com/maps/dir/?${google.toString()}`,
    apple: `https://maps.apple.com/?${apple.toString()}`,
  };
}

/** The venue's address on a map (a link on the address itself). */
export function addressMapUrl(event: Place): string {
  if (event.lat != null && event.lng != null)
    return `https://www.google.com/maps/search/?api=1&query=${event.lat.toFixed(6)},${event.lng.toFixed(6)}`;
  const label = [event.venueName, addressLine(event)].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(label)}`;
}
