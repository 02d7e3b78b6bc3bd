// The neutral form of everything the site stores, used to move a site between SQLite and Firestore: one JSON-lines
// file per collection (the names of the Firestore collections, records in the domain's camelCase) plus the uploaded
// files. Derived data (search tokens, email index, counters) is rebuilt on import.
import fs from 'node:fs';
import path from 'node:path';
import type { FileStore } from '../files/ports';

export const DATASET_COLLECTIONS = [
  'users',
  'sessions',
  'authTokens',
  'categories',
  'events',
  'eventSubmissions',
  'moderationLog',
  'partners',
  'contactMessages',
  'pageViews',
  'donations',
  'notifications',
] as const;

export type DatasetCollection = (typeof DATASET_COLLECTIONS)[number];
export type DataRecord = Record<string, unknown>;
export type Dataset = Record<DatasetCollection, DataRecord[]>;

/** The field that names a record: a user's uid, a category's slug, the id of any other. */
export function recordName(collection: DatasetCollection, r: DataRecord): string {
  return String(collection === 'users' ? r.uid : collection === 'categories' ? r.slug : r.id);
}

/** The key of a record in its collection (sorting makes two datasets comparable). */
export function recordKey(collection: DatasetCollection, r: DataRecord): string {
  switch (collection) {
    case 'eventSubmissions':
      return `${r.uid}\u0000${r.submissionKey}`;
    case 'moderationLog':
    case 'pageViews':
      return String(r.id).padStart(12, '0');
    default:
      return recordName(collection, r);
  }
}

export function sortedDataset(data: Dataset): Dataset {
  const sorted = {} as Dataset;
  for (const c of DATASET_COLLECTIONS) {
    sorted[c] = [...data[c]].sort((a, b) => (recordKey(c, a) < recordKey(c, b) ? -1 : 1));
  }
  return sorted;
}

export function emptyDataset(): Dataset {
  return Object.fromEntries(DATASET_COLLECTIONS.map((c) => [c, []])) as unknown as Dataset;
}

/** Keys in alphabetical order at every level: the same data gives the same file, whichever backend it came from. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
  );
}

const contentTypeOf = (key: string) =>
  key.endsWith('.webp') ? 'image/webp' : key.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream';

/** Writes the dataset and every file of the store under `dir` (which must not exist or be empty). */
export async function writeExport(dir: string, data: Dataset, files: FileStore, source: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  if (fs.readdirSync(dir).length > 0) throw new Error(`Le dossier ${dir} n’est pas vide.`);
  const counts: Record<string, number> = {};
  for (const c of DATASET_COLLECTIONS) {
    const rows = sortedDataset(data)[c];
    counts[c] = rows.length;
    fs.writeFileSync(path.join(dir, `${c}.jsonl`), rows.map((r) => `${JSON.stringify(canonical(r))}\n`).join(''));
  }
  const keys = (await files.list('')).map((f) => f.key);
  for (const key of keys) {
    const bytes = await files.get(key);
    if (!bytes) continue;
    const target = path.join(dir, 'files', ...key.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, bytes);
  }
  counts.files = keys.length;
  fs.writeFileSync(
    path.join(dir, 'manifest.json'),
    `${JSON.stringify({ format: 'agenda-romand/1', source, exportedAt: new Date().toISOString(), counts }, null, 2)}\n`,
  );
}

export async function readExport(dir: string): Promise<{ data: Dataset; files: { key: string; bytes: Buffer }[] }> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  if (manifest.format !== 'agenda-romand/1') throw new Error(`Format d’export inconnu : ${manifest.format}`);
  const data = emptyDataset();
  for (const c of DATASET_COLLECTIONS) {
    const text = fs.readFileSync(path.join(dir, `${c}.jsonl`), 'utf8');
    data[c] = text
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line));
  }
  const files: { key: string; bytes: Buffer }[] = [];
  const root = path.join(dir, 'files');
  const walk = (folder: string, prefix: string) => {
    if (!fs.existsSync(folder)) return;
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(folder, entry.name), key);
      else files.push({ key, bytes: fs.readFileSync(path.join(folder, entry.name)) });
    }
  };
  walk(root, '');
  return { data, files };
}

export async function putFiles(store: FileStore, files: { key: string; bytes: Buffer }[]): Promise<void> {
  for (const f of files) await store.put(f.key, f.bytes, contentTypeOf(f.key));
}
