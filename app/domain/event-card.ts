// What an event card shows.
import type { AgendaEvent } from './event';

export type EventCardData = ReturnType<typeof toEventCard>;

/** Only what a card shows: loaders send this, not whole events (lighter pages, less to serialise). */
export function toEventCard(e: AgendaEvent) {
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
  };
}
