// What the home page shows: this weekend, highlights (featured first), categories with counts, a map, partners. No event
// twice (issue 70: « À ne pas manquer » repeated « Ce week-end »), each section in date order.
import { toEventCard } from '~/domain/event-card';
import { dateWindow } from '~/domain/event-filters';
import { windowDays } from '~/domain/opening-text';
import type { Store } from '../ports';
import { registrationsOf } from '../registrations/registrations';
import { cachedRead, PUBLIC_STATUSES, queryFromFilters, schoolHolidays, searchEvents } from './public';

/** Cards in each section of the home page. */
const HOME_CARDS = 8;

export function homeSummary({ store }: { store: Store }, now = new Date()) {
  return cachedRead(store, 'home', () => readHome(store, now));
}

async function readHome(store: Store, now: Date) {
  const upcoming = queryFromFilters({}, now);
  const weekendDays = windowDays(dateWindow({ when: 'week-end', from: '', to: '' }, now));
  const [weekend, highlights, categories, counts, partners, holidays] = await Promise.all([
    // Counted up to COUNT_UP_TO: a large agenda's weekend says « Plus de 500 événements » (decision 151).
    searchEvents({ store }, { when: 'week-end' }, 1, now, true),
    // Its cards alone: the total to come is the sum of the categories' counts (decision 157); as many again as the
    // weekend shows, so that eight are left once those are set aside.
    store.events.search({
      ...upcoming,
      featuredFirst: true,
      oneRowPerEvent: true,
      itemsOnly: true,
      limit: HOME_CARDS * 2,
      offset: 0,
    }),
    store.categories.list(),
    store.events.countUpcomingByCategory(now.toISOString(), PUBLIC_STATUSES),
    store.partners.list({ activeOnly: true }),
    schoolHolidays({ store }),
  ]);
  const weekendShown = weekend.items.slice(0, HOME_CARDS);
  const onWeekend = new Set(weekendShown.map((e) => e.id));
  // Featured first to choose them, then by date to show them, as every list of the site.
  const chosen = highlights.items.filter((e) => !onWeekend.has(e.id)).slice(0, HOME_CARDS);
  chosen.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || (a.id < b.id ? -1 : 1));
  // The places to book of both rows in one read (issue 73).
  const registration = await registrationsOf({ store }, [...weekendShown, ...chosen], now);
  return {
    // An exhibition in « Ce week-end » says its Saturday and Sunday hours, not today's.
    weekend: {
      items: weekendShown.map((e) =>
        toEventCard(e, { days: weekendDays, now, holidays, registration: registration(e) }),
      ),
      total: weekend.total,
      more: weekend.more,
    },
    highlights: {
      items: chosen.map((e) => toEventCard(e, { now, holidays, registration: registration(e) })),
      // Each event has one category: their counts add up to the events to come, a series once.
      total: Object.values(counts).reduce((sum, n) => sum + n, 0),
    },
    categories: categories
      .filter((c) => c.active)
      .map((c) => ({ slug: c.slug, label: c.label, color: c.color, count: counts[c.slug] ?? 0 })),
    partners: partners.map((p) => ({ id: p.id, name: p.name, logo: p.logo, kind: p.kind })),
  };
}
