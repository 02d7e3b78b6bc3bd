// What the list screen's parts share: the card type, the count and the filters in words.

import { CANTON_NAMES } from '~/domain/cantons';
import { describeNear } from '~/domain/distance';
import type { toEventCard } from '~/domain/event-card';
import { cardTime, type DayGroup, groupByDay, listedDay } from '~/domain/event-days';
import { type EventFilters, hasActiveFilters, listPath, WHEN_OPTIONS } from '~/domain/event-filters';
import { ignoredFilters } from '~/domain/ignored-filters';
import { formatCount } from '~/domain/numbers';

/** Where the list begins: pagination and « Voir N événements » land here, below the sticky filter bar. */
export const RESULTS_ID = 'resultats';

export type Card = ReturnType<typeof toEventCard>;
export type TimedDayGroup = DayGroup<Card> & { times: string[] };

/**
 * « 3 événements », or with the dates of its series « 3 événements, 41 dates » (decision 065); « Plus de 500 événements »
 * when the count stopped there (`more`, decision 151).
 */
export function countLabel(n: number, dates = n, more = false): string {
  if (more) return `Plus de ${formatCount(n)} événements`;
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

/**
 * The selection in words, for the tab and for the count read aloud: the alert's words (every filter, the dates, « en
 * famille », the text searched), or for a refused list, which has none, the filters that were understood.
 */
export function describeSelection(filters: EventFilters, categoryName: string, alertDescription: string): string {
  if (!hasActiveFilters(filters)) return '';
  return alertDescription || describeFilters(filters, categoryName);
}

/** The list by day, each card with the time it shows under its day (« 20:00 », « dès 18:00 »). */
export const timedGroups = (items: Card[], now: Date, windowStart: Date | null): TimedDayGroup[] =>
  groupByDay(items, now, windowStart, listedDay).map((g) => ({ ...g, times: g.items.map((e) => cardTime(e, g.day)) }));

/**
 * « Quand » sent beside typed dates: the dates win (parseEventFilters), and the list says so, with the way to the period
 * instead. Without JavaScript, choosing « Ce week-end » after typing dates sends both; with it, the form empties the other.
 */
export function whenSetAside(params: URLSearchParams, filters: EventFilters) {
  const asked = WHEN_OPTIONS.find((o) => o.value === params.get('quand'));
  // And the filters not understood (issue 70: `?vacances=xyz` was silently ignored), each said in a sentence.
  const ignored = ignoredFilters(params, filters);
  const when =
    !asked || filters.when || !(filters.from || filters.to)
      ? null
      : { label: asked.label, href: listPath({ ...filters, when: asked.value, from: '', to: '' }) };
  return when || ignored.length > 0 ? { when, ignored } : null;
}

/**
 * The form's button: « Filtrer » without JavaScript; with it, what the list already shows (« Voir 12 événements »,
 * « Aucun événement »), and « Filtrer » again while a field is refused: the list then shows no count to go and see.
 */
export function submitLabel(hydrated: boolean, total: number, refused: boolean, more = false): string {
  if (!hydrated || refused) return 'Filtrer';
  return total > 0 ? `Voir ${countLabel(total, total, more).toLowerCase()}` : 'Aucun événement';
}

/**
 * To the results' start (#resultats: what is said above the list, then the list), just below the sticky header and filter bar whatever their height (the bar's chips, a count on
 * two lines): the holiday periods and the first day's heading visible, not under the bar (issue 70).
 */
export function scrollToResults() {
  const start = document.getElementById(RESULTS_ID);
  if (!start) return;
  const bar = document.querySelector<HTMLElement>('[data-testid="filter-bar"]');
  const covered = bar ? (Number.parseFloat(getComputedStyle(bar).top) || 0) + bar.offsetHeight : 0;
  window.scrollTo({ top: start.getBoundingClientRect().top + window.scrollY - covered - 8 });
}
