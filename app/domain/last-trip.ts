// « Dernier retour » (issue 51): the last public-transport connection home after an event, chosen among those the
// timetable gives, and the words the page says it with (docs/dernier-retour.md).
import { addDaysToDate, formatTime, zurichDay, zurichIso, zurichWallClock } from './dates';
import { ofPlace } from './distance';

/** Minutes between the end of the event and the first departure counted: out of the hall, to the stop. */
export const WALK_MARGIN_MINUTES = 10;
/** An event without an end time is counted this long from its start (decision 032: no end is shown, one is assumed here). */
export const OPEN_END_MINUTES = 120;
/** The night ends at this hour the next morning: a connection that leaves or arrives later is the next day's. */
export const NIGHT_ENDS_AT = '04:00';
/** The timetable is first asked from this hour of the evening (or the end, if later): the last connections come first. */
export const EVENING_FROM = '21:00';
/**
 * An event that ran through the night and ends after NIGHT_ENDS_AT but before this hour (a party till 05:00) is left
 * by the first connection after it: the last one of the coming evening is not a way home from it.
 */
export const MORNING_ENDS_AT = '12:00';
/**
 * « Dernier retour » is an evening's question: an event left before this hour (a lunch ending at 13:30, a market at
 * 16:00) has the whole timetable of the day after it, and the page offers nothing (issue 70).
 */
export const EVENING_RETURN_FROM = '17:00';

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
  /** `first`: the first connection after an event that ran through the night, not the last of an evening. */
  | { kind: 'trip'; trip: Connection; sbb: string; first?: boolean }
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

/**
 * When a connection may leave (the end and the walk) and when the night is over; null for an all-day event or one left
 * during the day (before EVENING_RETURN_FROM).
 */
export interface ReturnWindow {
  leaveFrom: Date;
  nightEnds: Date;
  /** The evening's day (YYYY-MM-DD): the day before nightEnds. */
  evening: string;
  /** Whether the end is assumed (an event without an end time). */
  assumedEnd: boolean;
  /** The event ran through the night into the morning: the first connection after it is the way home. */
  morning: boolean;
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
  // Out in the morning after a night that began the day before (a party from 23:00 to 05:00): the first connection.
  if (clock.date > zurichDay(occasion.startsAt) && clock.time >= NIGHT_ENDS_AT && clock.time < MORNING_ENDS_AT)
    return { leaveFrom, nightEnds: leaveFrom, evening: clock.date, assumedEnd, morning: true };
  // Left during the day (after the night's end, before the evening): no last connection to find.
  if (clock.time >= NIGHT_ENDS_AT && clock.time < EVENING_RETURN_FROM) return null;
  // Leaving after midnight but before the night's end is still the evening before.
  const evening = clock.time < NIGHT_ENDS_AT ? addDaysToDate(clock.date, -1) : clock.date;
  const nightEnds = new Date(zurichIso(addDaysToDate(evening, 1), NIGHT_ENDS_AT));
  return { leaveFrom, nightEnds, evening, assumedEnd, morning: false };
}

/**
 * Where to ask the timetable from: the evening hour (or the end, if later), where the last connections are; then, only
 * if nothing leaves after it, from the end itself (a village whose last bus leaves at seven).
 */
export function searchStarts(window: ReturnWindow): Date[] {
  if (window.morning) return [window.leaveFrom];
  const evening = new Date(zurichIso(window.evening, EVENING_FROM));
  return window.leaveFrom < evening ? [evening, window.leaveFrom] : [window.leaveFrom];
}

/** Whether a connection leaves after the end and arrives before the night is over. */
export const withinNight = (c: Connection, window: ReturnWindow) =>
  Date.parse(c.departure) >= window.leaveFrom.getTime() &&
  Date.parse(c.departure) < window.nightEnds.getTime() &&
  Date.parse(c.arrival) <= window.nightEnds.getTime();

/**
 * The last connection that leaves after the end and arrives the same night, or after a night out (`morning`) the first
 * that leaves after the end; the earliest arrival, then the fewest changes, among those leaving at that minute. Null if
 * none.
 */
export function chooseLastTrip(connections: readonly Connection[], window: ReturnWindow): Connection | null {
  let best: Connection | null = null;
  for (const c of connections) {
    if (window.morning ? Date.parse(c.departure) < window.leaveFrom.getTime() : !withinNight(c, window)) continue;
    if (!best) {
      best = c;
      continue;
    }
    const gap = Date.parse(c.departure) - Date.parse(best.departure);
    const later = window.morning ? -gap : gap;
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
      return `${answer.first ? 'Premier' : 'Dernier'} départ à ${formatTime(answer.trip.departure)} ${ofPlace(answer.trip.from)}, arrivée à ${formatTime(answer.trip.arrival)} à ${answer.trip.to} (${transfersText(answer.trip.transfers)}).`;
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
