// The list of events grouped by day (« Samedi 28 novembre »), each card then giving only its start time.
import { formatCalendarDay, formatShortDate, formatTime, zurichDay, zurichToday } from './dates';

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
 * Consecutive events of the same start day together; those that began before today (and still run) under « En
 * cours ». The list comes sorted by start; a search by relevance keeps its order (a day may then come back).
 */
export function groupByDay<T extends { startsAt: string }>(items: readonly T[], now: Date): DayGroup<T>[] {
  const today = zurichToday(now);
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const start = zurichDay(item.startsAt);
    const day = start < today ? '' : start;
    const last = groups.at(-1);
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, heading: day ? dayHeading(day, now) : 'En cours', items: [item] });
  }
  return groups;
}

/** What a card under its day's heading says of its time: « 20:00 », « Toute la journée », « jusqu’au sam. 30 nov. ». */
export function cardTime(e: { startsAt: string; endsAt: string; allDay: boolean }, day: string): string {
  const sameDay = zurichDay(e.startsAt) === zurichDay(e.endsAt);
  if (sameDay) return e.allDay ? 'Toute la journée' : formatTime(e.startsAt);
  const until = `jusqu’au ${formatShortDate(e.endsAt)}`;
  if (!day || e.allDay) return until.charAt(0).toUpperCase() + until.slice(1);
  return `${formatTime(e.startsAt)}, ${until}`;
}
