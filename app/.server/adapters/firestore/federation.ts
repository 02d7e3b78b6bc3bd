// The federation's storage in Firestore (decision 087): `federationRecords/{hash of kind and key}` and
// `federationQueue/{id}`, the value kept as JSON text (Fedify's documents hold nested arrays and keys Firestore would
// refuse). A claim is a transaction, so two instances never handle the same message. Nothing here touches the
// revision: no page depends on it.
import crypto from 'node:crypto';
import type { DocumentData, DocumentSnapshot } from 'firebase-admin/firestore';
import type { FederationMessage, FederationRecord, FederationRecordKind, FederationStore } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, inBatches } from './db';

/** gRPC's status of a create() on a document that exists. */
const ALREADY_EXISTS = 6;

export const federationDocId = (kind: string, key: string) =>
  crypto.createHash('sha256').update(`${kind}\u0000${key}`).digest('base64url');

function toRecord<T>(d: DocumentSnapshot<DocumentData>): FederationRecord<T> | null {
  const r = d.data();
  if (!r) return null;
  return {
    kind: r.kind as FederationRecordKind,
    key: String(r.key),
    value: JSON.parse(String(r.data)) as T,
    expiresAt: r.expiresAt ?? null,
    updatedAt: String(r.updatedAt),
  };
}

const toDoc = (r: FederationRecord) => ({
  kind: r.kind,
  key: r.key,
  expiresAt: r.expiresAt,
  updatedAt: r.updatedAt,
  data: JSON.stringify(r.value ?? null),
});

const alive = (r: FederationRecord | null, now: string): boolean => !!r && (r.expiresAt === null || r.expiresAt > now);

export function createFederationStore(ctx: FirestoreContext): FederationStore {
  const { db } = ctx;
  const records = () => db.collection(COLLECTIONS.federationRecords);
  const queue = () => db.collection(COLLECTIONS.federationQueue);
  const ref = (kind: string, key: string) => records().doc(federationDocId(kind, key));
  const ofKind = (kind: string, prefix: string) =>
    records().where('kind', '==', kind).where('key', '>=', prefix).where('key', '<', `${prefix}\uffff`);

  return {
    async get<T>(kind: FederationRecordKind, key: string, now: string) {
      const record = toRecord<T>(await ref(kind, key).get());
      return record && alive(record, now) ? record : null;
    },
    async put(record) {
      await ref(record.kind, record.key).set(toDoc(record));
    },
    async putIfAbsent(record, now) {
      const doc = ref(record.kind, record.key);
      const attempt = () =>
        db.runTransaction(async (tx) => {
          const current = toRecord<typeof record.value>(await tx.get(doc));
          if (current && alive(current, now)) return current;
          // Created only if still absent when the transaction commits (another instance's write makes it try again).
          if (current) tx.set(doc, toDoc(record));
          else tx.create(doc, toDoc(record));
          return record;
        });
      // Created meanwhile by another instance (two starting together): the second reading finds it.
      return ctx.lock(doc.path, () =>
        attempt().catch((error: { code?: number }) => {
          if (error.code === ALREADY_EXISTS) return attempt();
          throw error;
        }),
      );
    },
    async compareAndSet(record, expected, now) {
      const doc = ref(record.kind, record.key);
      return ctx.lock(doc.path, () =>
        db.runTransaction(async (tx) => {
          const current = toRecord(await tx.get(doc));
          const value = current && alive(current, now) ? JSON.stringify(current.value) : undefined;
          if (value !== (expected === undefined ? undefined : JSON.stringify(expected))) return false;
          tx.set(doc, toDoc(record));
          return true;
        }),
      );
    },
    async remove(kind, key) {
      return db.runTransaction(async (tx) => {
        const doc = await tx.get(ref(kind, key));
        if (!doc.exists) return false;
        tx.delete(doc.ref);
        return true;
      });
    },
    async list<T>(
      kind: FederationRecordKind,
      { prefix = '', now, limit }: { prefix?: string; now: string; limit: number },
    ) {
      const snapshot = await ofKind(kind, prefix).orderBy('key').get();
      return snapshot.docs
        .map((d) => toRecord<T>(d))
        .filter((r): r is FederationRecord<T> => alive(r, now))
        .slice(0, limit);
    },
    async count(kind, { prefix = '', now }) {
      const snapshot = await ofKind(kind, prefix).select('expiresAt').get();
      return snapshot.docs.filter((d) => {
        const expiresAt = d.get('expiresAt');
        return expiresAt == null || expiresAt > now;
      }).length;
    },
    async purgeExpired(now) {
      const expired = await records().where('expiresAt', '<=', now).get();
      await inBatches(db, expired.docs, (batch, doc) => batch.delete(doc.ref));
      return expired.size;
    },
    async enqueue(messages) {
      await inBatches(db, [...messages], (batch, m) =>
        batch.create(queue().doc(m.id), { dueAt: m.dueAt, createdAt: m.createdAt, data: JSON.stringify(m.payload) }),
      );
    },
    async claimDue(now, claimUntil, limit) {
      return ctx.lock('federation-queue', () =>
        db.runTransaction(async (tx) => {
          const due = await tx.get(queue().where('dueAt', '<=', now).orderBy('dueAt').limit(limit));
          return due.docs.map((doc): FederationMessage => {
            tx.update(doc.ref, { dueAt: claimUntil });
            return {
              id: doc.id,
              payload: JSON.parse(String(doc.get('data'))),
              dueAt: claimUntil,
              createdAt: String(doc.get('createdAt')),
            };
          });
        }),
      );
    },
    async done(id) {
      await queue().doc(id).delete();
    },
    async hurry(now, select, limit) {
      return ctx.lock('federation-queue', () =>
        db.runTransaction(async (tx) => {
          const later = await tx.get(queue().where('dueAt', '>', now).orderBy('dueAt').limit(limit));
          const picked = later.docs.filter((doc) => select(JSON.parse(String(doc.get('data')))));
          for (const doc of picked) tx.update(doc.ref, { dueAt: now });
          return picked.length;
        }),
      );
    },
    async queueStats(now) {
      const all = await queue().select('dueAt').get();
      const due = all.docs.filter((d) => String(d.get('dueAt')) <= now).length;
      return { due, later: all.size - due };
    },
  };
}
