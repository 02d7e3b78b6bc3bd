// The places migration (issue 36): every event that does not point to a venue and an organizer record yet gets one,
// the spellings of one place merged by the matcher (app/domain/place-matching.ts). Run at start on both backends, as
// the other data migrations, and by the `places` job for what was written since; only sure matches merge, admins
// merge the rest afterwards.
import type { AgendaEvent } from '~/domain/event';
import { isPublicStatus } from '~/domain/event-lifecycle';
import type { Organizer, Venue } from '~/domain/place';
import { matchOrganizer, matchVenue } from '~/domain/place-matching';
import { slugsOf } from '~/domain/place-records';
import type { EventPlaceLink, Store } from '../ports';
import { localityOf, organizerNamed, venueFromEvent, venueNameOf, withFreeSlug } from './new-records';

export interface PlacesMigration {
  /** Events that got a venue or an organizer. */
  events: number;
  venues: { spellings: number; created: number };
  organizers: { spellings: number; created: number };
}

const PAGE = 500;

async function eventsWithoutPlaces(store: Store): Promise<AgendaEvent[]> {
  const found: AgendaEvent[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { items } = await store.events.listForModeration({ status: 'all', limit: PAGE, offset });
    found.push(...items.filter((e) => !e.venueId || !e.organizerId));
    if (items.length < PAGE) return found;
  }
}

export async function attachPlacesToEvents(store: Store, now: Date): Promise<PlacesMigration> {
  const at = now.toISOString();
  const events = await eventsWithoutPlaces(store);
  const result: PlacesMigration = {
    events: 0,
    venues: { spellings: 0, created: 0 },
    organizers: { spellings: 0, created: 0 },
  };
  if (events.length === 0) return result;
  const venues: Venue[] = await store.venues.list();
  const organizers: Organizer[] = await store.organizers.list();
  const venueSlugs = new Set(venues.flatMap(slugsOf));
  const organizerSlugs = new Set(organizers.flatMap(slugsOf));
  const newVenues: Venue[] = [];
  const newOrganizers: Organizer[] = [];
  const venueSpellings = new Set<string>();
  const organizerSpellings = new Set<string>();
  const roles = new Map<string, string | null>();
  const links: EventPlaceLink[] = [];
  // Public events first: a place they name is approved, one only a pending event names waits with it.
  // Then the oldest first: the first spelling of a place names its record.
  const ordered = [...events].sort(
    (a, b) =>
      Number(isPublicStatus(b.status)) - Number(isPublicStatus(a.status)) ||
      a.createdAt.localeCompare(b.createdAt) ||
      a.id.localeCompare(b.id),
  );
  for (const e of ordered) {
    const status = isPublicStatus(e.status) ? 'approved' : 'pending';
    let venueId = e.venueId ?? null;
    if (!venueId) {
      venueSpellings.add(`${e.venueName.trim()}\u0000${e.city.trim()}`);
      const candidate = { name: venueNameOf(e), locality: localityOf(e), lat: e.lat, lng: e.lng };
      const match = matchVenue(candidate, venues);
      const venue = match?.sure ? match.record : withFreeSlug(venueFromEvent(e, status, at), venueSlugs);
      if (match?.sure && venue.status !== status && status === 'approved' && !newVenues.includes(venue)) {
        venue.status = (await store.venues.setStatus(venue.id, status, at))?.status ?? venue.status;
      }
      if (!match?.sure) {
        venues.push(venue);
        newVenues.push(venue);
        result.venues.created += 1;
      }
      venueId = venue.id;
    }
    let organizerId = e.organizerId ?? null;
    if (!organizerId) {
      const name = e.organizerName.trim() || (await creatorName(store, e)) || venueNameOf(e);
      organizerSpellings.add(name);
      const match = matchOrganizer(name, organizers);
      let organizer = match?.sure ? match.record : null;
      if (organizer && organizer.status !== status && status === 'approved' && !newOrganizers.includes(organizer)) {
        organizer.status = (await store.organizers.setStatus(organizer.id, status, at))?.status ?? organizer.status;
      }
      if (!organizer) {
        const accounts = (await isOrganizerAccount(store, e.createdBy, roles)) && e.createdBy ? [e.createdBy] : [];
        organizer = withFreeSlug(organizerNamed(name, status, at, accounts), organizerSlugs);
        organizers.push(organizer);
        newOrganizers.push(organizer);
        result.organizers.created += 1;
      }
      organizerId = organizer.id;
    }
    links.push({ eventId: e.id, venueId, organizerId });
  }
  // The records first, then the events that point to them: a stop between the two leaves records without events
  // (the next run matches them), never an event pointing to nothing.
  await store.venues.insertMany(newVenues);
  await store.organizers.insertMany(newOrganizers);
  result.events = await store.events.attachPlaces(links);
  result.venues.spellings = venueSpellings.size;
  result.organizers.spellings = organizerSpellings.size;
  return result;
}

async function creatorName(store: Store, e: AgendaEvent): Promise<string> {
  return e.createdBy ? ((await store.users.findById(e.createdBy))?.displayName ?? '').trim() : '';
}

/** An organizer account that published under a name speaks for it; an admin's entry does not make them one. */
async function isOrganizerAccount(store: Store, uid: string | null, roles: Map<string, string | null>) {
  if (!uid) return false;
  if (!roles.has(uid)) roles.set(uid, (await store.users.findById(uid))?.role ?? null);
  return roles.get(uid) === 'organizer';
}

/** « 108 événements rattachés : 104 lieux pour 108 graphies, 98 organisateurs pour 108 graphies. » */
export function describeMigration(m: PlacesMigration): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
  return (
    `${plural(m.events, 'événement rattaché', 'événements rattachés')} : ` +
    `${plural(m.venues.created, 'lieu', 'lieux')} pour ${plural(m.venues.spellings, 'graphie', 'graphies')}, ` +
    `${plural(m.organizers.created, 'organisateur', 'organisateurs')} pour ${plural(m.organizers.spellings, 'graphie', 'graphies')}.`
  );
}
