// What the home page shows: this weekend, highlights (featured first), categories with counts, a map, partners.
import { queryFromFilters, searchEvents } from './events';

// The home map is a preview: a bounded number of points keeps the page light with thousands of events.
const HOME_MAP_POINTS = 150;

import type { Store } from './ports';

export async function homeSummary(store: Store, now = new Date()) {
  const upcoming = queryFromFilters({}, now);
  const [weekend, highlights, categories, counts, partners, points] = await Promise.all([
    searchEvents(store, { when: 'week-end' }, 1, now),
    store.events.search({ ...upcoming, featuredFirst: true, limit: 8, offset: 0 }),
    store.categories.list(),
    store.events.countUpcomingByCategory(now.toISOString()),
    store.partners.list({ activeOnly: true }),
    store.events.mapPoints({ ...queryFromFilters({ when: 'mois' }, now), limit: 0, offset: 0 }, HOME_MAP_POINTS),
  ]);
  return {
    weekend: { items: weekend.items.slice(0, 8), total: weekend.total },
    highlights: { items: highlights.items, total: highlights.total },
    categories: categories
      .filter((c) => c.active)
      .map((c) => ({ slug: c.slug, label: c.label, color: c.color, count: counts[c.slug] ?? 0 })),
    partners: partners.map((p) => ({ id: p.id, name: p.name, logo: p.logo, kind: p.kind })),
    points,
  };
}
