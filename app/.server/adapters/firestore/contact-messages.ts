// Contact messages of the Firestore store: `contactMessages/{id}`.
import type { ContactMessageStore } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS } from './db';

export function createContactMessageStore(ctx: FirestoreContext): ContactMessageStore {
  const messages = () => ctx.db.collection(COLLECTIONS.contactMessages);
  return {
    async add(m) {
      await messages()
        .doc(m.id)
        .create({ ...m });
      ctx.touched();
    },
    async count() {
      return (await messages().count().get()).data().count;
    },
    async listRecent(limit) {
      const snapshot = await messages().orderBy('createdAt', 'desc').limit(limit).get();
      return snapshot.docs.map((d) => {
        const m = d.data();
        return {
          id: d.id,
          name: String(m.name),
          email: String(m.email),
          subject: String(m.subject),
          message: String(m.message),
          createdAt: String(m.createdAt),
        };
      });
    },
  };
}
