// The data-transfer tests' throw-away sites: each test file's temporary folders, SQLite sites and clean-ups (run after
// the file), and the dataset's collection of each exported SQLite table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createFirestoreStore } from '../../app/.server/adapters/firestore/store';
import { TABLES } from '../../app/.server/data-transfer/sqlite';
import { RECORD_TABLES } from '../../app/.server/data-transfer/sqlite-records';
import { loadConfig } from '../../app/.server/platform/config';
import { createServices, type Services } from '../../app/.server/services';
import { freshFirestore } from './firestore-emulator';

/** Call at the top of a test file: its folders are named `agenda-<label>-…`, its clean-ups run after it. */
export function transferSites(label: string) {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });
  const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `agenda-${label}-${name}-`));
  function sqliteSite(dataDir = tmp('site')): Services {
    const services = createServices(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }));
    cleanups.push(() => services.close());
    return services;
  }
  /** A Firestore store on a fresh emulator database, ready (its listeners' first snapshot), closed after the file. */
  async function firestoreSite(name: string) {
    const { db, dispose } = await freshFirestore(name);
    const store = createFirestoreStore(db);
    await store.ready();
    cleanups.push(async () => {
      await store.close();
      await dispose();
    });
    return { db, store };
  }
  return { cleanups, tmp, sqliteSite, firestoreSite };
}

export const sqliteDb = (services: Services) => {
  if (services.database.kind !== 'sqlite') throw new Error('SQLite attendu');
  return services.database.db;
};

/** The dataset's collection of each SQLite table that is exported. */
export const COLLECTION_OF_TABLE: Record<string, string> = {
  events: 'events',
  ...Object.fromEntries(Object.entries(TABLES).map(([collection, [table]]) => [table, collection])),
  ...Object.fromEntries(Object.entries(RECORD_TABLES).map(([collection, table]) => [table, collection])),
};
