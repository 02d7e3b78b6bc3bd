// Visitors' push subscriptions to an event's « Ça a lieu ? » in Firestore: `visitorPushes/{id}`, the id being the hash
// of (event, subscription). Single-field queries only (no composite index). The limits are counted under this
// process's lock: instances side by side may each add one past them, which stays bounded.
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { VisitorPush, VisitorPushStore } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, deleteAll, inBatches, isAlreadyExists } from './db';

function toPush(d: DocumentSnapshot): VisitorPush | null {
  const p = d.data();
  if (!p) return null;
  return {
    id: d.id,
    eventId: String(p.eventId),
    token: String(p.token),
    createdAt: String(p.createdAt),
    expiresAt: String(p.expiresAt),
    message: p.message == null ? null : String(p.message),
    dueAt: p.dueAt == null ? null : String(p.dueAt),
    attempts: Number(p.attempts ?? 0),
  };
}

export function createVisitorPushStore(ctx: FirestoreContext): VisitorPushStore {
  const { db } = ctx;
  const pushes = () => db.collection(COLLECTIONS.visitorPushes);
  const counted = async (field: 'eventId' | 'token', value: string) =>
    (await pushes().where(field, '==', value).count().get()).data().count;

  return {
    async add(push, limits) {
      return ctx.lock(`visitor-push:${push.eventId}`, async () => {
        const ref = pushes().doc(push.id);
        if ((await ref.get()).exists) {
          await ref.update({ expiresAt: push.expiresAt });
          return 'exists' as const;
        }
        if (
          (await counted('eventId', push.eventId)) >= limits.perEvent ||
          (await counted('token', push.token)) >= limits.perToken
        )
          return 'full' as const;
        const { id: _id, ...fields } = push;
        try {
          await ref.create({ ...fields, message: null, dueAt: null, attempts: 0 });
        } catch (error) {
          if (isAlreadyExists(error)) return 'exists' as const;
          throw error;
        }
        return 'created' as const;
      });
    },
    async remove(eventId, token) {
      const docs = (await pushes().where('token', '==', token).get()).docs.filter((d) => d.get('eventId') === eventId);
      await deleteAll(db, docs);
      return docs.length > 0;
    },
    async removeToken(token) {
      const { docs } = await pushes().where('token', '==', token).get();
      await deleteAll(db, docs);
      return docs.length;
    },
    async listByEvent(eventId) {
      const { docs } = await pushes().where('eventId', '==', eventId).get();
      return docs
        .map((d) => toPush(d) as VisitorPush)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    },
    async queue(eventId, message, now) {
      const { docs } = await pushes().where('eventId', '==', eventId).get();
      await inBatches(db, docs, (batch, doc) => batch.update(doc.ref, { message, dueAt: now, attempts: 0 }));
      return docs.length;
    },
    async claimDue(now, claimUntil, limit) {
      return db.runTransaction(async (tx) => {
        const { docs } = await tx.get(pushes().where('dueAt', '<=', now).orderBy('dueAt').limit(limit));
        const claimed = docs.map((d) => toPush(d) as VisitorPush).filter((p) => p.message !== null);
        for (const p of claimed) tx.update(pushes().doc(p.id), { dueAt: claimUntil });
        return claimed.map((p) => ({ ...p, dueAt: claimUntil }));
      });
    },
    async done(id, message) {
      await db.runTransaction(async (tx) => {
        const ref = pushes().doc(id);
        const push = toPush(await tx.get(ref));
        if (push?.message === message) tx.update(ref, { message: null, dueAt: null, attempts: 0 });
      });
    },
    async retryLater(id, attempts, dueAt) {
      await db.runTransaction(async (tx) => {
        const ref = pushes().doc(id);
        const push = toPush(await tx.get(ref));
        if (push?.message != null) tx.update(ref, { attempts, dueAt });
      });
    },
    async deleteExpired(now) {
      const { docs } = await pushes().where('expiresAt', '<', now).get();
      await deleteAll(db, docs);
      return docs.length;
    },
  };
}
