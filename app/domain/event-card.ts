// What an event card shows.
import { zurichToday } from './dates';
import type { AgendaEvent } from './event';
import { todayOpeningText } from './schedule';

export type EventCardData = ReturnType<typeof toEventCard>;

/**
 * The day a list's row of a series stands for (YYYY-MM-DD), its page's `?date=`; null for a single event or a period
 * (one row). Cards and the RSS feed link to it, so each date of a series has its own address.
 */
export const occurrenceDayOf = (e: Pick<AgendaEvent, 'schedule' | 'startsAt'>): string | null =>
  e.schedule && e.schedule.kind !== 'period' ? zurichToday(new Date(e.startsAt)) : null;

/** Only what a card shows: loaders send this, not whole events (lighter pages, less to serialise). */
export function toEventCard(e: AgendaEvent) {
  const day = occurrenceDayOf(e);
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
    /** A date of a series (decision 041): its day links to it (`?date=`); how many other dates come; cancelled. */
    occurrenceDay: day,
    otherDates: day && e.occurrence ? Math.max(0, e.occurrence.upcoming - 1) : 0,
    dateCancelled: e.occurrence?.cancelled ?? false,
    /** An exhibition: « ouvert aujourd’hui 10:00–18:00 » or « fermé aujourd’hui ». */
    openingToday: todayOpeningText(e.schedule ?? null),
  };
}
