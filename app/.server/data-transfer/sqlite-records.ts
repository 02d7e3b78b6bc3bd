// The SQLite tables that keep each record as JSON beside the columns their queries need (calendar sources, their
// links and runs; the mail queue; venues and organizers), in the neutral dataset form (dataset.ts).
import type { Db } from '../adapters/sqlite/db';
import { toMail } from '../adapters/sqlite/mail-queue';
import type { Row } from '../adapters/sqlite/rows';
import type { QueuedMail } from '../ports';
import type { DataRecord, Dataset } from './dataset';

export const RECORD_TABLES = {
  importSources: 'import_sources',
  importLinks: 'import_links',
  importRuns: 'import_runs',
  mailQueue: 'mail_queue',
  venues: 'venues',
  organizers: 'organizers',
} as const;
export type RecordCollection = keyof typeof RECORD_TABLES;

const parsed = (rows: unknown[]) => rows.map((r) => JSON.parse((r as { data: string }).data) as DataRecord);

export function dumpRecordTables(db: Db): Pick<Dataset, RecordCollection> {
  // A source's runs in the order they were logged: `seq`, as the Firestore store numbers them.
  const seqs = new Map<string, number>();
  const runs = (
    db.prepare('SELECT data, source_id FROM import_runs ORDER BY source_id, started_at, rowid').all() as Row[]
  ).map((row) => {
    const seq = (seqs.get(String(row.source_id)) ?? 0) + 1;
    seqs.set(String(row.source_id), seq);
    return { ...(JSON.parse(String(row.data)) as DataRecord), seq };
  });
  return {
    importSources: parsed(db.prepare('SELECT data FROM import_sources').all()),
    importLinks: parsed(db.prepare('SELECT data FROM import_links').all()),
    importRuns: runs,
    venues: parsed(db.prepare('SELECT data FROM venues').all()),
    organizers: parsed(db.prepare('SELECT data FROM organizers').all()),
    mailQueue: (db.prepare('SELECT * FROM mail_queue').all() as Row[]).map(
      (row) => toMail(row) as unknown as DataRecord,
    ),
  };
}

export function loadRecordTables(db: Db, collection: RecordCollection, data: Dataset): void {
  const records = data[collection];
  if (collection === 'venues') {
    const insert = db.prepare(
      'INSERT INTO venues (id, slug, status, name, canton, locality, data) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (const r of records) insert.run(r.id, r.slug, r.status, r.name, r.canton, r.locality, JSON.stringify(r));
  } else if (collection === 'organizers') {
    const insert = db.prepare('INSERT INTO organizers (id, slug, status, name, data) VALUES (?, ?, ?, ?, ?)');
    for (const r of records) insert.run(r.id, r.slug, r.status, r.name, JSON.stringify(r));
  } else if (collection === 'importSources') {
    const insert = db.prepare('INSERT INTO import_sources (id, next_run_at, name, data) VALUES (?, ?, ?, ?)');
    for (const r of records) insert.run(r.id, r.nextRunAt, r.name, JSON.stringify(r));
  } else if (collection === 'importLinks') {
    const insert = db.prepare('INSERT INTO import_links (source_id, uid, data) VALUES (?, ?, ?)');
    for (const r of records) insert.run(r.sourceId, r.uid, JSON.stringify(r));
  } else if (collection === 'importRuns') {
    const insert = db.prepare('INSERT INTO import_runs (id, source_id, started_at, data) VALUES (?, ?, ?, ?)');
    const ordered = [...records].sort(
      (a, b) =>
        String(a.sourceId).localeCompare(String(b.sourceId)) ||
        String(a.startedAt).localeCompare(String(b.startedAt)) ||
        Number(a.seq) - Number(b.seq),
    );
    for (const { seq: _seq, ...run } of ordered) insert.run(run.id, run.sourceId, run.startedAt, JSON.stringify(run));
  } else {
    const insert = db.prepare(
      `INSERT INTO mail_queue (id, status, due_at, ref, recipient, subject, attempts, last_error, created_at,
         updated_at, data) VALUES (@id, @status, @dueAt, @ref, @to, @subject, @attempts, @lastError, @createdAt,
         @updatedAt, @data)`,
    );
    for (const r of records as unknown as QueuedMail[])
      insert.run({ ...r, data: JSON.stringify({ content: r.content, eventIds: r.eventIds }) });
  }
}
