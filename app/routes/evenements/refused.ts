// The list's answer when its search text or its centre is refused (400): the form and the message, no results.

import type { waysOut } from '~/.server/events/ways-out';
import { filterChips } from '~/components/discovery/filter-chips';
import { namesCloseTo } from '~/domain/close-localities';
import type { EventMapPoint } from '~/domain/event';
import type { EventFilters } from '~/domain/event-filters';
import type { PlaceReading } from '~/domain/search-place';
import type { Card, TimedDayGroup, whenSetAside } from './list';

/** What was asked, as the list's answer carries it back to the page. */
export interface AskedList {
  filters: EventFilters;
  categoryName: string;
  searchError: string | null;
  nearError: string | null;
  typedAround: string;
  view: 'carte' | 'liste';
}

export function refusedList(asked: AskedList) {
  const { filters, categoryName, view } = asked;
  return {
    ...asked,
    // The localities close to a refused « Autour de »: the field's suggestions.
    aroundSuggestions: asked.nearError ? namesCloseTo(asked.typedAround) : [],
    items: [] as Card[],
    total: 0,
    dates: 0,
    more: false,
    page: 1,
    pageCount: 1,
    after: null as string | null,
    before: null as string | null,
    points: [] as EventMapPoint[],
    groups: [] as TimedDayGroup[],
    chips: filterChips(filters, categoryName, view === 'carte' ? { vue: 'carte' } : {}),
    suggestion: null as { q: string; total: number; more?: true } | null,
    placeReading: null as PlaceReading | null,
    whenAside: null as ReturnType<typeof whenSetAside>,
    holidayDates: [] as string[],
    empty: null as Awaited<ReturnType<typeof waysOut>> | null,
    alertDescription: '',
    fediverse: null as string | null,
  };
}
