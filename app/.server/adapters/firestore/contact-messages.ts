// Contact messages of the Firestore store: `contactMessages/{id}`.
import type { ContactMessageStore } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS } from './db';
import { writeMail } from './mail-queue';

export function createContactMessageStore(ctx: FirestoreContext): ContactMessageStore {
  const messages = () => ctx.db.collection(COLLECTIONS.contactMessages);
  return {
    async add(m, mail) {
      await ctx.db.runTransaction(async (tx) => {
        // Read first, as transactions do: a mail id already taken refuses both writes.
        if (mail && (await tx.get(ctx.db.collection(COLLECTIONS.mailQueue).doc(mail.id))).exists)
          throw new Error(`Mail ${mail.id} déjà dans la file`);
        tx.create(messages().doc(m.id), { ...m });
        if (mail) writeMail(ctx, tx, mail);
      });
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
