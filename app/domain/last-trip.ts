// « Dernier retour » (issue 51): the last public-transport connection home after an event, chosen among those the
// timetable gives, and the words the page says it with (docs/dernier-retour.md).
import { addDaysToDate, formatTime, zurichIso, zurichWallClock } from './dates';
import { ofPlace } from './distance';

/** Minutes between the end of the event and the first departure counted: out of the hall, to the stop. */
export const WALK_MARGIN_MINUTES = 10;
/** An event without an end time is counted this long from its start (decision 032: no end is shown, one is assumed here). */
export const OPEN_END_MINUTES = 120;
/** The night ends at this hour the next morning: a connection that leaves or arrives later is the next day's. */
export const NIGHT_ENDS_AT = '04:00';
/** The timetable is first asked from this hour of the evening (or the end, if later): the last connections come first. */
export const EVENING_FROM = '21:00';

/** One connection of the timetable, as the server keeps it. */
export interface Connection {
  /** The stop it leaves from, as the timetable names it. */
  from: string;
  to: string;
  /** Instants (ISO 8601). */
  departure: string;
  arrival: string;
  transfers: number;
}

/** What the page says: the connection, none after the end, the timetable that did not answer, or too many asks. */
export type LastTrip =
  | { kind: 'trip'; trip: Connection; sbb: string }
  | { kind: 'none'; sbb: string }
  | { kind: 'unavailable'; sbb: string }
  | { kind: 'busy'; sbb: string };

/** A date of the event: its start, its end, whether its end is only a bound (no end time) and whether it is all day. */
export interface Occasion {
  startsAt: string;
  endsAt: string;
  openEnd?: boolean;
  allDay: boolean;
}

/** When a connection may leave (the end and the walk) and when the night is over; null for an all-day event. */
export interface ReturnWindow {
  leaveFrom: Date;
  nightEnds: Date;
  /** The evening's day (YYYY-MM-DD): the day before nightEnds. */
  evening: string;
  /** Whether the end is assumed (an event without an end time). */
  assumedEnd: boolean;
}

const MINUTE = 60_000;

export function returnWindow(occasion: Occasion): ReturnWindow | null {
  if (occasion.allDay) return null;
  const assumedEnd = Boolean(occasion.openEnd);
  const end = assumedEnd
    ? Date.parse(occasion.startsAt) + OPEN_END_MINUTES * MINUTE
    : Math.max(Date.parse(occasion.endsAt), Date.parse(occasion.startsAt));
  const leaveFrom = new Date(end + WALK_MARGIN_MINUTES * MINUTE);
  const clock = zurichWallClock(leaveFrom);
  // Leaving after midnight but before the night's end is still the evening before.
  const evening = clock.time < NIGHT_ENDS_AT ? addDaysToDate(clock.date, -1) : clock.date;
  const nightEnds = new Date(zurichIso(addDaysToDate(evening, 1), NIGHT_ENDS_AT));
  return { leaveFrom, nightEnds, evening, assumedEnd };
}

/**
 * Where to ask the timetable from: the evening hour (or the end, if later), where the last connections are; then, only
 * if nothing leaves after it, from the end itself (a village whose last bus leaves at seven).
 */
export function searchStarts(window: ReturnWindow): Date[] {
  const evening = new Date(zurichIso(window.evening, EVENING_FROM));
  return window.leaveFrom < evening ? [evening, window.leaveFrom] : [window.leaveFrom];
}

/** Whether a connection leaves after the end and arrives before the night is over. */
export const withinNight = (c: Connection, window: ReturnWindow) =>
  Date.parse(c.departure) >= window.leaveFrom.getTime() &&
  Date.parse(c.departure) < window.nightEnds.getTime() &&
  Date.parse(c.arrival) <= window.nightEnds.getTime();

/** The last connection that leaves after the end and arrives the same night (the earliest arrival, then the fewest changes, among those leaving at that minute); null if none. */
export function chooseLastTrip(connections: readonly Connection[], window: ReturnWindow): Connection | null {
  let best: Connection | null = null;
  for (const c of connections) {
    if (!withinNight(c, window)) continue;
    if (!best) {
      best = c;
      continue;
    }
    const later = Date.parse(c.departure) - Date.parse(best.departure);
    const sooner = Date.parse(best.arrival) - Date.parse(c.arrival);
    if (later > 0 || (later === 0 && (sooner > 0 || (sooner === 0 && c.transfers < best.transfers)))) best = c;
  }
  return best;
}

/** « direct », « 1 changement », « 2 changements ». */
export const transfersText = (n: number) => (n === 0 ? 'direct' : `${n}\u00a0changement${n > 1 ? 's' : ''}`);

/** The page's sentence for an answer (the connection itself is laid out apart). */
export function lastTripMessage(answer: LastTrip): string {
  switch (answer.kind) {
    case 'trip':
      return `Dernier départ à ${formatTime(answer.trip.departure)} ${ofPlace(answer.trip.from)}, arrivée à ${formatTime(answer.trip.arrival)} à ${answer.trip.to} (${transfersText(answer.trip.transfers)}).`;
    case 'none':
      return 'Plus de liaison ce soir après la fin. L’horaire CFF propose les suivantes.';
    case 'unavailable':
      return 'L’horaire n’a pas pu être consulté. Cherchez votre retour sur l’horaire CFF.';
    case 'busy':
      return 'Trop de demandes d’horaire depuis cette adresse\u00a0: réessayez dans une minute, ou consultez l’horaire CFF.';
  }
}

/** The choice kept in this browser (with the functional cookies' consent), under this local-storage key. */
export const LAST_TRIP_STORAGE_KEY = 'dernier-retour-localite';
/** The query-string parameter that carries the locality (the page without JavaScript, the JSON route). */
export const LAST_TRIP_PARAM = 'retour';
