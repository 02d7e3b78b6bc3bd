// Partners and donors of the Firestore store: `partners/{id}`; order changes are transactions over one kind.
import type { FirestoreDataConverter } from 'firebase-admin/firestore';
import type { Partner, PartnerKind } from '~/domain/partner';
import type { PartnerStore } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, inBatches } from './db';

export const partnerConverter: FirestoreDataConverter<Partner> = {
  toFirestore: (p) => ({
    id: p.id,
    slug: p.slug,
    name: p.name,
    kind: p.kind,
    description: p.description ?? '',
    logo: p.logo ?? null,
    websiteUrl: p.websiteUrl ?? '',
    order: p.order,
    active: Boolean(p.active),
  }),
  fromFirestore: (snapshot) => {
    const d = snapshot.data();
    return {
      id: snapshot.id,
      slug: String(d.slug),
      name: String(d.name),
      kind: d.kind as PartnerKind,
      description: String(d.description ?? ''),
      logo: d.logo == null ? null : String(d.logo),
      websiteUrl: String(d.websiteUrl ?? ''),
      order: Number(d.order),
      active: Boolean(d.active),
    };
  },
};

export function createPartnerStore(ctx: FirestoreContext): PartnerStore {
  const { db } = ctx;
  const partners = () => db.collection(COLLECTIONS.partners).withConverter(partnerConverter);
  const inLock = <T>(fn: () => Promise<T>) => ctx.lock('partners', fn);
  const byPlace = (a: Partner, b: Partner) => a.order - b.order || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

  return {
    async list(options) {
      const all = (await partners().get()).docs.map((d) => d.data());
      // Partners before donors ('partenaire' > 'donateur', as the SQLite store sorts kind DESC), then their order.
      return all
        .filter((p) => !options?.activeOnly || p.active)
        .sort((a, b) => (a.kind === b.kind ? byPlace(a, b) : a.kind < b.kind ? 1 : -1));
    },
    async findById(id) {
      const direct = (await partners().doc(id).get()).data();
      if (direct) return direct;
      const bySlug = await partners().where('slug', '==', id).limit(1).get();
      return bySlug.docs[0]?.data() ?? null;
    },
    async insertMany(list) {
      await inBatches(db, list, (batch, p) => batch.set(partners().doc(p.id), p));
      ctx.touched();
    },
    async create(partner) {
      const created = await inLock(() =>
        db.runTransaction(async (tx) => {
          const sameKind = (await tx.get(partners().where('kind', '==', partner.kind))).docs.map((d) => d.data());
          const next: Partner = { ...partner, order: Math.max(0, ...sameKind.map((p) => p.order)) + 1 };
          tx.create(partners().doc(partner.id), next);
          return next;
        }),
      );
      ctx.touched();
      return created;
    },
    async update(id, fields) {
      const updated = await inLock(() =>
        db.runTransaction(async (tx) => {
          const ref = partners().doc(id);
          const current = (await tx.get(ref)).data();
          if (!current) return null;
          let order = current.order;
          if (current.kind !== fields.kind) {
            const other = (await tx.get(partners().where('kind', '==', fields.kind))).docs.map((d) => d.data());
            order = Math.max(0, ...other.map((p) => p.order)) + 1;
          }
          const next: Partner = { ...current, ...fields, order };
          tx.set(ref, next);
          return next;
        }),
      );
      if (updated) ctx.touched();
      return updated;
    },
    async setActive(id, active) {
      const done = await inLock(() =>
        db.runTransaction(async (tx) => {
          const ref = partners().doc(id);
          if (!(await tx.get(ref)).exists) return false;
          tx.update(ref, { active });
          return true;
        }),
      );
      if (done) ctx.touched();
      return done;
    },
    async delete(id) {
      const done = await inLock(() =>
        db.runTransaction(async (tx) => {
          const ref = partners().doc(id);
          if (!(await tx.get(ref)).exists) return false;
          tx.delete(ref);
          return true;
        }),
      );
      if (done) ctx.touched();
      return done;
    },
    async reorder(kind, ids) {
      const done = await inLock(() =>
        db.runTransaction(async (tx) => {
          const rows = (await tx.get(partners().where('kind', '==', kind))).docs.map((d) => d.data()).sort(byPlace);
          const known = new Set(rows.map((r) => r.id));
          if (ids.length !== rows.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
            return false;
          }
          const before = new Map(rows.map((r) => [r.id, r.order]));
          let orders = rows.map((r) => r.order);
          if (new Set(orders).size !== orders.length) orders = orders.map((_, index) => index + 1);
          ids.forEach((id, index) => {
            if (before.get(id) !== orders[index]) tx.update(partners().doc(id), { order: orders[index] });
          });
          return true;
        }),
      );
      if (done) ctx.touched();
      return done;
    },
  };
}
