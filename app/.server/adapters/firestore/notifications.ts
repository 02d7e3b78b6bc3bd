// In-app notifications of the Firestore store: `notifications/{id}-{uid}`, one copy per active admin.
import type { AppNotification, NotificationStore } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, inBatches } from './db';

export function createNotificationStore(ctx: FirestoreContext): NotificationStore {
  const { db } = ctx;
  const notifications = () => db.collection(COLLECTIONS.notifications);
  return {
    async addForAdmins(n) {
      const admins = await db
        .collection(COLLECTIONS.users)
        .where('role', '==', 'admin')
        .where('disabled', '==', false)
        .get();
      await inBatches(db, admins.docs, (batch, admin) =>
        batch.set(notifications().doc(`${n.id}-${admin.id}`), {
          uid: admin.id,
          title: n.title,
          body: n.body,
          data: { ...n.data },
          createdAt: n.timestamp,
          readAt: null,
        }),
      );
      ctx.touched();
    },
    async listFor(uid, limit) {
      const found = await notifications().where('uid', '==', uid).orderBy('createdAt', 'desc').limit(limit).get();
      return found.docs.map(
        (d): AppNotification => ({
          id: d.id,
          title: String(d.get('title')),
          body: String(d.get('body')),
          data: { ...(d.get('data') as Record<string, string>) },
          timestamp: String(d.get('createdAt')),
        }),
      );
    },
  };
}
