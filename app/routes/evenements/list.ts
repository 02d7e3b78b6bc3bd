// What the list screen's parts share: the card type, the count and the filters in words.

import { CANTON_NAMES } from '~/domain/cantons';
import { describeNear } from '~/domain/distance';
import type { toEventCard } from '~/domain/event-card';
import { cardTime, type DayGroup, groupByDay, listedDay } from '~/domain/event-days';
import { type EventFilters, WHEN_OPTIONS } from '~/domain/event-filters';
import { formatCount } from '~/domain/numbers';

export type Card = ReturnType<typeof toEventCard>;
export type TimedDayGroup = DayGroup<Card> & { times: string[] };

/** « 3 événements », or with the dates of its series « 3 événements, 41 dates » (decision 065). */
export function countLabel(n: number, dates = n): string {
  if (n === 0) return 'Aucun événement';
  const events = n === 1 ? '1 événement' : `${formatCount(n)} événements`;
  return dates > n ? `${events}, ${formatCount(dates)} dates` : events;
}

export function describeFilters(filters: EventFilters, categoryName: string): string {
  const parts = [
    categoryName || null,
    filters.canton ? CANTON_NAMES[filters.canton] : null,
    filters.near ? describeNear(filters.near) : null,
    filters.when ? WHEN_OPTIONS.find((o) => o.value === filters.when)?.label.toLowerCase() : null,
    filters.holidays ? `pendant les vacances scolaires (${filters.holidays})` : null,
    filters.free ? 'gratuit' : null,
  ].filter(Boolean);
  return parts.join(' · ');
}

/** The list by day, each card with the time it shows under its day (« 20:00 », « dès 18:00 »). */
export const timedGroups = (items: Card[], now: Date, windowStart: Date | null): TimedDayGroup[] =>
  groupByDay(items, now, windowStart, listedDay).map((g) => ({ ...g, times: g.items.map((e) => cardTime(e, g.day)) }));
