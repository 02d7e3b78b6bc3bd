// Categories of the SQLite store.
import type { Category, CategorySlug } from '~/domain/categories';
import type { CategoryStore } from '../../ports';
import type { Db } from './db';
import { bool, type Row, str } from './rows';

function toCategory(row: Row): Category {
  return {
    slug: row.slug as CategorySlug,
    label: str(row.label),
    description: str(row.description),
    color: str(row.color),
    order: Number(row.sort_order),
    active: bool(row.active),
  };
}

export function createCategoryStore(db: Db): CategoryStore {
  return {
    async list() {
      return (db.prepare('SELECT * FROM categories ORDER BY sort_order, slug').all() as Row[]).map(toCategory);
    },
    async upsertMany(categories) {
      const upsert = db.prepare(
        `INSERT INTO categories (slug, label, description, color, sort_order, active)
           VALUES (@slug, @label, @description, @color, @order, @active)
           ON CONFLICT(slug) DO UPDATE SET label = excluded.label, description = excluded.description,
             color = excluded.color, sort_order = excluded.sort_order, active = excluded.active`,
      );
      db.transaction(() => {
        for (const c of categories) upsert.run({ ...c, active: c.active ? 1 : 0 });
      })();
    },
  };
}
