// npm run data:export / data:import: the configured backend to or from a folder, files included.
import type { Services } from '../services';
import { DATASET_COLLECTIONS, type Dataset, putFiles, readExport, writeExport } from './dataset';
import { dumpFirestore, loadFirestore } from './firestore';
import { dumpSqlite, loadSqlite } from './sqlite';

interface Backend {
  dump(): Promise<Dataset>;
  load(data: Dataset): Promise<void>;
  close(): Promise<void>;
}

function openBackend(services: Services): Backend {
  const { database } = services;
  if (database.kind === 'firestore') {
    const { db } = database;
    return { dump: () => dumpFirestore(db), load: (data) => loadFirestore(db, data), close: () => services.close() };
  }
  const { db } = database;
  return {
    dump: async () => dumpSqlite(db),
    load: async (data) => loadSqlite(db, data),
    close: () => services.close(),
  };
}

const summary = (data: Dataset) => DATASET_COLLECTIONS.map((c) => `${c} ${data[c].length}`).join(', ');

export async function exportData(services: Services, dir: string): Promise<string> {
  const backend = openBackend(services);
  try {
    const data = await backend.dump();
    await writeExport(dir, data, services.files, services.database.kind);
    return summary(data);
  } finally {
    await backend.close();
  }
}

/** Into an empty backend only: a move never mixes two sites. */
export async function importData(services: Services, dir: string): Promise<string> {
  const { data, files } = await readExport(dir);
  const backend = openBackend(services);
  try {
    const existing = await backend.dump();
    const filled = DATASET_COLLECTIONS.filter((c) => existing[c].length > 0);
    if (filled.length > 0) {
      throw new Error(`Le stockage ${services.database.kind} n’est pas vide (${filled.join(', ')}) : import refusé.`);
    }
    await backend.load(data);
    await putFiles(services.files, files);
    return `${summary(data)}, fichiers ${files.length}`;
  } finally {
    await backend.close();
  }
}
