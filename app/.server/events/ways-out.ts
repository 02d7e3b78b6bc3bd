// « Aucun événement » (the list's empty state): the ways out it offers, each filter widened alone with what it then
// finds, and only those that find something; and whether the dates asked are all past, which no widening but the dates
// can mend.
import { dateWindow, type EventFilters, filtersToParams } from '~/domain/event-filters';
import { quoted } from '~/domain/quoted';
import type { Store } from '../ports';
import { searchEvents } from './public';

export interface WayOut {
  label: string;
  href: string;
  total: number;
}

const listOf = (filters: EventFilters) => {
  const query = filtersToParams(filters).toString();
  return query ? `/evenements?${query}` : '/evenements';
};

/** The widenings of `filters` that list something, in the order of the form, and whether its dates are past. */
export async function waysOut(
  { store }: { store: Store },
  filters: EventFilters,
  now: Date,
): Promise<{ past: boolean; ways: WayOut[] }> {
  const window = dateWindow(filters, now);
  const widened: [string, Partial<EventFilters>][] = [];
  if (filters.q) widened.push([`Sans le texte ${quoted(filters.q)}`, { q: '' }]);
  if (window) widened.push(['À toutes les dates', { when: '', from: '', to: '' }]);
  if (filters.canton) widened.push(['Dans toute la Romandie', { canton: '' }]);
  if (filters.near && filters.near.radius < 50)
    widened.push(['Dans un rayon de 50\u00a0km', { near: { ...filters.near, radius: 50 } }]);
  if (filters.category) widened.push(['Dans toutes les catégories', { category: '' }]);
  if (filters.free) widened.push(['Payants aussi', { free: false }]);
  if (filters.family) widened.push(['Pas seulement en famille', { family: false }]);
  if (filters.accessible) widened.push(['Pas seulement les lieux accessibles', { accessible: false }]);
  if (filters.holidays) widened.push(['Hors des vacances scolaires aussi', { holidays: '' }]);
  const counted = await Promise.all(
    widened.map(async ([label, change]) => {
      const wider = { ...filters, ...change };
      const { total } = await searchEvents({ store }, wider, 1, now);
      return { label, href: listOf(wider), total };
    }),
  );
  return { past: window !== null && window.end.getTime() <= now.getTime(), ways: counted.filter((w) => w.total > 0) };
}
