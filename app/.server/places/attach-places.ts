// The places migration (issue 36): every event that does not point to a venue and an organizer record yet gets one,
// the spellings of one place merged by the matcher (app/domain/place-matching.ts). Run at start on both backends, as
// the other data migrations; the demo content is planned the same way before it is stored. Only sure matches merge,
// admins merge the rest afterwards.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AgendaEvent } from '~/domain/event';
import { isPublicStatus, publicFirstThenOldest } from '~/domain/event-lifecycle';
import type { Organizer, PlaceStatus, Venue } from '~/domain/place';
import { matchOrganizer, matchVenue } from '~/domain/place-matching';
import { slugsOf } from '~/domain/place-records';
import { accountsAsResponsables } from '../organizations/members';
import type { EventPlaceLink, Store, UserProfile } from '../ports';
import { localityOf, organizerNamed, venueFromEvent, venueNameOf, withFreeSlug } from './new-records';

export interface PlacesMigration {
  /** Events that got a venue or an organizer. */
  events: number;
  venues: { spellings: number; created: number };
  organizers: { spellings: number; created: number };
}

export interface PlacesPlan {
  newVenues: Venue[];
  newOrganizers: Organizer[];
  /** Existing records a public event names while they wait: approved with it. */
  approve: { venues: string[]; organizers: string[] };
  links: EventPlaceLink[];
  figures: PlacesMigration;
}

type Account = Pick<UserProfile, 'displayName' | 'role'> | null;

/** What the migration would write for these events, given the records that exist: nothing is stored here. */
export async function planPlaces(
  events: readonly AgendaEvent[],
  existing: { venues: readonly Venue[]; organizers: readonly Organizer[] },
  now: Date,
  accountOf: (uid: string) => Promise<Account>,
  /** The spellings met so far: a migration in batches counts each once in its figures. */
  spellings = { venues: new Set<string>(), organizers: new Set<string>() },
): Promise<PlacesPlan> {
  const at = now.toISOString();
  const venues = [...existing.venues];
  const organizers = [...existing.organizers];
  const taken = { venues: new Set(venues.flatMap(slugsOf)), organizers: new Set(organizers.flatMap(slugsOf)) };
  const plan: PlacesPlan = {
    newVenues: [],
    newOrganizers: [],
    approve: { venues: [], organizers: [] },
    links: [],
    figures: { events: 0, venues: { spellings: 0, created: 0 }, organizers: { spellings: 0, created: 0 } },
  };
  const accounts = new Map<string, Account>();
  const account = async (uid: string | null) => {
    if (!uid) return null;
    if (!accounts.has(uid)) accounts.set(uid, await accountOf(uid));
    return accounts.get(uid) ?? null;
  };
  const approveIfNeeded = (record: Venue | Organizer, status: PlaceStatus, list: string[]) => {
    if (status === 'approved' && record.status === 'pending') {
      record.status = 'approved';
      if (!plan.newVenues.includes(record as Venue) && !plan.newOrganizers.includes(record as Organizer))
        list.push(record.id);
    }
  };
  // Public events first: a place they name is approved, one only a pending event names waits with it. Then the
  // oldest first: the first spelling of a place names its record.
  const ordered = [...events].sort(publicFirstThenOldest);
  for (const [i, e] of ordered.entries()) {
    // Each place is matched against every record so far: at 100,000 events about a second of CPU per thousand. The
    // pages served by the same process (decision 163) have their turn every hundred.
    if (i % 100 === 99) await nextTurn();
    if (e.venueId && e.organizerId) continue;
    const status: PlaceStatus = isPublicStatus(e.status) ? 'approved' : 'pending';
    let venueId = e.venueId ?? null;
    if (!venueId) {
      spellings.venues.add(`${e.venueName.trim()}\u0000${e.city.trim()}`);
      const match = matchVenue({ name: venueNameOf(e), locality: localityOf(e), lat: e.lat, lng: e.lng }, venues);
      let venue = match?.sure ? match.record : null;
      if (venue) approveIfNeeded(venue, status, plan.approve.venues);
      else {
        venue = withFreeSlug(venueFromEvent(e, status, at), taken.venues);
        venues.push(venue);
        plan.newVenues.push(venue);
      }
      venueId = venue.id;
    }
    let organizerId = e.organizerId ?? null;
    if (!organizerId) {
      const creator = await account(e.createdBy);
      const name = e.organizerName.trim() || creator?.displayName.trim() || venueNameOf(e);
      spellings.organizers.add(name);
      const match = matchOrganizer(name, organizers);
      let organizer = match?.sure ? match.record : null;
      if (organizer) approveIfNeeded(organizer, status, plan.approve.organizers);
      else {
        // An organizer account that published under a name speaks for it; an admin's entry does not make them one.
        const linked = creator?.role === 'organizer' && e.createdBy ? [e.createdBy] : [];
        organizer = withFreeSlug(organizerNamed(name, status, at, linked), taken.organizers);
        organizers.push(organizer);
        plan.newOrganizers.push(organizer);
      }
      organizerId = organizer.id;
    }
    plan.links.push({ eventId: e.id, venueId, organizerId });
  }
  plan.figures = {
    events: plan.links.length,
    venues: { spellings: spellings.venues.size, created: plan.newVenues.length },
    organizers: { spellings: spellings.organizers.size, created: plan.newOrganizers.length },
  };
  return plan;
}

/** Stores a plan's records, then points the events to them. */
export async function storePlaces({ store }: { store: Store }, plan: PlacesPlan, now: Date): Promise<number> {
  const at = now.toISOString();
  // The records first, then the events that point to them: a stop between the two leaves records without events
  // (the next run matches them), never an event pointing to nothing.
  await store.venues.insertMany(plan.newVenues);
  await store.organizers.insertMany(plan.newOrganizers);
  await accountsAsResponsables({ store }, plan.newOrganizers, at);
  for (const id of plan.approve.venues) await store.venues.setStatus(id, 'approved', at);
  for (const id of plan.approve.organizers) await store.organizers.setStatus(id, 'approved', at);
  return store.events.attachPlaces(plan.links);
}

/**
 * Events read, planned and linked at a time. A large site's migration holds one batch, not every event: at 100,000
 * events the whole list took 244 MB of heap, more than V8 gives a process in a 512 MB container (issue 50).
 */
export const PLACES_BATCH = 1000;

export async function attachPlacesToEvents(
  { store }: { store: Store },
  now: Date,
  batch = PLACES_BATCH,
): Promise<PlacesMigration> {
  const total: PlacesMigration = {
    events: 0,
    venues: { spellings: 0, created: 0 },
    organizers: { spellings: 0, created: 0 },
  };
  const spellings = { venues: new Set<string>(), organizers: new Set<string>() };
  for (;;) {
    // In the migration's order (public events first, then the oldest), batch after batch: the same records as in one go.
    const events = await store.events.listWithoutPlaces(batch);
    if (events.length === 0) return total;
    const existing = { venues: await store.venues.list(), organizers: await store.organizers.list() };
    const plan = await planPlaces(events, existing, now, (uid) => store.users.findById(uid), spellings);
    const linked = await storePlaces({ store }, plan, now);
    total.events += linked;
    total.venues = { spellings: spellings.venues.size, created: total.venues.created + plan.newVenues.length };
    total.organizers = {
      spellings: spellings.organizers.size,
      created: total.organizers.created + plan.newOrganizers.length,
    };
    // A batch that linked nothing would come back as it is (events removed meanwhile): the next run takes them.
    if (events.length < batch || linked === 0) return total;
    // The process that runs the jobs also serves the pages (decision 163): between two batches it answers them. At
    // 100,000 events the whole migration is two minutes of CPU, a batch about a second.
    await nextTurn();
  }
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
