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
  };
}
