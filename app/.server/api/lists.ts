// The public API's categories and partners: what the site shows of them, nothing more.
import { categoryInfos } from '../categories/categories';
import { cachedRead, PUBLIC_STATUSES } from '../events/public';
import type { Store } from '../ports';
import { apiCategory, apiPartner } from './representation';

export async function apiCategories({ store }: { store: Store }, siteUrl: string, now = new Date()) {
  const [categories, counts] = await Promise.all([
    categoryInfos({ store }),
    cachedRead(store, 'api:category-counts', () =>
      store.events.countUpcomingByCategory(now.toISOString(), PUBLIC_STATUSES),
    ),
  ]);
  return {
    data: categories.filter((c) => c.active).map((c) => apiCategory(c, siteUrl, counts[c.slug] ?? 0)),
  };
}

export async function apiPartners({ store }: { store: Store }, siteUrl: string) {
  const partners = await store.partners.list({ activeOnly: true });
  return { data: partners.map((p) => apiPartner(p, siteUrl)) };
}
