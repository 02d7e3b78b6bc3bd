// The store chosen by configuration, built once per process.
import path from 'node:path';
import { openDatabase } from './adapters/sqlite/db';
import { createSqliteStore } from './adapters/sqlite/store';
import { getConfig } from './config';
import type { Store } from './ports';
import { singleton } from './singleton';

export function getStore(): Store {
  return singleton('store', () => {
    const config = getConfig();
    if (config.DATA_BACKEND !== 'sqlite') {
      throw new Error(`Le stockage ${config.DATA_BACKEND} n'est pas encore disponible.`);
    }
    return createSqliteStore(openDatabase(path.join(config.DATA_DIR, 'agenda.sqlite')));
  });
}
