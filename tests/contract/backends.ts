// The store backends the contract suite runs against: SQLite in memory, and Firestore on an emulator.

import { createFirestoreStore } from '../../app/.server/adapters/firestore/store';
import { openDatabase } from '../../app/.server/adapters/sqlite/db';
import { createSqliteStore } from '../../app/.server/adapters/sqlite/store';
import type { Store } from '../../app/.server/ports';
import { freshFirestore } from '../support/firestore-emulator';

export interface Backend {
  name: string;
  open(): Promise<{
    store: Store;
    dispose: () => Promise<void>;
    /**
     * Test housekeeping, outside the ports: deletes events as one batch (the store's mirrors follow through their
     * listeners). Firestore only, where going through the ports costs the most.
     */
    purgeEvents?: (ids: readonly string[]) => Promise<void>;
  }>;
}

export const BACKENDS: Backend[] = [
  {
    name: 'SQLite',
    async open() {
      const store = createSqliteStore(openDatabase(':memory:'));
      return { store, dispose: () => store.close() };
    },
  },
  {
    name: 'Firestore',
    async open() {
      const { db, dispose } = await freshFirestore('contract');
      const store = createFirestoreStore(db);
      await store.ready();
      return {
        store,
        dispose: async () => {
          await store.close();
          await dispose();
        },
        async purgeEvents(ids) {
          const batch = db.batch();
          for (const id of ids) batch.delete(db.collection('events').doc(id));
          await batch.commit();
        },
      };
    },
  },
];
