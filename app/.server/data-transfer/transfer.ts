// npm run data:export / data:import: the configured backend (DATA_BACKEND) to or from a folder, files included.
import path from 'node:path';
import { openDatabase } from '../adapters/sqlite/db';
import type { Config } from '../config';
import { getFileStore } from '../files/disk';
import { getFirebaseApp, openFirestore } from '../firebase/app';
import { DATASET_COLLECTIONS, type Dataset, putFiles, readExport, writeExport } from './dataset';
import { dumpFirestore, loadFirestore } from './firestore';
import { dumpSqlite, loadSqlite } from './sqlite';

interface Backend {
  dump(): Promise<Dataset>;
  load(data: Dataset): Promise<void>;
  close(): Promise<void>;
}

function openBackend(config: Config): Backend {
  if (config.DATA_BACKEND === 'firestore') {
    const db = openFirestore(getFirebaseApp(config));
    return { dump: () => dumpFirestore(db), load: (data) => loadFirestore(db, data), close: () => db.terminate() };
  }
  const db = openDatabase(path.join(config.DATA_DIR, 'agenda.sqlite'));
  return {
    dump: async () => dumpSqlite(db),
    load: async (data) => loadSqlite(db, data),
    close: async () => {
      db.close();
    },
  };
}

const summary = (data: Dataset) => DATASET_COLLECTIONS.map((c) => `${c} ${data[c].length}`).join(', ');

export async function exportData(config: Config, dir: string): Promise<string> {
  const backend = openBackend(config);
  try {
    const data = await backend.dump();
    await writeExport(dir, data, getFileStore(), config.DATA_BACKEND);
    return summary(data);
  } finally {
    await backend.close();
  }
}

/** Into an empty backend only: a move never mixes two sites. */
export async function importData(config: Config, dir: string): Promise<string> {
  const { data, files } = await readExport(dir);
  const backend = openBackend(config);
  try {
    const existing = await backend.dump();
    const filled = DATASET_COLLECTIONS.filter((c) => existing[c].length > 0);
    if (filled.length > 0) {
      throw new Error(`Le stockage ${config.DATA_BACKEND} n’est pas vide (${filled.join(', ')}) : import refusé.`);
    }
    await backend.load(data);
    await putFiles(getFileStore(), files);
    return `${summary(data)}, fichiers ${files.length}`;
  } finally {
    await backend.close();
  }
}
