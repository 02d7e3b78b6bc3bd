// The neutral form of everything the site stores, used to move a site between SQLite and Firestore: one JSON-lines
// file per collection (the names of the Firestore collections, records in the domain's camelCase) plus the uploaded
// files, read from one consistent state of the store. Derived data (occurrences, search tokens, email index,
// counters) is rebuilt on import; the readiness probe's rows are not data. A test lists the tables and collections of
// both stores and fails on one that is neither here nor declared derived (tests/contract/data-transfer-all.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { FileStore } from '../files/ports';
import { PRIVATE_DIR, PRIVATE_FILE } from '../platform/private-files';

export const DATASET_COLLECTIONS = [
  'users',
  'sessions',
  'authTokens',
  'categories',
  'events',
  'eventSubmissions',
  'moderationLog',
  'partners',
  'venues',
  'organizers',
  'organizerMembers',
  'organizerInvitations',
  'contactMessages',
  'pageViews',
  // What organizers and admins see of the events (decision 171): counts, not rebuilt from anything.
  'eventFigures',
  'siteFigures',
  'donations',
  'notifications',
  'alerts',
  'schoolHolidays',
  'visitorPushes',
  'favourites',
  'favouriteFeeds',
  'follows',
  'registrationOpenings',
  'registrations',
  'importSources',
  'importLinks',
  'importRuns',
  'mailQueue',
  'federationRecords',
  'federationQueue',
] as const;

/** What the stores hold besides the dataset, rebuilt from it on import, or not data at all. */
export const DERIVED_SQLITE_TABLES = [
  'event_occurrences',
  'events_fts',
  'events_fts_config',
  'events_fts_content',
  'events_fts_data',
  'events_fts_docsize',
  'events_fts_idx',
  // Each event's row of the search index (decision 151): kept by its triggers.
  'events_fts_keys',
  'health_checks',
  // The public lists' counts per day (decision 142): kept by triggers from the events and their dates.
  'public_day_counts',
  // Each venue's and organizer's public events per day (decision 157): kept by the same triggers.
  'public_place_day_counts',
  // Their sums per day, for the whole agenda, a category, a canton (decision 164): kept by triggers on the counts.
  'public_day_sums',
  // The counter that read caches key on (decision 104): not data, bumped by the import's own writes.
  'site_revision',
] as const;
export const DERIVED_FIRESTORE_COLLECTIONS = [
  'eventOccurrences',
  'userEmails',
  'counters',
  'pageViewPaths',
  'healthChecks',
  'upgrades',
  // The turns taken on each date's counter (decision 168): what refuses a change that read a stale count.
  'registrationTurns',
  // The rate limits' windows, shared by the instances (server/firestore-limits.ts): counts, not data.
  'limits',
] as const;

export type DatasetCollection = (typeof DATASET_COLLECTIONS)[number];
export type DataRecord = Record<string, unknown>;
export type Dataset = Record<DatasetCollection, DataRecord[]>;

/** The field that names a record: a user's uid, a category's slug, the id of any other. */
export function recordName(collection: DatasetCollection, r: DataRecord): string {
  return String(
    collection === 'users' || collection === 'favouriteFeeds' ? r.uid : collection === 'categories' ? r.slug : r.id,
  );
}

/** The key of a record in its collection (sorting makes two datasets comparable). */
export function recordKey(collection: DatasetCollection, r: DataRecord): string {
  switch (collection) {
    case 'eventSubmissions':
      return `${r.uid}\u0000${r.submissionKey}`;
    case 'importLinks':
      return `${r.sourceId}\u0000${r.uid}`;
    case 'organizerMembers':
      return `${r.organizerId}\u0000${r.uid}`;
    case 'registrationOpenings':
      return `${r.eventId}\u0000${r.startsAt}`;
    case 'eventFigures':
      return [r.eventId, r.day, r.week, r.kind].join('\u0000');
    case 'siteFigures':
      return [r.week, r.category, r.canton, r.kind].join('\u0000');
    case 'favourites':
      return `${r.uid}\u0000${r.eventId}\u0000${r.startsAt}`;
    case 'follows':
      return `${r.uid}\u0000${r.kind}\u0000${r.slug}`;
    case 'federationRecords':
      return `${r.kind}\u0000${r.key}`;
    case 'importRuns':
      return `${r.sourceId}\u0000${r.startedAt}\u0000${String(r.seq).padStart(6, '0')}`;
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

/** What links already mailed and push devices already registered depend on: carried only when asked. */
export interface ExportSecrets {
  sessionSecret: string;
  vapidKeys: { publicKey: string; privateKey: string } | null;
}

export const SECRETS_FILE = 'secrets.json';

// An export holds accounts, password hashes, messages: its folders are its owner's only, and its files too.
export { PRIVATE_DIR, PRIVATE_FILE };

/** Makes `dir` (its parents as usual) readable by its owner only, whether it was just made or already there. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  fs.chmodSync(dir, PRIVATE_DIR);
}

const writePrivate = (file: string, content: string | Buffer) =>
  fs.writeFileSync(file, content, { mode: PRIVATE_FILE });

/** Copies into `dir/files` the store's files not copied yet (`copied` keeps count between passes). */
async function copyFiles(files: FileStore, dir: string, copied: Set<string>): Promise<void> {
  for (const { key } of await files.list('')) {
    if (copied.has(key)) continue;
    const bytes = await files.get(key);
    // Gone since it was listed: the records read after no longer refer to it.
    if (!bytes) continue;
    const target = path.join(dir, 'files', ...key.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: PRIVATE_DIR });
    writePrivate(target, bytes);
    copied.add(key);
  }
}

/**
 * Writes the dataset and every file of the store under `dir` (which must not exist or be empty). Given a function, the
 * dataset is read between two passes over the files: every file a record refers to is copied, even if it was saved
 * while the records were read. With `secrets`, they go in `secrets.json`. Every folder and file is its owner's only.
 */
export async function writeExport(
  dir: string,
  dataset: Dataset | (() => Promise<Dataset>),
  files: FileStore,
  source: string,
  secrets: ExportSecrets | ((data: Dataset) => ExportSecrets) | null = null,
): Promise<Dataset> {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new Error(`Le dossier ${dir} n’est pas vide.`);
  makePrivateDir(dir);
  const copied = new Set<string>();
  await copyFiles(files, dir, copied);
  const data = typeof dataset === 'function' ? await dataset() : dataset;
  await copyFiles(files, dir, copied);
  const counts: Record<string, number> = {};
  for (const c of DATASET_COLLECTIONS) {
    const rows = sortedDataset(data)[c];
    counts[c] = rows.length;
    writePrivate(path.join(dir, `${c}.jsonl`), rows.map((r) => `${JSON.stringify(canonical(r))}\n`).join(''));
  }
  counts.files = copied.size;
  if (secrets) {
    const given = typeof secrets === 'function' ? secrets(data) : secrets;
    writePrivate(path.join(dir, SECRETS_FILE), `${JSON.stringify(given, null, 2)}\n`);
  }
  writePrivate(
    path.join(dir, 'manifest.json'),
    `${JSON.stringify({ format: 'agenda-romand/1', source, exportedAt: new Date().toISOString(), counts, secrets: Boolean(secrets) }, null, 2)}\n`,
  );
  return data;
}

export async function readExport(
  dir: string,
): Promise<{ data: Dataset; files: { key: string; bytes: Buffer }[]; secrets: ExportSecrets | null }> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  if (manifest.format !== 'agenda-romand/1') throw new Error(`Format d’export inconnu : ${manifest.format}`);
  const data = emptyDataset();
  for (const c of DATASET_COLLECTIONS) {
    // An export made before a collection existed has no file for it: nothing to load there.
    const file = path.join(dir, `${c}.jsonl`);
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
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
  const secretsFile = path.join(dir, SECRETS_FILE);
  const secrets = fs.existsSync(secretsFile)
    ? (JSON.parse(fs.readFileSync(secretsFile, 'utf8')) as ExportSecrets)
    : null;
  return { data, files, secrets };
}

export async function putFiles(store: FileStore, files: { key: string; bytes: Buffer }[]): Promise<void> {
  for (const f of files) await store.put(f.key, f.bytes, contentTypeOf(f.key));
}
