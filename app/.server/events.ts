// Public reading of events: the agenda with its filters, the map, one event as a viewer may see it, similar events.

import type { AgendaEvent, EventStatus } from '~/domain/event';
import { dateWindow, type EventFilters } from '~/domain/event-filters';
import { searchWords } from '~/domain/search-text';
import type { EventQuery, Store, UserProfile } from './ports';
import { createReadCache } from './read-cache';
import { singleton } from './singleton';

export const PAGE_SIZE = 20;
export const MAP_MAX_POINTS = 2000;
/** What the public sees: published events, and cancelled ones (with a badge). */
export const PUBLIC_STATUSES: EventStatus[] = ['approved', 'cancelled'];

const readCache = () => singleton('eventsReadCache', () => createReadCache());

/**
 * Public reads are memoised for a few seconds and until the next write. Keys name the filters, not the clock:
 * an event that ends during those seconds may stay listed that long.
 */
export function cachedRead<T>(store: Store, key: string, compute: () => Promise<T>): Promise<T> {
  return readCache().get(store.revision(), key, compute);
}

/** The store query for a set of list filters: from now on (or the date window), public statuses. */
export function queryFromFilters(filters: Partial<EventFilters>, now: Date): Omit<EventQuery, 'limit' | 'offset'> {
  const window = dateWindow({ when: filters.when ?? '', from: filters.from ?? '', to: filters.to ?? '' }, now);
  const start = window && window.start > now ? window.start : now;
  return {
    status: PUBLIC_STATUSES,
    endsAfter: new Date(start.getTime()).toISOString(),
    startsBefore: window ? new Date(window.end.getTime()).toISOString() : undefined,
    category: filters.category || undefined,
    canton: filters.canton || undefined,
    words: filters.q ? searchWords(filters.q) : undefined,
    free: filters.free || undefined,
    family: filters.family || undefined,
    accessible: filters.accessible || undefined,
  };
}

export function searchEvents(store: Store, filters: Partial<EventFilters>, page = 1, now = new Date()) {
  return cachedRead(store, `search:${JSON.stringify(filters)}:${page}`, async () => {
    const { items, total } = await store.events.search({
      ...queryFromFilters(filters, now),
      limit: PAGE_SIZE,
      offset: (Math.max(1, page) - 1) * PAGE_SIZE,
    });
    return { items, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
  });
}

export function mapEvents(store: Store, filters: Partial<EventFilters>, now = new Date()) {
  return cachedRead(store, `map:${JSON.stringify(filters)}`, () =>
    store.events.mapPoints({ ...queryFromFilters(filters, now), limit: MAP_MAX_POINTS, offset: 0 }, MAP_MAX_POINTS),
  );
}

/** Approved and cancelled events are public; others only for their owner and admins, or null (404). */
export async function getEventForViewer(
  store: Store,
  id: string,
  viewer: UserProfile | null,
): Promise<AgendaEvent | null> {
  const event = await store.events.findById(id);
  if (!event) return null;
  if (PUBLIC_STATUSES.includes(event.status)) return event;
  if (viewer && (viewer.role === 'admin' || viewer.uid === event.createdBy)) return event;
  return null;
}

/** Upcoming published events of the same category, those of the same canton first. */
export function similarEvents(store: Store, event: AgendaEvent, now = new Date(), count = 4): Promise<AgendaEvent[]> {
  return cachedRead(store, `similar:${event.id}`, () => findSimilar(store, event, now, count));
}

async function findSimilar(store: Store, event: AgendaEvent, now: Date, count: number): Promise<AgendaEvent[]> {
  const base = {
    status: ['approved'] as EventStatus[],
    endsAfter: now.toISOString(),
    category: event.category,
    excludeId: event.id,
    offset: 0,
  };
  const near = await store.events.search({ ...base, canton: event.canton, limit: count });
  if (near.items.length >= count) return near.items;
  const wider = await store.events.search({ ...base, limit: count * 2 });
  const seen = new Set(near.items.map((e) => e.id));
  return [...near.items, ...wider.items.filter((e) => !seen.has(e.id))].slice(0, count);
}

export async function upcomingByOrganizer(store: Store, organizerName: string, now = new Date()) {
  const { items } = await store.events.search({
    status: PUBLIC_STATUSES,
    endsAfter: now.toISOString(),
    organizerName,
    limit: 12,
    offset: 0,
  });
  return items;
}
