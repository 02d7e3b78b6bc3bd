// The store's categories as every page receives them from the root loader (labels, colours, active state).
import { useRouteLoaderData } from '@remix-run/react';
import { useMemo } from 'react';
import { type CategoryInfo, categoryDisplay, DEFAULT_CATEGORIES } from '~/domain/categories';
import type { loader as rootLoader } from '~/root';

/** All categories in order, deactivated ones included (their events still show their label). */
export function useCategories(): readonly CategoryInfo[] {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  // Without the root's data (an error page), the seeded defaults keep the footer useful.
  return root?.categories ?? DEFAULT_CATEGORIES;
}

/** The categories offered to visitors and organizers: the active ones, in order. */
export function useActiveCategories(): readonly CategoryInfo[] {
  const categories = useCategories();
  return useMemo(() => categories.filter((c) => c.active), [categories]);
}

/** Label and colour of one slug (an unknown one shows as itself, in a neutral colour). */
export function useCategory(slug: string): { label: string; color: string; active: boolean } {
  return categoryDisplay(slug, useCategories());
}
