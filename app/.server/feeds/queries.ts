// The events of a feed (iCal, RSS): the same filters and rules as the events list, without paging.
import type { CategoryInfo } from '~/domain/categories';
import type { AgendaEvent } from '~/domain/event';
import { type EventFilters, parseEventFilters } from '~/domain/event-filters';
import { activeCategorySlugs, categoryInfos } from '../categories/categories';
import { publicQuery } from '../events/public';
import type { Store } from '../ports';

/** At most this many events in one feed: a subscription is a selection, not an export of the database. */
export const FEED_MAX_EVENTS = 500;

export interface FeedSelection {
  events: AgendaEvent[];
  filters: EventFilters;
  /** French message when the search text (or the centre, or the radius) is refused (the feed then has no events and answers 400). */
  searchError: string | null;
  /** The store's categories, for the labels of the feed and its events. */
  categories: readonly CategoryInfo[];
}

/**
 * `series`: a series is one item at its next date (the RSS feed, read as a list: decision 065); without it one item
 * per date (the iCal feed, where each date is an entry of the calendar).
 */
export async function eventsForFeed(
  { store }: { store: Store },
  params: URLSearchParams,
  now = new Date(),
  { series = false } = {},
): Promise<FeedSelection> {
  const [active, categories] = await Promise.all([activeCategorySlugs({ store }), categoryInfos({ store })]);
  const parsed = parseEventFilters(params, active);
  const { filters } = parsed;
  // A refused centre or radius (issue 47) is refused like a refused search text: no events, 400.
  const searchError = parsed.searchError ?? parsed.nearError;
  if (searchError) return { events: [], filters, searchError, categories };
  const { items } = await store.events.search({
    ...(await publicQuery({ store }, filters, now)),
    oneRowPerEvent: series,
    limit: FEED_MAX_EVENTS,
    offset: 0,
  });
  return { events: items, filters, searchError: null, categories };
}
