// Server-side sessions in `sessions/{hash of the cookie token}` (decision 002), used by both identity providers.
import type { FirestoreDataConverter } from 'firebase-admin/firestore';
import type { SessionRecord, SessionStore } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, deleteAll, isNotFound } from './db';

const sessionConverter: FirestoreDataConverter<SessionRecord> = {
  toFirestore: (s) => ({ ...s }),
  fromFirestore: (snapshot) => {
    const d = snapshot.data();
    return {
      id: snapshot.id,
      uid: String(d.uid),
      createdAt: String(d.createdAt),
      lastSeenAt: String(d.lastSeenAt),
      expiresAt: String(d.expiresAt),
      userAgent: String(d.userAgent ?? ''),
    };
  },
};

export function createSessionStore(ctx: FirestoreContext): SessionStore {
  const sessions = () => ctx.db.collection(COLLECTIONS.sessions).withConverter(sessionConverter);
  return {
    async create(session) {
      await sessions().doc(session.id).set(session);
    },
    async find(id) {
      return (await sessions().doc(id).get()).data() ?? null;
    },
    async touch(id, lastSeenAt, expiresAt) {
      try {
        await sessions().doc(id).update({ lastSeenAt, expiresAt });
      } catch (error) {
        // Revoked in the meantime: nothing to refresh.
        if (!isNotFound(error)) throw error;
      }
    },
    async revoke(id) {
      await sessions().doc(id).delete();
      ctx.touched();
    },
    async revokeAllForUser(uid, exceptId) {
      const found = await sessions().where('uid', '==', uid).get();
      await deleteAll(
        ctx.db,
        found.docs.filter((d) => d.id !== exceptId),
      );
      ctx.touched();
    },
    async listForUser(uid) {
      const found = await sessions().where('uid', '==', uid).get();
      return found.docs.map((d) => d.data()).sort((a, b) => (a.lastSeenAt < b.lastSeenAt ? 1 : -1));
    },
  };
}
