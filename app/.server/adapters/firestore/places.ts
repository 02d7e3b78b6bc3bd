// Venues and organizers of the Firestore store (issue 36): `venues/{id}`, `organizers/{id}`, the record as the domain
// has it (former slugs in `redirectFrom`, looked up with array-contains). Writes are transactions under one lock per
// collection, so two records never take one slug; a merge moves the events in the same transaction.
import type { DocumentData, Firestore, Transaction } from 'firebase-admin/firestore';
import type { Organizer, Venue } from '~/domain/place';
import { byName, edited, mergedWithTrace, slugsOf, unmerged } from '~/domain/place-records';
import type { OrganizerStore, PlaceRecordStore, VenueStore } from '../../ports';
import { organizerWrites } from '../organizer-writes';
import type { FirestoreContext } from './context';
import { COLLECTIONS, inBatches } from './db';

type PlaceRecord = Venue | Organizer;

/**
 * Derived field of a venue's document: true when it has no point (latitude or longitude null), so the start finds
 * those with an equality query (Firestore's `== null` is not kept by every emulator). Rebuilt on import, never read back.
 */
export const WITHOUT_POINT = 'withoutPoint';

const withoutPoint = (r: { lat?: unknown; lng?: unknown }) => r.lat === null || r.lng === null;

/** Plain data for Firestore (no `undefined`); a venue with its derived flag. */
const plain = <T>(r: T): DocumentData => {
  const data = JSON.parse(JSON.stringify(r)) as DocumentData;
  return 'lat' in data ? { ...data, [WITHOUT_POINT]: withoutPoint(data) } : data;
};

/** The record of a document, without the derived flag. */
export function fromDoc<T>(data: DocumentData): T {
  const { [WITHOUT_POINT]: _derived, ...record } = data;
  return record as T;
}

const UPGRADE = 'venueWithoutPoint';
const upgrades = new WeakMap<Firestore, Promise<void>>();

/**
 * Venues written before the derived flag get it, once per database: a marker document says it is done (one read per
 * process afterwards), as for the accounts' search pieces (user-search.ts).
 */
function upgradeVenuePoints(db: Firestore): Promise<void> {
  let done = upgrades.get(db);
  if (!done) {
    done = (async () => {
      const marker = db.collection(COLLECTIONS.upgrades).doc(UPGRADE);
      if ((await marker.get()).exists) return;
      const all = await db.collection(COLLECTIONS.venues).select('lat', 'lng', WITHOUT_POINT).get();
      const missing = all.docs.filter((d) => typeof d.get(WITHOUT_POINT) !== 'boolean');
      await inBatches(db, missing, (batch, d) =>
        batch.update(d.ref, { [WITHOUT_POINT]: withoutPoint({ lat: d.get('lat'), lng: d.get('lng') }) }),
      );
      await marker.set({ doneAt: new Date().toISOString() });
    })();
    // A failed upgrade is tried again by the next call.
    done.catch(() => upgrades.delete(db));
    upgrades.set(db, done);
  }
  return done;
}

function createRecords<T extends PlaceRecord, F>(
  ctx: FirestoreContext,
  name: 'venues' | 'organizers',
  eventField: 'venueId' | 'organizerId',
): PlaceRecordStore<T, F> {
  const { db } = ctx;
  const records = () => db.collection(COLLECTIONS[name]);
  const read = (data: DocumentData | undefined): T | null => (data ? fromDoc<T>(data) : null);
  const inLock = <R>(fn: (tx: Transaction) => Promise<R>) => ctx.lock(name, () => db.runTransaction(fn));
  /** The record answering to this slug (current or former), read in the transaction when there is one. */
  const owner = async (slug: string, tx?: Transaction): Promise<T | null> => {
    const queries = [records().where('slug', '==', slug), records().where('redirectFrom', 'array-contains', slug)];
    for (const q of queries) {
      const snapshot = tx ? await tx.get(q.limit(1)) : await q.limit(1).get();
      if (!snapshot.empty) return fromDoc<T>(snapshot.docs[0].data());
    }
    return null;
  };
  const free = async (r: T, tx: Transaction, except?: string) => {
    for (const s of slugsOf(r)) if (((await owner(s, tx))?.id ?? except) !== except) return false;
    return true;
  };
  const written = async <R>(result: R, eventIds: readonly string[] = []) => {
    for (const id of eventIds) await ctx.refreshEvent(id);
    ctx.touched();
    return result;
  };

  return {
    async list(options) {
      const query = options?.status ? records().where('status', '==', options.status) : records();
      return (await query.get()).docs.map((d) => fromDoc<T>(d.data())).sort(byName);
    },
    async findById(id) {
      return read((await records().doc(id).get()).data());
    },
    async findBySlug(slug) {
      const record = await owner(slug);
      return record ? { record, moved: record.slug !== slug } : null;
    },
    async insertMany(list) {
      // Content stored as it is (migration, demo, tests): slugs checked against one read of the collection.
      const taken = new Set((await records().get()).docs.flatMap((d) => slugsOf(fromDoc<T>(d.data()))));
      for (const r of list) {
        if (slugsOf(r).some((s) => taken.has(s))) throw new Error(`${name} : l’adresse « ${r.slug} » est déjà prise`);
        for (const s of slugsOf(r)) taken.add(s);
      }
      await inBatches(db, list, (batch, r) => batch.create(records().doc(r.id), plain(r)));
      await written(undefined);
    },
    async create(record) {
      const ok = await inLock(async (tx) => {
        if (!(await free(record, tx))) return false;
        tx.create(records().doc(record.id), plain(record));
        return true;
      });
      return ok ? written(true) : false;
    },
    async update(id, fields, now) {
      const next = await inLock(async (tx) => {
        const current = read((await tx.get(records().doc(id))).data());
        if (!current) return null;
        const changed = edited(current, fields as Partial<T>, now);
        if (!(await free(changed, tx, id))) return null;
        tx.set(records().doc(id), plain(changed));
        return changed;
      });
      return next ? written(next) : null;
    },
    async setStatus(id, status, now) {
      const next = await inLock(async (tx) => {
        const current = read((await tx.get(records().doc(id))).data());
        if (!current) return null;
        const changed = { ...current, status, updatedAt: now };
        tx.set(records().doc(id), plain(changed));
        return changed;
      });
      return next ? written(next) : null;
    },
    async merge({ fromId, intoId, now, by = '' }) {
      if (fromId === intoId) return null;
      const result = await inLock(async (tx) => {
        const from = read((await tx.get(records().doc(fromId))).data());
        const into = read((await tx.get(records().doc(intoId))).data());
        if (!from || !into) return null;
        const events = await tx.get(db.collection(COLLECTIONS.events).where(eventField, '==', fromId));
        // A pending revision's choice of record (decision 095) follows too.
        const waiting = await tx.get(db.collection(COLLECTIONS.events).where('awaitingModeration', '==', true));
        const revising = waiting.docs.filter((d) => d.data().revision?.[eventField] === fromId);
        const kept = mergedWithTrace(into, from, now, {
          by,
          eventIds: events.docs.map((d) => d.id),
          revisionIds: revising.map((d) => d.id),
        });
        for (const e of events.docs) tx.update(e.ref, { [eventField]: intoId });
        for (const e of revising) tx.update(e.ref, { [`revision.${eventField}`]: intoId });
        tx.delete(records().doc(fromId));
        tx.set(records().doc(intoId), plain(kept));
        return { kept, eventIds: [...new Set([...events.docs, ...revising].map((d) => d.id))], moved: events.size };
      });
      if (!result) return null;
      return written({ kept: result.kept, events: result.moved }, result.eventIds);
    },
    async unmerge({ intoId, now }) {
      const result = await inLock(async (tx) => {
        const current = read((await tx.get(records().doc(intoId))).data());
        const undo = current ? unmerged(current, now) : null;
        if (!undo) return null;
        const restoredRef = records().doc(undo.restored.id);
        if ((await tx.get(restoredRef)).exists) return null;
        // The slugs coming back must be free once the kept record gives them up.
        for (const s of slugsOf(undo.restored)) {
          const holder = await owner(s, tx);
          if (holder && holder.id !== intoId) return null;
        }
        if (slugsOf(undo.kept).some((s) => slugsOf(undo.restored).includes(s))) return null;
        const { eventIds, revisionIds } = undo.trace;
        const refs = [...new Set([...eventIds, ...revisionIds])].map((id) => db.collection(COLLECTIONS.events).doc(id));
        const docs = refs.length > 0 ? await tx.getAll(...refs) : [];
        let events = 0;
        for (const doc of docs) {
          const data = doc.data();
          if (!data) continue;
          const change: Record<string, string> = {};
          if (eventIds.includes(doc.id) && data[eventField] === intoId) {
            change[eventField] = undo.restored.id;
            events += 1;
          }
          if (revisionIds.includes(doc.id) && data.revision?.[eventField] === intoId)
            change[`revision.${eventField}`] = undo.restored.id;
          if (Object.keys(change).length > 0) tx.update(doc.ref, change);
        }
        tx.set(records().doc(intoId), plain(undo.kept));
        tx.create(restoredRef, plain(undo.restored));
        return { kept: undo.kept, restored: undo.restored, events, eventIds: docs.map((d) => d.id) };
      });
      if (!result) return null;
      const { eventIds, ...answer } = result;
      return written(answer, eventIds);
    },
    async delete(id) {
      const removed = await inLock(async (tx) => {
        const ref = records().doc(id);
        if (!(await tx.get(ref)).exists) return false;
        const used = await tx.get(db.collection(COLLECTIONS.events).where(eventField, '==', id).limit(1));
        if (!used.empty) return false;
        tx.delete(ref);
        return true;
      });
      return removed ? written(true) : false;
    },
  };
}

export function createVenueStore(ctx: FirestoreContext): VenueStore {
  const records = createRecords<Venue, Parameters<VenueStore['update']>[1]>(ctx, 'venues', 'venueId');
  const venues = () => ctx.db.collection(COLLECTIONS.venues);
  return {
    ...records,
    async listWithoutPoint(limit) {
      // The derived flag, on an equality query: the venues found are read, not the collection (decision 152).
      await upgradeVenuePoints(ctx.db);
      const query = venues().where(WITHOUT_POINT, '==', true);
      const snapshot = await (limit === undefined ? query : query.limit(limit)).get();
      return snapshot.docs.map((d) => fromDoc<Venue>(d.data())).sort(byName);
    },
  };
}

export function createOrganizerStore(ctx: FirestoreContext): OrganizerStore {
  const records = createRecords<Organizer, Parameters<OrganizerStore['update']>[1]>(ctx, 'organizers', 'organizerId');
  const organizers = () => ctx.db.collection(COLLECTIONS.organizers);
  /** Reads, changes and writes one organizer in one transaction (null: nothing written). */
  const rewrite = async (id: string, change: (current: Organizer) => Organizer | null) => {
    const next = await ctx.lock('organizers', () =>
      ctx.db.runTransaction(async (tx) => {
        const current = (await tx.get(organizers().doc(id))).data() as Organizer | undefined;
        const changed = current ? change(current) : null;
        if (changed) tx.set(organizers().doc(id), plain(changed));
        return changed;
      }),
    );
    if (next) ctx.touched();
    return next;
  };
  return {
    ...records,
    ...organizerWrites(rewrite),
    async listByAccount(uid) {
      const snapshot = await organizers().where('accountUids', 'array-contains', uid).get();
      return snapshot.docs.map((d) => d.data() as Organizer).sort(byName);
    },
  };
}
