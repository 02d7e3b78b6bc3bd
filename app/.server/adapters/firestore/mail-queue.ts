// The mail queue of the Firestore store (decision 060): `mailQueue/{id}`. A claim is a transaction over the due
// documents, so two instances (or Cloud Scheduler and an instance) never send the same mail at once.
import type { DocumentData, DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';
import type { MailQueueStore, NewMail, QueuedMail, QueuedMailStatus } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS } from './db';

export function toQueuedMail(d: DocumentSnapshot<DocumentData>): QueuedMail | null {
  const m = d.data();
  if (!m) return null;
  return {
    id: d.id,
    content: m.content,
    to: String(m.to),
    subject: String(m.subject),
    ref: m.ref ?? null,
    eventIds: Array.isArray(m.eventIds) ? m.eventIds.map(String) : [],
    status: m.status as QueuedMailStatus,
    dueAt: m.dueAt ?? null,
    attempts: Number(m.attempts ?? 0),
    lastError: String(m.lastError ?? ''),
    createdAt: String(m.createdAt),
    updatedAt: String(m.updatedAt),
  };
}

/** The document of a new mail (due at once). */
export function mailDoc(mail: NewMail): DocumentData {
  const { id: _id, ...fields } = mail;
  return { ...fields, status: 'pending', dueAt: mail.createdAt, attempts: 0, lastError: '', updatedAt: mail.createdAt };
}

/**
 * Writes a new mail in the caller's transaction or batch, after deleting the failed mails of its ref (read before by
 * `failedOfRef`, as transactions read before they write).
 */
export function writeMail(
  ctx: FirestoreContext,
  writer: DocWriter,
  mail: NewMail,
  failedOfRef: readonly DocumentSnapshot[] = [],
): void {
  for (const old of failedOfRef) writer.delete(old.ref);
  writer.create(ctx.db.collection(COLLECTIONS.mailQueue).doc(mail.id), mailDoc(mail));
}

/** What a transaction and a batch share. */
interface DocWriter {
  create(ref: DocumentReference, data: DocumentData): unknown;
  delete(ref: DocumentReference): unknown;
}

export function createMailQueueStore(ctx: FirestoreContext): MailQueueStore {
  const { db } = ctx;
  const queue = () => db.collection(COLLECTIONS.mailQueue);
  const ofRef = (ref: string) => queue().where('ref', '==', ref);

  return {
    async enqueue(mail) {
      await db.runTransaction(async (tx) => {
        const failed = mail.ref ? (await tx.get(ofRef(mail.ref))).docs.filter((d) => d.get('status') === 'failed') : [];
        writeMail(ctx, tx, mail, failed);
      });
    },
    async claimDue(now, claimUntil, limit) {
      return ctx.lock('mail-queue', () =>
        db.runTransaction(async (tx) => {
          const due = await tx.get(queue().where('dueAt', '<=', now).orderBy('dueAt').limit(limit));
          const claimed: QueuedMail[] = [];
          for (const doc of due.docs) {
            const mail = toQueuedMail(doc);
            if (!mail) continue;
            tx.update(doc.ref, { status: 'sending', dueAt: claimUntil, updatedAt: now });
            claimed.push({ ...mail, status: 'sending', dueAt: claimUntil, updatedAt: now });
          }
          return claimed;
        }),
      );
    },
    async delivered(id) {
      await queue().doc(id).delete();
    },
    async retryLater(id, { attempts, dueAt, lastError, now }) {
      await queue().doc(id).update({ status: 'pending', dueAt, attempts, lastError, updatedAt: now });
    },
    async release(id, dueAt, now) {
      await db.runTransaction(async (tx) => {
        const doc = await tx.get(queue().doc(id));
        if (doc.get('status') === 'sending') tx.update(doc.ref, { status: 'pending', dueAt, updatedAt: now });
      });
    },
    async fail(id, { attempts, lastError, now }) {
      await queue().doc(id).update({ status: 'failed', dueAt: null, attempts, lastError, updatedAt: now });
    },
    async retry(id, now) {
      return db.runTransaction(async (tx) => {
        const doc = await tx.get(queue().doc(id));
        if (doc.get('status') !== 'failed') return false;
        tx.update(doc.ref, { status: 'pending', dueAt: now, updatedAt: now });
        return true;
      });
    },
    async hasQueued(ref) {
      const docs = (await ofRef(ref).get()).docs;
      return docs.some((d) => d.get('status') === 'pending' || d.get('status') === 'sending');
    },
    async list(status, limit) {
      const snapshot = await queue().where('status', '==', status).orderBy('createdAt').limit(limit).get();
      return snapshot.docs.map(toQueuedMail).filter((m): m is QueuedMail => m !== null);
    },
    async counts() {
      const counts: Record<QueuedMailStatus, number> = { pending: 0, sending: 0, failed: 0 };
      await Promise.all(
        (Object.keys(counts) as QueuedMailStatus[]).map(async (status) => {
          counts[status] = (await queue().where('status', '==', status).count().get()).data().count;
        }),
      );
      return counts;
    },
    async releaseClaims(now) {
      const claimed = await queue().where('status', '==', 'sending').get();
      const batch = db.batch();
      for (const doc of claimed.docs) batch.update(doc.ref, { status: 'pending', dueAt: now, updatedAt: now });
      if (!claimed.empty) await batch.commit();
      return claimed.size;
    },
    async purgeFailed(before) {
      const old = await queue().where('status', '==', 'failed').where('updatedAt', '<', before).get();
      const batch = db.batch();
      for (const doc of old.docs) batch.delete(doc.ref);
      if (!old.empty) await batch.commit();
      return old.size;
    },
  };
}
