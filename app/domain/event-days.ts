// The list of events grouped by day (« Samedi 28 novembre »), each card then giving only its start time.
import { formatCalendarDay, formatShortDate, formatTime, zurichDay, zurichToday } from './dates';
import { endsInTheNight, endsNextDay, hoursToNextDay } from './event-dates';

/** « Samedi 28 novembre », with the year when it is not this year's; « Aujourd’hui », « Demain » first. */
export function dayHeading(day: string, now: Date): string {
  const today = zurichToday(now);
  const weekday = formatCalendarDay(day, day.slice(0, 4) === today.slice(0, 4) ? 'weekday' : 'weekdayYear');
  return weekday.charAt(0).toUpperCase() + weekday.slice(1);
}

export interface DayGroup<T> {
  /** YYYY-MM-DD, or '' for events that began before today and still run. */
  day: string;
  heading: string;
  items: T[];
}

/**
 * The events by day, days in order, each day's events in the list's order; those that began before today (and still
 * run) under « En cours ». A chosen period that begins later (« ce week-end » on a Wednesday, « demain », du … au …):
 * what began before its first day and runs into it stands under that day, never under a day the visitor did not ask
 * for. `dayOf`: the day an event is listed under, its start's by default (an exhibition: the day its card speaks of).
 */
export function groupByDay<T extends { startsAt: string }>(
  items: readonly T[],
  now: Date,
  windowStart: Date | null = null,
  dayOf: (item: T) => string = (item) => zurichDay(item.startsAt),
): DayGroup<T>[] {
  const today = zurichToday(now);
  const first = windowStart ? zurichToday(windowStart) : today;
  const groups = new Map<string, DayGroup<T>>();
  for (const item of items) {
    const start = dayOf(item);
    let day = start < today ? '' : start;
    if (first > today && start < first) day = first;
    const group = groups.get(day);
    if (group) group.items.push(item);
    else groups.set(day, { day, heading: day ? dayHeading(day, now) : 'En cours', items: [item] });
  }
  return [...groups.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/** The day a list's card stands under: an exhibition's, the day its card speaks of (« ouvert le samedi 26 décembre »). */
export function listedDay(card: { startsAt: string; linkDay: string | null; opening: string | null }): string {
  return card.opening && card.linkDay ? card.linkDay : zurichDay(card.startsAt);
}

/** What a card under its day's heading says of its time: « 20:00 », « Toute la journée », « jusqu’au sam. 30 nov. ». */
export function cardTime(e: { startsAt: string; endsAt: string; allDay: boolean }, day: string): string {
  // An evening into the night: its hours under its day, its end under « En cours » (after midnight).
  if (endsInTheNight(e))
    return day === zurichDay(e.startsAt)
      ? `${formatTime(e.startsAt)} – ${formatTime(e.endsAt)}`
      : `Jusqu’à ${formatTime(e.endsAt)}`;
  const sameDay = zurichDay(e.startsAt) === zurichDay(e.endsAt);
  if (sameDay) return e.allDay ? 'Toute la journée' : formatTime(e.startsAt);
  // Into the next morning: its hours under its day, its end after (« En cours », or the next day chosen).
  if (endsNextDay(e)) return day === zurichDay(e.startsAt) ? hoursToNextDay(e) : `Jusqu’à ${formatTime(e.endsAt)}`;
  const until = `jusqu’au ${formatShortDate(e.endsAt)}`;
  // Under « En cours », or under a later day than its start (the first of a chosen period): its start time is not that day's.
  if (!day || e.allDay || zurichDay(e.startsAt) !== day) return until.charAt(0).toUpperCase() + until.slice(1);
  return `${formatTime(e.startsAt)}, ${until}`;
}

/**
 * What a line of a list without day headings (the iframe, the widget) says of an event that began before today and
 * still runs: what the list's card says under « En cours » (« Jusqu’au jeu. 25 févr. »), never its past start. Null
 * for an event to come: the line gives its start.
 */
export function ongoingWhen(
  e: { startsAt: string; endsAt?: string | null; allDay?: boolean },
  now: Date,
): string | null {
  const today = zurichToday(now);
  if (!e.endsAt || zurichDay(e.startsAt) >= today || zurichDay(e.endsAt) < today) return null;
  return cardTime({ startsAt: e.startsAt, endsAt: e.endsAt, allDay: e.allDay ?? false }, '');
}
