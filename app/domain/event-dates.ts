// How an event's dates read in French: one day (or one evening into the night) with hours, all day, or a span of days.
import {
  addDaysToDate,
  formatDate,
  formatShortDate,
  formatShortWeekday,
  formatTime,
  zurichDay,
  zurichWallClock,
} from './dates';

interface EventSchedule {
  startsAt: string;
  endsAt: string;
  allDay: boolean;
  /** No end time given: the end is never shown (« dès 18:00 »), only the last day of a span. */
  openEnd?: boolean;
}

/** How long the night belongs to the evening before: the list's days (docs/visiteurs.md) and how a date is written. */
export const NIGHT_HOURS = 6;

/**
 * An evening that runs into the night: a concert from 21:00 to 01:30 ends the next day, by 06:00. It is written as one
 * evening (« 21:00 – 01:30 »), not as two days, and is listed on its evening only.
 */
export function endsInTheNight(e: { startsAt: string; endsAt: string; allDay: boolean }): boolean {
  if (e.allDay) return false;
  const end = zurichWallClock(e.endsAt);
  return end.date === addDaysToDate(zurichDay(e.startsAt), 1) && end.time <= `0${NIGHT_HOURS}:00`;
}

/**
 * A night that runs into the next morning (an all-night party from 22:00 to 08:00): two days, both with their hours
 * (« ven. 4 déc. · 22:00 – sam. 08:00 »), not two dates without a time.
 */
export function endsNextDay(e: { startsAt: string; endsAt: string; allDay: boolean }): boolean {
  return !e.allDay && zurichDay(e.endsAt) === addDaysToDate(zurichDay(e.startsAt), 1);
}

/** « 22:00 – sam. 08:00 »: the hours of a date that ends the next day. */
export const hoursToNextDay = (e: { startsAt: string; endsAt: string }) =>
  `${formatTime(e.startsAt)} – ${formatShortWeekday(e.endsAt)} ${formatTime(e.endsAt)}`;

/**
 * « samedi 28 novembre 2026, 18:00 – 20:00 » (an evening into the night too: « …, 21:00 – 01:30 »), « …, dès 18:00 »,
 * « …, toute la journée », or a span of days.
 */
export function formatEventWhen(e: EventSchedule): string {
  const sameDay = zurichDay(e.startsAt) === zurichDay(e.endsAt) || endsInTheNight(e);
  if (sameDay) {
    if (e.allDay) return `${formatDate(e.startsAt)}, toute la journée`;
    if (e.openEnd) return `${formatDate(e.startsAt)}, dès ${formatTime(e.startsAt)}`;
    return `${formatDate(e.startsAt)}, ${formatTime(e.startsAt)} – ${formatTime(e.endsAt)}`;
  }
  if (e.allDay) return `Du ${formatDate(e.startsAt)} au ${formatDate(e.endsAt)}`;
  if (e.openEnd) return `Du ${formatDate(e.startsAt)} dès ${formatTime(e.startsAt)} au ${formatDate(e.endsAt)}`;
  return `Du ${formatDate(e.startsAt)} à ${formatTime(e.startsAt)} au ${formatDate(e.endsAt)} à ${formatTime(e.endsAt)}`;
}

// Every card of every list formats its dates; the same few thousand events come back all day long, and Intl
// formatting is the costliest part of a card. Bounded so a crawl through the archive cannot grow it forever.
const shortCache = new Map<string, string>();
const SHORT_CACHE_MAX = 20_000;

export function formatEventShort(e: { startsAt: string; endsAt: string; allDay: boolean }): string {
  const key = `${e.startsAt}|${e.endsAt}|${e.allDay ? 1 : 0}`;
  let text = shortCache.get(key);
  if (text === undefined) {
    if (shortCache.size >= SHORT_CACHE_MAX) shortCache.clear();
    text = formatEventShortUncached(e);
    shortCache.set(key, text);
  }
  return text;
}

function formatEventShortUncached(e: { startsAt: string; endsAt: string; allDay: boolean }): string {
  if (endsInTheNight(e)) return `${formatShortDate(e.startsAt)} · ${formatTime(e.startsAt)} – ${formatTime(e.endsAt)}`;
  const sameDay = zurichDay(e.startsAt) === zurichDay(e.endsAt);
  if (sameDay)
    return e.allDay ? formatShortDate(e.startsAt) : `${formatShortDate(e.startsAt)} · ${formatTime(e.startsAt)}`;
  if (endsNextDay(e)) return `${formatShortDate(e.startsAt)} · ${hoursToNextDay(e)}`;
  // A span into another year says which (« mer. 18 nov. → ven. 26 févr. 2027 »): February alone reads as this one.
  const endYear = zurichDay(e.endsAt).slice(0, 4);
  const year = endYear === zurichDay(e.startsAt).slice(0, 4) ? '' : ` ${endYear}`;
  return `${formatShortDate(e.startsAt)} → ${formatShortDate(e.endsAt)}${year}`;
}
