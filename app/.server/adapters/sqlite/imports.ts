// Calendar sources in SQLite (app/.server/imports/ports.ts): each record as JSON beside the columns queries need.

import type { ImportLink, ImportRun, ImportSource, ImportStore } from '../../imports/ports';
import { abandonedSource, runTransitions } from '../../imports/run-state';
import { type Db, writeTransaction } from './db';

const parse = <T>(row: unknown): T => JSON.parse((row as { data: string }).data) as T;

export function createImportStore(db: Db): ImportStore {
  const save = (source: ImportSource) =>
    db
      .prepare(
        `INSERT INTO import_sources (id, next_run_at, name, data) VALUES (@id, @nextRunAt, @name, @data)
         ON CONFLICT(id) DO UPDATE SET next_run_at = excluded.next_run_at, name = excluded.name, data = excluded.data`,
      )
      .run({ id: source.id, nextRunAt: source.nextRunAt, name: source.name, data: JSON.stringify(source) });
  const find = (id: string) => {
    const row = db.prepare('SELECT data FROM import_sources WHERE id = ?').get(id);
    return row ? parse<ImportSource>(row) : null;
  };
  /** Reads, changes and writes one source in one write transaction (other processes wait for it). */
  const update = <T>(id: string, change: (source: ImportSource) => { next: ImportSource | null; result: T }, none: T) =>
    writeTransaction(db, (): T => {
      const source = find(id);
      if (!source) return none;
      const { next, result } = change(source);
      if (next) save(next);
      return result;
    })();
  return {
    async listSources() {
      return db
        .prepare('SELECT data FROM import_sources ORDER BY name COLLATE NOCASE, id')
        .all()
        .map(parse<ImportSource>);
    },
    async findSource(id) {
      return find(id);
    },
    async saveSource(source) {
      save(source);
    },
    ...runTransitions(update),
    async releaseRuns(now) {
      return writeTransaction(db, (): number => {
        const held = db
          .prepare("SELECT data FROM import_sources WHERE json_extract(data, '$.runningSince') IS NOT NULL")
          .all()
          .map(parse<ImportSource>);
        for (const source of held) {
          const freed = abandonedSource(source, now);
          if (freed) save(freed);
        }
        return held.length;
      })();
    },
    async deleteSource(id) {
      return db.prepare('DELETE FROM import_sources WHERE id = ?').run(id).changes > 0;
    },
    async listDue(now) {
      return db
        .prepare('SELECT data FROM import_sources WHERE next_run_at <= ? ORDER BY next_run_at, id')
        .all(now)
        .map(parse<ImportSource>);
    },
    async links(sourceId) {
      return db
        .prepare('SELECT data FROM import_links WHERE source_id = ? ORDER BY uid')
        .all(sourceId)
        .map(parse<ImportLink>);
    },
    async saveLink(link) {
      db.prepare(
        `INSERT INTO import_links (source_id, uid, data) VALUES (@sourceId, @uid, @data)
         ON CONFLICT(source_id, uid) DO UPDATE SET data = excluded.data`,
      ).run({ sourceId: link.sourceId, uid: link.uid, data: JSON.stringify(link) });
    },
    async addRun(run, keep) {
      writeTransaction(db, () => {
        db.prepare('INSERT INTO import_runs (id, source_id, started_at, data) VALUES (?, ?, ?, ?)').run(
          run.id,
          run.sourceId,
          run.startedAt,
          JSON.stringify(run),
        );
        db.prepare(
          `DELETE FROM import_runs WHERE source_id = ? AND id NOT IN
             (SELECT id FROM import_runs WHERE source_id = ? ORDER BY started_at DESC, rowid DESC LIMIT ?)`,
        ).run(run.sourceId, run.sourceId, keep);
      })();
    },
    async runs(sourceId, limit) {
      return db
        .prepare('SELECT data FROM import_runs WHERE source_id = ? ORDER BY started_at DESC, rowid DESC LIMIT ?')
        .all(sourceId, limit)
        .map(parse<ImportRun>);
    },
  };
}
