// Public reading of events: the agenda with its filters, the map, one event as a viewer may see it, similar events.
// Every public read asks the store for PUBLIC_STATUSES only, whose content fields are what an admin approved
// (app/domain/event-lifecycle.ts): a pending revision never reaches the public.

import { zurichWallClock } from '~/domain/dates';
import type { AgendaEvent } from '~/domain/event';
import { NIGHT_HOURS } from '~/domain/event-dates';
import { dateWindow, type EventFilters, isPastWindow } from '~/domain/event-filters';
import { actorsFor, isPublicStatus, PUBLIC_STATUSES, publicView, workingView } from '~/domain/event-lifecycle';
import { holidayWindows, type SchoolHoliday } from '~/domain/school-holidays';
import { buildVocabulary, suggestSearch } from '~/domain/search-suggestion';
import { searchWords } from '~/domain/search-text';
import { type PlaceScope, placeScope } from '../places/place-scope';
import { createReadCache, type ReadCache, storeReadCache } from '../platform/read-cache';
import type { EventQuery, PageCursor, Store, UserProfile } from '../ports';

export { PUBLIC_STATUSES };
export const PAGE_SIZE = 20;

export const MAP_MAX_POINTS = 2000;

/**
 * Public reads are memoised for a few seconds and until the next write. Keys name the filters, not the clock:
 * an event that ends during those seconds may stay listed that long.
 */
export const cachedRead = storeReadCache();

/**
 * The store query for a set of list filters: from now on (or the date window), public statuses. A filter on a venue or
 * an organizer needs its `scope` (placeScope), one on the school holidays their periods (schoolHolidays): without
 * them the query would list every event, so it throws.
 */
export function queryFromFilters(
  filters: Partial<EventFilters>,
  now: Date,
  scope?: PlaceScope,
  holidays?: readonly SchoolHoliday[],
): Omit<EventQuery, 'limit' | 'offset'> {
  if ((filters.venue || filters.organizer) && !scope)
    throw new Error('queryFromFilters: lieu ou organisateur non résolu');
  if (filters.holidays && !holidays) throw new Error('queryFromFilters: vacances scolaires non lues');
  const window = dateWindow({ when: filters.when ?? '', from: filters.from ?? '', to: filters.to ?? '' }, now);
  // A window that begins later: from its start (a day's night, from the evening before, is not on it).
  const later = window && window.start > now ? window.start : null;
  const start = later ?? now;
  // Dates all past (« au 01.11 » on 28.11): nothing to come in them, not what runs across now (an exhibition begun
  // before). Nothing starts before 1970.
  const past = isPastWindow(window, now);
  return {
    status: PUBLIC_STATUSES,
    endsAfter: new Date(start.getTime()).toISOString(),
    startsBefore: past ? new Date(0).toISOString() : window ? new Date(window.end.getTime()).toISOString() : undefined,
    nightEndsAfter: later ? nightAfter(later, now) : undefined,
    windows:
      filters.holidays && holidays
        ? holidayWindows(holidays, filters.holidays, start, window?.end ?? null).map((w) => ({
            start: w.start.toISOString(),
            end: w.end.toISOString(),
            // Holidays that begin later: their first night is the evening before's, as a chosen day's.
            nightEndsAfter: nightAfter(w.start, now),
          }))
        : undefined,
    category: filters.category || undefined,
    canton: filters.canton || undefined,
    words: filters.q ? searchWords(filters.q) : undefined,
    free: filters.free || undefined,
    family: filters.family || undefined,
    accessible: filters.accessible || undefined,
    venueId: filters.venue ? scope?.venueId : undefined,
    organizerId: filters.organizer ? scope?.organizerId : undefined,
    near: filters.near ? { lat: filters.near.lat, lng: filters.near.lng, radius: filters.near.radius } : undefined,
  };
}

/**
 * The end of the night of a window that begins at a later midnight, which belongs to the evening before: 21:00–01:30
 * is a Friday's concert, not Saturday's. None for a window that begins now, or at another hour (« ce week-end »).
 */
const nightAfter = (start: Date, now: Date) =>
  start > now && zurichWallClock(start).time === '00:00'
    ? new Date(start.getTime() + NIGHT_HOURS * 3_600_000).toISOString()
    : undefined;

/**
 * The days a list looks at: its dates (« ce week-end », a range), or else the next period of its school holidays. Its
 * events are grouped from that day on, and an exhibition says its hours on it (not on today, weeks before the holidays).
 */
export function lookedAtWindow(
  filters: Pick<EventFilters, 'when' | 'from' | 'to' | 'holidays'>,
  holidays: readonly SchoolHoliday[],
  now: Date,
): { start: Date; end: Date } | null {
  const window = dateWindow(filters, now);
  if (window || !filters.holidays) return window;
  return holidayWindows(holidays, filters.holidays, now, null)[0] ?? null;
}

/** The scope of a list's venue and organizer filters, read once per store revision. */
export function cachedPlaceScope({ store }: { store: Store }, filters: Partial<EventFilters>): Promise<PlaceScope> {
  if (!filters.venue && !filters.organizer) return Promise.resolve({ unknown: [] });
  return cachedRead(store, `scope:${filters.venue ?? ''}:${filters.organizer ?? ''}`, () =>
    placeScope({ store }, filters),
  );
}

/** Every school-holiday period (issue 51), read once per store revision: the filter and the dates' marks ask. */
export function schoolHolidays({ store }: { store: Store }): Promise<SchoolHoliday[]> {
  return cachedRead(store, 'school-holidays', () => store.holidays.list());
}

/** queryFromFilters with the venue and organizer filters and the school holidays resolved. */
export async function publicQuery({ store }: { store: Store }, filters: Partial<EventFilters>, now: Date) {
  const holidays = filters.holidays ? await schoolHolidays({ store }) : undefined;
  return queryFromFilters(filters, now, await cachedPlaceScope({ store }, filters), holidays);
}

/** The list counts its events up to this many, then says « Plus de 500 événements » (decision 151). */
export const COUNT_UP_TO = 500;

/**
 * A page of the list: a series is one result at its next date in the range asked (decision 065), in date order;
 * `total` counts events and `dates` their dates (« 3 événements, 41 dates »). `capped` (the list's own count): the store
 * may stop counting at COUNT_UP_TO events, or two pages beyond the one asked, and say `more` (there are more than
 * `total`, `dates` unknown); the pages it then links to all exist.
 */
export function searchEvents(
  { store }: { store: Store },
  filters: Partial<EventFilters>,
  page = 1,
  now = new Date(),
  capped = false,
  cursor: { after?: PageCursor; before?: PageCursor } = {},
) {
  const { after, before } = cursor;
  const at = after ? `:${after.startsAt}_${after.eventId}` : before ? `:<${before.startsAt}_${before.eventId}` : '';
  const key = `search:${capped ? 'capped:' : ''}${JSON.stringify(filters)}:${page}${at}`;
  return cachedRead(store, key, async () => {
    const { items, total, dates, atLeast } = await store.events.search({
      ...(await publicQuery({ store }, filters, now)),
      oneRowPerEvent: true,
      limit: PAGE_SIZE,
      offset: (Math.max(1, page) - 1) * PAGE_SIZE,
      ...(after && page > 1 ? { after } : {}),
      ...(before && !after && page >= 1 ? { before } : {}),
      ...(capped ? { countUpTo: Math.max(COUNT_UP_TO, (Math.max(1, page) + 2) * PAGE_SIZE) } : {}),
    });
    return { items, total, dates, more: Boolean(atLeast), page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
  });
}

/**
 * How many events `filters` find, counted as the list counts them (up to COUNT_UP_TO, then `more`), without reading a
 * page: the ways out of an empty list and the suggestions only say a number (issue 69: each widening read a page of
 * 20 events and their dates, on the cold path of every empty « Autour de »).
 */
export function countEvents({ store }: { store: Store }, filters: Partial<EventFilters>, now = new Date()) {
  return cachedRead(store, `count:${JSON.stringify(filters)}`, async () => {
    const { total, atLeast } = await store.events.search({
      ...(await publicQuery({ store }, filters, now)),
      oneRowPerEvent: true,
      limit: 0,
      offset: 0,
      countUpTo: COUNT_UP_TO,
    });
    return { total, more: Boolean(atLeast) };
  });
}

/** Below this many results, a search offers a correction (« Vouliez-vous dire … ? ») if one finds more. */
export const SUGGEST_BELOW = 3;

/** How long the vocabulary of the suggestions is kept, whatever is written meanwhile (decision 143). */
export const VOCABULARY_TTL_MS = 10 * 60_000;
const vocabularies = new WeakMap<Store, ReadCache>();

/**
 * The vocabulary of the public upcoming events (titles, venues, towns, organizers), read from the store at most once
 * every VOCABULARY_TTL_MS (decision 039; decision 143: a write no longer empties it, its reading grows with the
 * agenda). Only words of public events can ever be suggested: a word of an event that has left the public since is
 * offered only if the corrected search finds more public events, which it then does not.
 */
function publicVocabulary(store: Store, now: Date) {
  let cache = vocabularies.get(store);
  if (!cache) {
    cache = createReadCache({ ttlMs: VOCABULARY_TTL_MS, maxEntries: 1 });
    vocabularies.set(store, cache);
  }
  return cache.get(0, 'vocabulary', async () =>
    buildVocabulary(await store.events.suggestionTexts({ ...queryFromFilters({}, now), limit: 0, offset: 0 })),
  );
}

/**
 * « Vouliez-vous dire … ? »: when a text search found fewer than SUGGEST_BELOW events, the same search with its
 * misspelt words corrected from the public vocabulary, and how many events it finds; null when none finds more.
 */
export async function searchSuggestion(
  { store }: { store: Store },
  filters: EventFilters,
  found: number,
  now = new Date(),
): Promise<{ q: string; total: number; more?: true } | null> {
  if (!filters.q || found >= SUGGEST_BELOW) return null;
  const q = suggestSearch(filters.q, await publicVocabulary(store, now));
  if (!q) return null;
  const { total, more } = await countEvents({ store }, { ...filters, q }, now);
  // `more` only when the count stopped (decision 151).
  return total > found ? { q, total, ...(more ? { more } : {}) } : null;
}

export function mapEvents({ store }: { store: Store }, filters: Partial<EventFilters>, now = new Date()) {
  return cachedRead(store, `map:${JSON.stringify(filters)}`, async () =>
    store.events.mapPoints(
      { ...(await publicQuery({ store }, filters, now)), limit: MAP_MAX_POINTS, offset: 0 },
      MAP_MAX_POINTS,
    ),
  );
}

export interface EventView {
  /** The content this viewer is shown. */
  event: AgendaEvent;
  /** The public sees the event (approved or cancelled). */
  isPublic: boolean;
  /**
   * What is shown is its owner's or an admin's working copy, not what the public sees: an event that is not public,
   * or a pending revision of a public one.
   */
  working: boolean;
}

/**
 * One event as this viewer may see it: the public gets the approved content of a public event (else null: 404); its
 * owner and admins get their working copy (a pending revision applied), marked as such.
 */
export async function getEventForViewer(
  { store }: { store: Store },
  id: string,
  viewer: UserProfile | null,
): Promise<EventView | null> {
  const event = await store.events.findById(id);
  if (!event) return null;
  if (actorsFor(viewer, event).length > 0) {
    const isPublic = isPublicStatus(event.status);
    return { event: workingView(event), isPublic, working: !isPublic || event.revision !== null };
  }
  const shown = publicView(event);
  return shown ? { event: shown, isPublic: true, working: false } : null;
}

/** Upcoming published events of the same category, those of the same canton chosen first, shown in date order. */
export function similarEvents(
  { store }: { store: Store },
  event: AgendaEvent,
  now = new Date(),
  count = 4,
): Promise<AgendaEvent[]> {
  // Keyed on what selects them too: an owner's working copy may have another category than the public version.
  return cachedRead(store, `similar:${event.id}:${event.category}:${event.canton}`, () =>
    findSimilar(store, event, now, count),
  );
}

async function findSimilar(store: Store, event: AgendaEvent, now: Date, count: number): Promise<AgendaEvent[]> {
  const base = {
    // Public, except cancelled: a suggestion is something one can still go to.
    status: PUBLIC_STATUSES.filter((s) => s !== 'cancelled'),
    endsAfter: now.toISOString(),
    category: event.category,
    excludeId: event.id,
    oneRowPerEvent: true,
    itemsOnly: true,
    offset: 0,
  };
  const near = await store.events.search({ ...base, canton: event.canton, limit: count });
  if (near.items.length >= count) return near.items;
  const wider = await store.events.search({ ...base, limit: count * 2 });
  const seen = new Set(near.items.map((e) => e.id));
  const chosen = [...near.items, ...wider.items.filter((e) => !seen.has(e.id))].slice(0, count);
  return chosen.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

export async function upcomingByOrganizer({ store }: { store: Store }, organizerName: string, now = new Date()) {
  const { items } = await store.events.search({
    status: PUBLIC_STATUSES,
    endsAfter: now.toISOString(),
    organizerName,
    oneRowPerEvent: true,
    limit: 12,
    offset: 0,
  });
  return items;
}
