// Categories of the Firestore store: `categories/{slug}`. Writes that depend on the other categories (place, swap)
// or on the events (delete only when unused) read them in the same transaction.
import type { FirestoreDataConverter } from 'firebase-admin/firestore';
import type { Category } from '~/domain/categories';
import type { CategoryStore } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, inBatches } from './db';

export const categoryConverter: FirestoreDataConverter<Category> = {
  toFirestore: (c) => ({
    slug: c.slug,
    label: c.label,
    description: c.description ?? '',
    color: c.color,
    order: c.order,
    active: Boolean(c.active),
  }),
  fromFirestore: (snapshot) => {
    const d = snapshot.data();
    return {
      slug: snapshot.id,
      label: String(d.label),
      description: String(d.description ?? ''),
      color: String(d.color),
      order: Number(d.order),
      active: Boolean(d.active),
    };
  },
};

const ordered = (list: Category[]) =>
  list.sort((a, b) => a.order - b.order || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));

export function createCategoryStore(ctx: FirestoreContext): CategoryStore {
  const { db } = ctx;
  const categories = () => db.collection(COLLECTIONS.categories).withConverter(categoryConverter);
  const inLock = <T>(fn: () => Promise<T>) => ctx.lock('categories', fn);

  return {
    async list() {
      return ordered((await categories().get()).docs.map((d) => d.data()));
    },
    async upsertMany(list) {
      await inBatches(db, list, (batch, c) => batch.set(categories().doc(c.slug), c));
      ctx.touched();
    },
    async findBySlug(slug) {
      return (await categories().doc(slug).get()).data() ?? null;
    },
    async create(category) {
      const created = await inLock(() =>
        db.runTransaction(async (tx) => {
          const all = (await tx.get(categories())).docs.map((d) => d.data());
          if (all.some((c) => c.slug === category.slug)) return null;
          const next: Category = { ...category, order: Math.max(0, ...all.map((c) => c.order)) + 1 };
          tx.create(categories().doc(category.slug), next);
          return next;
        }),
      );
      if (created) ctx.touched();
      return created;
    },
    async update(slug, fields) {
      const updated = await inLock(() =>
        db.runTransaction(async (tx) => {
          const ref = categories().doc(slug);
          const current = (await tx.get(ref)).data();
          if (!current) return null;
          const next: Category = {
            ...current,
            label: fields.label,
            description: fields.description,
            color: fields.color,
            active: fields.active,
          };
          tx.set(ref, next);
          return next;
        }),
      );
      if (updated) ctx.touched();
      return updated;
    },
    async move(slug, direction) {
      const moved = await inLock(() =>
        db.runTransaction(async (tx) => {
          const all = ordered((await tx.get(categories())).docs.map((d) => d.data()));
          const index = all.findIndex((c) => c.slug === slug);
          const other = direction === 'up' ? index - 1 : index + 1;
          if (index < 0 || other < 0 || other >= all.length) return false;
          const orders = all.map((c) => c.order);
          if (new Set(orders).size === orders.length) {
            tx.update(categories().doc(slug), { order: all[other].order });
            tx.update(categories().doc(all[other].slug), { order: all[index].order });
          } else {
            [all[index], all[other]] = [all[other], all[index]];
            for (const [i, c] of all.entries()) tx.update(categories().doc(c.slug), { order: i + 1 });
          }
          return true;
        }),
      );
      if (moved) ctx.touched();
      return moved;
    },
    async delete(slug) {
      const result = await inLock(() =>
        db.runTransaction(async (tx) => {
          const used = await tx.get(db.collection(COLLECTIONS.events).where('category', '==', slug).count());
          const usage = used.data().count;
          if (usage > 0) return { deleted: false, usage };
          const ref = categories().doc(slug);
          const exists = (await tx.get(ref)).exists;
          if (exists) tx.delete(ref);
          return { deleted: exists, usage: 0 };
        }),
      );
      if (result.deleted) ctx.touched();
      return result;
    },
    // One aggregation per category (decision 160): no event read.
    async usageCounts() {
      const slugs = (await categories().select().get()).docs.map((d) => d.id);
      const counts: Record<string, number> = {};
      await Promise.all(
        slugs.map(async (slug) => {
          const used = db.collection(COLLECTIONS.events).where('category', '==', slug);
          const n = (await used.count().get()).data().count;
          if (n > 0) counts[slug] = n;
        }),
      );
      return counts;
    },
  };
}
