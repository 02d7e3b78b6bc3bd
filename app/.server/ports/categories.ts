// The categories of events.
import type { Category } from '~/domain/categories';

export interface CategoryStore {
  /** All categories, active or not, in their display order. */
  list(): Promise<Category[]>;
  upsertMany(categories: readonly Category[]): Promise<void>;
  findBySlug(slug: string): Promise<Category | null>;
  /** Adds a category after the last one; null when the slug is already taken. */
  create(category: Omit<Category, 'order'>): Promise<Category | null>;
  /** Changes what an admin may change (never the slug, never the order); null when there is no such category. */
  update(slug: string, fields: Pick<Category, 'label' | 'description' | 'color' | 'active'>): Promise<Category | null>;
  /** Swaps the category's place with its neighbour above or below, atomically; false when it has none there. */
  move(slug: string, direction: 'up' | 'down'): Promise<boolean>;
  /** Deletes the category only if no event uses it (checked in the same transaction); else how many do. */
  delete(slug: string): Promise<{ deleted: boolean; usage: number }>;
  /** How many events (any status, past ones included) use each category. */
  usageCounts(): Promise<Record<string, number>>;
}
