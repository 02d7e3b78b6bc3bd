// « Aucun événement » (the list's empty state): the ways out it offers, each filter widened alone with what it then
// finds, and only those that find something; and whether the dates asked are all past, which no widening but the dates
// can mend.
import { describeNear, outsideRegion, RADIUS_OPTIONS } from '~/domain/distance';
import { dateWindow, type EventFilters, isPastWindow, listPath } from '~/domain/event-filters';
import { findLocality } from '~/domain/localities';
import { quoted } from '~/domain/quoted';
import type { Store } from '../ports';
import { countEvents } from './public';

export interface WayOut {
  label: string;
  href: string;
  total: number;
  /** There are more than `total` (the count stopped there, decision 151); absent otherwise. */
  more?: true;
}

/** A filter widened: its words, the change, and the widening it is a step of (a radius: only its nearest step). */
type Widening = { label: string; change: Partial<EventFilters>; step?: 'radius' | 'town' };

/** Around a place outside the region, what the list says of it: the region's nearest town and how far (issue 70). */
export type Outside = NonNullable<ReturnType<typeof outsideRegion>>;

/**
 * The widenings of `filters` that list something, in the order of the form, and whether its dates are past. Around a
 * place outside the region (« Zürich »), `outside` says so, with the region's nearest town: « Autour de Moutier » at
 * the nearest radius, from the one asked, that finds something.
 */
export async function waysOut(
  { store }: { store: Store },
  filters: EventFilters,
  now: Date,
): Promise<{ past: boolean; ways: WayOut[]; outside?: Outside }> {
  const window = dateWindow(filters, now);
  const near = filters.near;
  const outside = near ? outsideRegion(near) : null;
  const town = outside && near ? findLocality(outside.nearest) : null;
  const widened: Widening[] = [
    ...(filters.q ? [{ label: `Sans le texte ${quoted(filters.q)}`, change: { q: '' } }] : []),
    ...(window ? [{ label: 'À toutes les dates', change: { when: '', from: '', to: '' } as const }] : []),
    ...(filters.canton ? [{ label: 'Dans toute la Romandie', change: { canton: '' } as const }] : []),
    // Each wider radius is counted, the nearest that finds something offered: 25 km before 50.
    ...(near ? RADIUS_OPTIONS.filter((r) => r > near.radius) : []).map((radius) => ({
      label: `Dans un rayon de ${radius}\u00a0km`,
      change: { near: near ? { ...near, radius } : null },
      step: 'radius' as const,
    })),
    ...(town && near ? RADIUS_OPTIONS.filter((r) => r >= near.radius) : []).map((radius) => {
      const around = { place: town?.name ?? '', lat: town?.lat ?? 0, lng: town?.lng ?? 0, radius };
      const words = describeNear(around);
      return { label: words[0].toUpperCase() + words.slice(1), change: { near: around }, step: 'town' as const };
    }),
    ...(filters.category ? [{ label: 'Dans toutes les catégories', change: { category: '' } as const }] : []),
    ...(filters.free ? [{ label: 'Payants aussi', change: { free: false } }] : []),
    ...(filters.family ? [{ label: 'Pas seulement en famille', change: { family: false } }] : []),
    ...(filters.accessible ? [{ label: 'Pas seulement les lieux accessibles', change: { accessible: false } }] : []),
    ...(filters.holidays ? [{ label: 'Hors des vacances scolaires aussi', change: { holidays: '' } as const }] : []),
  ];
  const count = async ({ label, change }: Widening) => {
    const wider = { ...filters, ...change };
    const { total, more } = await countEvents({ store }, wider, now);
    return { label, href: listPath(wider), total, more: more || undefined };
  };
  /** The steps of one widening in turn, up to the nearest that finds something: 25 km before 50, not both counted. */
  const nearest = async (step: Widening['step']) => {
    for (const widening of widened.filter((w) => w.step === step)) {
      const way = await count(widening);
      if (way.total > 0) return way;
    }
    return null;
  };
  const [alone, byRadius, byTown] = await Promise.all([
    Promise.all(widened.filter((w) => !w.step).map(count)),
    nearest('radius'),
    nearest('town'),
  ]);
  // In the order of the form: the text, the dates, the canton, the radius, the town, then the other filters.
  const order = (way: { label: string }) => widened.findIndex((w) => w.label === way.label);
  const ways = [...alone, ...(byRadius ? [byRadius] : []), ...(byTown ? [byTown] : [])]
    .filter((w) => w.total > 0)
    .sort((a, b) => order(a) - order(b))
    .map(({ label, href, total, more }) => ({ label, href, total, ...(more ? { more } : {}) }));
  return { past: isPastWindow(window, now), ways, ...(outside ? { outside } : {}) };
}
