// Every venue has a point (issue 70): a venue without one, proposed before the gazetteer knew its village (« Villars-le-
// Terroir ») or typed without JavaScript, takes its locality's point, or its postcode's, and so do its events without
// one. Run at start after the places migration, on both stores, and by the `lieux` job: past PLACES_AT_START_MAX venues
// or events to point, the start leaves them to the job (a site serves meanwhile; a venue without a point is only missing
// from the map and from « Autour de »). An admin sets a venue's point by hand (venue-details.ts).

import { setImmediate as nextTurn } from 'node:timers/promises';
import { EVENT_STATUSES } from '~/domain/event';
import { findLocality, type Locality, localitiesOfPostalCode } from '~/domain/localities';
import type { Venue } from '~/domain/place';
import type { Store } from '../ports';

/** The point of a place from its locality, else its postcode (within its canton when it names one); null if neither is known. */
export function localityPoint(place: { locality: string; postalCode: string; canton: string }): Locality | null {
  const canton = place.canton || undefined;
  const postalCode = place.postalCode.trim();
  return (
    findLocality(place.locality, { canton, postalCode }) ??
    findLocality(place.locality, { postalCode }) ??
    (postalCode ? (localitiesOfPostalCode(postalCode).find((l) => !canton || l.canton === canton) ?? null) : null)
  );
}

/** The venues without a point; `limit`: at most that many (the start reads no more than it may do at once). */
export function venuesWithoutPoint({ store }: { store: Store }, limit?: number): Promise<Venue[]> {
  return store.venues.listWithoutPoint(limit);
}

/**
 * Venues read and pointed at a time by the `lieux` job (issue 70: it read every venue without a point at once). A
 * venue that stays without one (an unknown locality) is read again with each batch, the next batch past it: the read
 * is bounded by the batch and those, never by the agenda.
 */
export const VENUE_POINTS_BATCH = 200;

/** Gives each venue without a point its locality's; returns how many got one and how many stay without. */
export async function pointVenues(
  { store }: { store: Store },
  now: Date,
  /** The venues to point (the start's, read once); without them, every venue without a point, batch after batch. */
  venues?: readonly Venue[],
  batch = VENUE_POINTS_BATCH,
): Promise<{ pointed: number; without: number }> {
  const at = now.toISOString();
  let pointed = 0;
  const left = new Set<string>();
  for (;;) {
    const limit = left.size + batch;
    const read = venues ?? (await venuesWithoutPoint({ store }, limit));
    const fresh = read.filter((venue) => !left.has(venue.id));
    for (const venue of fresh) {
      // The serving process runs this job too (decision 163): each venue and its events, then the pages' turn.
      await nextTurn();
      if (await pointVenue(store, venue, at)) pointed += 1;
      else left.add(venue.id);
    }
    if (venues || fresh.length === 0 || read.length < limit) return { pointed, without: left.size };
  }
}

/** One venue takes its locality's point, and its events without one follow; false when its locality is unknown. */
async function pointVenue(store: Store, venue: Venue, at: string): Promise<boolean> {
  const point = localityPoint({ locality: venue.locality, postalCode: venue.postalCode, canton: venue.canton });
  if (!point) return false;
  const { id, status: _s, redirectFrom: _r, createdAt: _c, updatedAt: _u, lastMerge: _m, ...fields } = venue;
  const saved = await store.venues.update(id, { ...fields, lat: point.lat, lng: point.lng }, at);
  if (!saved) return false;
  await eventsTakeVenuePoint({ store }, saved);
  return true;
}

const PAGE = 200;
const ATTEMPTS = 3;

/**
 * The venue's events without a point (or at the point it had, `previous`) take its point (the choir's three events of Villars-le-Terroir, found « Autour de
 * Echallens » afterwards); nothing else of them changes, an event with its own point keeps it. Each is rewritten as any
 * other write of it (compare-and-set on its version, retried when it changed meanwhile), as follow-record.ts does.
 */
export async function eventsTakeVenuePoint(
  { store }: { store: Store },
  venue: Venue,
  /** The point the venue had (an admin moved it): its events at that point follow it too. */
  previous: { lat: number | null; lng: number | null } | null = null,
): Promise<number> {
  if (venue.lat === null || venue.lng === null) return 0;
  const point = { lat: venue.lat, lng: venue.lng };
  const follows = (e: { lat: number | null; lng: number | null }) =>
    e.lat === null || e.lng === null || (previous !== null && e.lat === previous.lat && e.lng === previous.lng);
  const ids: string[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await store.events.search({
      status: EVENT_STATUSES,
      // Every event of the venue, past ones included: the earliest instant a date can have.
      endsAfter: '1970-01-01T00:00:00.000Z',
      venueId: venue.id,
      oneRowPerEvent: true,
      limit: PAGE,
      offset,
    });
    for (const item of page.items) if (follows(item)) ids.push(item.id);
    if (page.items.length < PAGE) break;
    await nextTurn();
  }
  let changed = 0;
  for (const [i, id] of ids.entries()) {
    // A venue of thousands of events (a cinema's screenings): the pages have their turn every hundred (decision 163).
    if (i % 100 === 99) await nextTurn();
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const event = await store.events.findById(id);
      if (!event || event.venueId !== venue.id || !follows(event)) break;
      if (await store.events.transition({ seen: event.updatedAt, next: { ...event, ...point } })) {
        changed += 1;
        break;
      }
    }
  }
  return changed;
}

/** « 3 lieux ont reçu le point de leur localité, 1 reste sans point (localité inconnue) ». */
export function describeVenuePoints({ pointed, without }: { pointed: number; without: number }): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
  const done =
    pointed === 0
      ? 'aucun lieu n’a reçu de point'
      : `${plural(pointed, 'lieu a', 'lieux ont')} reçu le point de leur localité`;
  const rest = without > 0 ? `, ${plural(without, 'reste', 'restent')} sans point (localité inconnue)` : '';
  return `${done}${rest}`;
}
