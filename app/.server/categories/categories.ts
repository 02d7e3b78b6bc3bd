// Public reading of the categories (every page's footer, filters, labels), memoised until the store changes.
import type { CategoryInfo } from '~/domain/categories';
import { storeReadCache } from '../platform/read-cache';
import type { Store } from '../ports';

const cachedRead = storeReadCache({ maxEntries: 10 });

/** What pages need to show any category (the root loader sends it with every page). */
export function categoryInfos({ store }: { store: Store }): Promise<readonly CategoryInfo[]> {
  return cachedRead(store, 'categories:info', async () =>
    (await store.categories.list()).map(({ slug, label, color, active }) => ({ slug, label, color, active })),
  );
}

/** The slugs a visitor may filter on and an organizer may choose: the active categories. */
export function activeCategorySlugs({ store }: { store: Store }): Promise<readonly string[]> {
  return cachedRead(store, 'categories:active', async () =>
    (await store.categories.list()).filter((c) => c.active).map((c) => c.slug),
  );
}
