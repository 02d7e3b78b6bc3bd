// The store chosen by configuration, built once per process.
import path from 'node:path';
import { createFirestoreStore } from './adapters/firestore/store';
import { openDatabase } from './adapters/sqlite/db';
import { createSqliteStore } from './adapters/sqlite/store';
import { getConfig } from './config';
import { getFirebaseApp, openFirestore } from './firebase/app';
import type { Store } from './ports';
import { singleton } from './singleton';

export function getStore(): Store {
  return singleton('store', () => {
    const config = getConfig();
    if (config.DATA_BACKEND === 'firestore') return createFirestoreStore(openFirestore(getFirebaseApp(config)));
    return createSqliteStore(openDatabase(path.join(config.DATA_DIR, 'agenda.sqlite')));
  });
}
