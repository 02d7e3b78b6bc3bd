// Categories of the SQLite store.
import type { Category } from '~/domain/categories';
import type { CategoryStore } from '../../ports';
import type { Db } from './db';
import { writeTransaction } from './db';
import { bool, type Row, str } from './rows';

function toCategory(row: Row): Category {
  return {
    slug: str(row.slug),
    label: str(row.label),
    description: str(row.description),
    color: str(row.color),
    order: Number(row.sort_order),
    active: bool(row.active),
  };
}

export function createCategoryStore(db: Db): CategoryStore {
  const find = (slug: string) => {
    const row = db.prepare('SELECT * FROM categories WHERE slug = ?').get(slug) as Row | undefined;
    return row ? toCategory(row) : null;
  };
  const usage = (slug: string) =>
    (db.prepare('SELECT COUNT(*) AS n FROM events WHERE category = ?').get(slug) as { n: number }).n;

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
      writeTransaction(db, () => {
        for (const c of categories) upsert.run({ ...c, active: c.active ? 1 : 0 });
      })();
    },
    async findBySlug(slug) {
      return find(slug);
    },
    async create(category) {
      // The place after the last one is computed by the INSERT itself: two admins creating at once get two places.
      const result = db
        .prepare(
          `INSERT INTO categories (slug, label, description, color, sort_order, active)
             SELECT @slug, @label, @description, @color, COALESCE(MAX(sort_order), 0) + 1, @active FROM categories WHERE true
           ON CONFLICT(slug) DO NOTHING`,
        )
        .run({
          slug: category.slug,
          label: category.label,
          description: category.description,
          color: category.color,
          active: category.active ? 1 : 0,
        });
      return result.changes === 1 ? find(category.slug) : null;
    },
    async update(slug, fields) {
      const result = db
        .prepare(
          `UPDATE categories SET label = @label, description = @description, color = @color, active = @active
           WHERE slug = @slug`,
        )
        .run({
          slug,
          label: fields.label,
          description: fields.description,
          color: fields.color,
          active: fields.active ? 1 : 0,
        });
      return result.changes === 1 ? find(slug) : null;
    },
    async move(slug, direction) {
      return writeTransaction(db, () => {
        const ordered = db.prepare('SELECT slug, sort_order FROM categories ORDER BY sort_order, slug').all() as {
          slug: string;
          sort_order: number;
        }[];
        const index = ordered.findIndex((c) => c.slug === slug);
        const other = direction === 'up' ? index - 1 : index + 1;
        if (index < 0 || other < 0 || other >= ordered.length) return false;
        const setOrder = db.prepare('UPDATE categories SET sort_order = ? WHERE slug = ?');
        const orders = ordered.map((c) => c.sort_order);
        if (new Set(orders).size === orders.length) {
          // The usual case: the two neighbours swap their places, nothing else moves.
          setOrder.run(ordered[other].sort_order, slug);
          setOrder.run(ordered[index].sort_order, ordered[other].slug);
        } else {
          // Equal places (old data) cannot be swapped: number everything 1…n in the new order.
          [ordered[index], ordered[other]] = [ordered[other], ordered[index]];
          for (const [i, c] of ordered.entries()) setOrder.run(i + 1, c.slug);
        }
        return true;
      })();
    },
    async delete(slug) {
      return writeTransaction(db, () => {
        const n = usage(slug);
        if (n > 0) return { deleted: false, usage: n };
        const result = db.prepare('DELETE FROM categories WHERE slug = ?').run(slug);
        return { deleted: result.changes === 1, usage: 0 };
      })();
    },
    async usageCounts() {
      const rows = db.prepare('SELECT category, COUNT(*) AS n FROM events GROUP BY category').all() as {
        category: string;
        n: number;
      }[];
      return Object.fromEntries(rows.map((r) => [r.category, r.n]));
    },
  };
}
