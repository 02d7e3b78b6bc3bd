// The public side of venues and organizers (issue 36): their pages, their indexes, the sitemap. Only an approved
// record has a page (a proposed one is 404); a former slug answers with the kept record's (301); its events are the
// list's own reading (public statuses only, a series once), so nothing pending or refused ever shows.
import { CANTON_CODES } from '~/domain/cantons';
import type { AgendaEvent } from '~/domain/event';
import type { EventFilters } from '~/domain/event-filters';
import type { Organizer, Venue } from '~/domain/place';
import { byName } from '~/domain/place-records';
import { cachedRead, PAGE_SIZE, PUBLIC_STATUSES, publicQuery } from '../events/public';
import { siteHandle } from '../federation/actor-types';
import { placeHandle } from '../federation/place-actors';
import type { Store } from '../ports';

/** What a page reads: the store, and when the federation is on (decision 096), the site's address for the handle. */
interface PageDeps {
  store: Store;
  federation?: unknown;
  config?: { SITE_URL: string };
}

export type PlacePage<T> =
  | { moved: string }
  | {
      record: T;
      upcoming: AgendaEvent[];
      total: number;
      indexable: boolean;
      /** Its fediverse handle (`@salle-du-bourg@hôte`) when the federation is on, else null. */
      fediverse: string | null;
    };

/** How many past events an organizer's page lists (the most recent first). */
export const PAST_EVENTS_SHOWN = 12;
const EVER = '1970-01-01T00:00:00.000Z';

async function pageOf<T extends Venue | Organizer>(
  { store, federation, config }: PageDeps,
  found: { record: T; moved: boolean } | null,
  filter: (slug: string) => Partial<EventFilters>,
  idField: 'venueId' | 'organizerId',
  now: Date,
): Promise<PlacePage<T> | null> {
  if (!found) return null;
  if (found.record.status !== 'approved') return null;
  // What the last merge did is the admins' (decision 114): never on a public page.
  const record = { ...found.record, lastMerge: null };
  if (found.moved) return { moved: record.slug };
  // Its events to come, a series once; how many events, not how many dates (decision 158: on SQLite, a venue's are then
  // counted and paged on its own indexes).
  const upcoming = await cachedRead(store, `place-upcoming:${idField}:${record.id}`, async () =>
    store.events.search({
      ...(await publicQuery({ store }, filter(record.slug), now)),
      oneRowPerEvent: true,
      eventsOnly: true,
      limit: PAGE_SIZE,
      offset: 0,
    }),
  );
  // Indexed once it has had a public event (past ones count: its page then has something to say); an upcoming one
  // answers that already, from the same read.
  const ever =
    upcoming.total > 0
      ? upcoming
      : await cachedRead(store, `place-ever:${record.id}`, () =>
          store.events.search({ status: PUBLIC_STATUSES, endsAfter: EVER, [idField]: record.id, limit: 1, offset: 0 }),
        );
  const fediverse =
    federation && config
      ? siteHandle(
          config.SITE_URL,
          await placeHandle(store, idField === 'venueId' ? 'venue' : 'organizer', record.slug),
        )
      : null;
  return {
    record,
    upcoming: upcoming.items,
    total: upcoming.total,
    indexable: ever.total > 0,
    fediverse,
  };
}

export async function venuePage(deps: PageDeps, slug: string, now = new Date()) {
  return pageOf(deps, await deps.store.venues.findBySlug(slug), (venue) => ({ venue }), 'venueId', now);
}

export async function organizerPage(deps: PageDeps, slug: string, now = new Date()) {
  const { store } = deps;
  const page = await pageOf(
    deps,
    await store.organizers.findBySlug(slug),
    (organizer) => ({ organizer }),
    'organizerId',
    now,
  );
  if (!page || 'moved' in page) return page;
  return { ...page, past: await pastEvents(store, page.record.id, now) };
}

/** An organizer's events that are over (a series once, when its last date is past), the most recent first. */
async function pastEvents(store: Store, organizerId: string, now: Date): Promise<AgendaEvent[]> {
  return cachedRead(store, `organizer-past:${organizerId}`, async () => {
    const { items } = await store.events.search({
      status: PUBLIC_STATUSES,
      endsAfter: EVER,
      organizerId,
      oneRowPerEvent: true,
      limit: 500,
      offset: 0,
    });
    const upcoming = await store.events.search({
      status: PUBLIC_STATUSES,
      endsAfter: now.toISOString(),
      organizerId,
      oneRowPerEvent: true,
      limit: 500,
      offset: 0,
    });
    const still = new Set(upcoming.items.map((e) => e.id));
    return items
      .filter((e) => !still.has(e.id))
      .sort((a, b) => (a.endsAt < b.endsAt ? 1 : -1))
      .slice(0, PAST_EVENTS_SHOWN);
  });
}

/** Lower case, no accents: « Théâtre » is found by « theatre ». */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export interface VenueIndexEntry {
  slug: string;
  name: string;
  locality: string;
  upcoming: number;
}

const cantonRank = (code: string) => (CANTON_CODES as readonly string[]).indexOf(code);

/** The approved venues by canton and town, those matching `q` (name or town) and `canton` when given. */
export async function venueIndex({ store }: { store: Store }, q: string, canton: string, now = new Date()) {
  const [venues, counts] = await Promise.all([
    cachedRead(store, 'venues:approved', () => store.venues.list({ status: 'approved' })),
    upcomingCounts(store, 'venue', now),
  ]);
  const words = folded(q).split(/\s+/).filter(Boolean);
  const found = venues
    .filter((v) => !canton || v.canton === canton)
    .filter((v) => words.every((w) => folded(`${v.name} ${v.locality}`).includes(w)))
    .sort(byName);
  const cantons = new Map<string, Map<string, VenueIndexEntry[]>>();
  for (const v of found) {
    const towns = cantons.get(v.canton) ?? new Map<string, VenueIndexEntry[]>();
    cantons.set(v.canton, towns);
    const town = towns.get(v.locality) ?? [];
    towns.set(v.locality, town);
    town.push({ slug: v.slug, name: v.name, locality: v.locality, upcoming: counts[v.id] ?? 0 });
  }
  return {
    total: found.length,
    // The site's order of the cantons (CANTON_CODES, as the canton filter lists them), not their codes' order.
    cantons: [...cantons.entries()]
      .sort(([a], [b]) => cantonRank(a) - cantonRank(b))
      .map(([canton, towns]) => ({
        canton,
        towns: [...towns.entries()]
          .sort(([a], [b]) => a.localeCompare(b, 'fr-CH'))
          .map(([name, entries]) => ({ name, venues: entries })),
      })),
  };
}

/** The approved organizers by name (grouped by initial), those matching `q` when given. */
export async function organizerIndex({ store }: { store: Store }, q: string, now = new Date()) {
  const [organizers, counts] = await Promise.all([
    cachedRead(store, 'organizers:approved', () => store.organizers.list({ status: 'approved' })),
    upcomingCounts(store, 'organizer', now),
  ]);
  const words = folded(q).split(/\s+/).filter(Boolean);
  const found = organizers.filter((o) => words.every((w) => folded(o.name).includes(w))).sort(byName);
  const letters = new Map<string, { slug: string; name: string; upcoming: number }[]>();
  for (const o of found) {
    const initial = folded(o.name).charAt(0).toUpperCase();
    const letter = /[A-Z]/.test(initial) ? initial : '#';
    const group = letters.get(letter) ?? [];
    letters.set(letter, group);
    group.push({ slug: o.slug, name: o.name, upcoming: counts[o.id] ?? 0 });
  }
  return { total: found.length, letters: [...letters.entries()].map(([letter, entries]) => ({ letter, entries })) };
}

/** Upcoming public events per record (a series once). */
function upcomingCounts(store: Store, kind: 'venue' | 'organizer', now: Date): Promise<Record<string, number>> {
  // Counted by the store (not 10,000 events read to count them: 300 ms a page at 50,000 events, and short beyond).
  return cachedRead(store, `place-upcoming:${kind}`, () =>
    store.events.countByPlace(kind, PUBLIC_STATUSES, now.toISOString()),
  );
}

/**
 * The venue and organizer pages of the sitemap: approved records with at least one public event. Counted among the
 * upcoming ones first (on Firestore, the instance's public copy: decision 160); only a record without any asks whether
 * it has had one, as its page does (the same cached read).
 */
export async function sitemapPlaces({ store }: { store: Store }, now = new Date()) {
  const [venues, organizers, venueCounts, organizerCounts] = await Promise.all([
    store.venues.list({ status: 'approved' }),
    store.organizers.list({ status: 'approved' }),
    store.events.countByPlace('venue', PUBLIC_STATUSES, now.toISOString()),
    store.events.countByPlace('organizer', PUBLIC_STATUSES, now.toISOString()),
  ]);
  const hadOne = async (id: string, idField: 'venueId' | 'organizerId', counts: Record<string, number>) =>
    (counts[id] ?? 0) > 0 ||
    (
      await cachedRead(store, `place-ever:${id}`, () =>
        store.events.search({ status: PUBLIC_STATUSES, endsAfter: EVER, [idField]: id, limit: 1, offset: 0 }),
      )
    ).total > 0;
  const indexed = async <T extends { id: string }>(
    records: T[],
    idField: 'venueId' | 'organizerId',
    counts: Record<string, number>,
  ) => {
    const kept = await Promise.all(records.map((r) => hadOne(r.id, idField, counts)));
    return records.filter((_, i) => kept[i]);
  };
  return {
    venues: (await indexed(venues, 'venueId', venueCounts)).map((v) => ({ slug: v.slug, updatedAt: v.updatedAt })),
    organizers: (await indexed(organizers, 'organizerId', organizerCounts)).map((o) => ({
      slug: o.slug,
      updatedAt: o.updatedAt,
    })),
  };
}

/** The approved venue and organizer of an event (its JSON-LD and its links to their pages). */
export async function eventPlaces({ store }: { store: Store }, event: Pick<AgendaEvent, 'venueId' | 'organizerId'>) {
  const [venue, organizer] = await Promise.all([
    event.venueId ? store.venues.findById(event.venueId) : null,
    event.organizerId ? store.organizers.findById(event.organizerId) : null,
  ]);
  return {
    venue: venue?.status === 'approved' ? { ...venue, lastMerge: null } : null,
    organizer: organizer?.status === 'approved' ? { ...organizer, lastMerge: null } : null,
  };
}
