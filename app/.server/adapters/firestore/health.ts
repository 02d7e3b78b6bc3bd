// The readiness probe in Firestore: this process's document written, read back, and the categories counted.
import type { HealthStore } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS } from './db';

export function createHealthStore(ctx: FirestoreContext): HealthStore {
  return {
    async probe(id, at) {
      const ref = ctx.db.collection(COLLECTIONS.healthChecks).doc(id);
      await ref.set({ checkedAt: at });
      const [read, categories] = await Promise.all([
        ref.get(),
        ctx.db.collection(COLLECTIONS.categories).count().get(),
      ]);
      return { readBack: read.get('checkedAt') === at, categories: categories.data().count };
    },
    async purge(before) {
      const old = await ctx.db.collection(COLLECTIONS.healthChecks).where('checkedAt', '<', before).get();
      const batch = ctx.db.batch();
      for (const doc of old.docs) batch.delete(doc.ref);
      if (!old.empty) await batch.commit();
      return old.size;
    },
  };
}
