// How an event's dates read in French: one day with hours, all day, or a span of days.
import { formatDate, formatShortDate, formatTime, TIME_ZONE } from './dates';

const dayKey = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function formatEventWhen(e: { startsAt: string; endsAt: string; allDay: boolean }): string {
  const sameDay = dayKey.format(new Date(e.startsAt)) === dayKey.format(new Date(e.endsAt));
  if (sameDay) {
    return e.allDay
      ? `${formatDate(e.startsAt)}, toute la journée`
      : `${formatDate(e.startsAt)}, ${formatTime(e.startsAt)} – ${formatTime(e.endsAt)}`;
  }
  return e.allDay
    ? `Du ${formatDate(e.startsAt)} au ${formatDate(e.endsAt)}`
    : `Du ${formatDate(e.startsAt)} à ${formatTime(e.startsAt)} au ${formatDate(e.endsAt)} à ${formatTime(e.endsAt)}`;
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
  const sameDay = dayKey.format(new Date(e.startsAt)) === dayKey.format(new Date(e.endsAt));
  if (sameDay)
    return e.allDay ? formatShortDate(e.startsAt) : `${formatShortDate(e.startsAt)} · ${formatTime(e.startsAt)}`;
  return `${formatShortDate(e.startsAt)} → ${formatShortDate(e.endsAt)}`;
}
