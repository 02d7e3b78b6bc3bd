// The store backends the contract suite runs against: SQLite in memory, and Firestore on an emulator.

import { afterEach, beforeEach } from 'vitest';
import { createFirestoreStore } from '../../app/.server/adapters/firestore/store';
import { openDatabase } from '../../app/.server/adapters/sqlite/db';
import { createSqliteStore } from '../../app/.server/adapters/sqlite/store';
import type { Store } from '../../app/.server/ports';
import { DEFAULT_CATEGORIES } from '../../app/domain/categories';
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

/**
 * The store of each test in a `describe.each(BACKENDS)` block: a fresh one opened before each test (with the default
 * categories when asked), closed after it. What it returns always speaks to the running test's store.
 */
export function storeForEachTest(backend: Backend, { categories = false } = {}): Store {
  let current: Store | null = null;
  let dispose: (() => Promise<void>) | null = null;
  beforeEach(async () => {
    ({ store: current, dispose } = await backend.open());
    if (categories) await current.categories.upsertMany(DEFAULT_CATEGORIES);
  });
  afterEach(async () => {
    await dispose?.();
    current = null;
    dispose = null;
  });
  return new Proxy({} as Store, {
    get(_, key) {
      if (!current) throw new Error('Le stockage d’un test de contrat ne sert que pendant ce test.');
      return current[key as keyof Store];
    },
  });
}
