// The federation's storage in SQLite (decision 087): one table of records (kind, key → JSON), one queue.
import type { FederationMessage, FederationRecord, FederationRecordKind, FederationStore } from '../../ports';
import type { Db } from './db';
import { writeTransaction } from './db';
import type { Row } from './rows';

const LIVE = '(expires_at IS NULL OR expires_at > @now)';

function toRecord<T>(row: Row): FederationRecord<T> {
  return {
    kind: String(row.kind) as FederationRecordKind,
    key: String(row.key),
    value: JSON.parse(String(row.data)) as T,
    expiresAt: row.expires_at == null ? null : String(row.expires_at),
    updatedAt: String(row.updated_at),
  };
}

const columns = (r: FederationRecord) => ({
  kind: r.kind,
  key: r.key,
  expires_at: r.expiresAt,
  updated_at: r.updatedAt,
  data: JSON.stringify(r.value ?? null),
});

/** Keys starting with `prefix`, by range (LIKE would read `_` and `%` as patterns). */
const prefixRange = (prefix: string) => ({ from: prefix, to: `${prefix}\uffff` });

/** Its writes change no page (a delivery, a follower), but a publication's record: see migration 20 (decision 104). */
export function createFederationStore(db: Db): FederationStore {
  const select = db.prepare(`SELECT * FROM federation_records WHERE kind = @kind AND key = @key AND ${LIVE}`);
  const upsert = db.prepare(
    `INSERT INTO federation_records (kind, key, expires_at, updated_at, data)
     VALUES (@kind, @key, @expires_at, @updated_at, @data)
     ON CONFLICT (kind, key) DO UPDATE SET expires_at = excluded.expires_at, updated_at = excluded.updated_at,
       data = excluded.data`,
  );
  const putIfAbsent = writeTransaction(db, (record: FederationRecord, now: string) => {
    const current = select.get({ kind: record.kind, key: record.key, now }) as Row | undefined;
    if (current) return toRecord(current);
    upsert.run(columns(record));
    return record;
  });
  const compareAndSet = writeTransaction(db, (record: FederationRecord, expected: unknown, now: string) => {
    const current = select.get({ kind: record.kind, key: record.key, now }) as Row | undefined;
    const value = current ? String(current.data) : undefined;
    if (value !== (expected === undefined ? undefined : JSON.stringify(expected))) return false;
    upsert.run(columns(record));
    return true;
  });
  const claim = writeTransaction(db, (now: string, claimUntil: string, limit: number) => {
    const rows = db
      .prepare('SELECT * FROM federation_queue WHERE due_at <= ? ORDER BY due_at, id LIMIT ?')
      .all(now, limit) as Row[];
    const update = db.prepare('UPDATE federation_queue SET due_at = ? WHERE id = ?');
    for (const row of rows) update.run(claimUntil, row.id);
    return rows.map(
      (row): FederationMessage => ({
        id: String(row.id),
        payload: JSON.parse(String(row.data)),
        dueAt: claimUntil,
        createdAt: String(row.created_at),
      }),
    );
  });

  return {
    async get<T>(kind: FederationRecordKind, key: string, now: string) {
      const row = select.get({ kind, key, now }) as Row | undefined;
      return row ? toRecord<T>(row) : null;
    },
    async put(record) {
      upsert.run(columns(record));
    },
    async putIfAbsent(record, now) {
      return putIfAbsent(record, now) as typeof record;
    },
    async compareAndSet(record, expected, now) {
      return compareAndSet(record, expected, now);
    },
    async remove(kind, key) {
      return db.prepare('DELETE FROM federation_records WHERE kind = ? AND key = ?').run(kind, key).changes > 0;
    },
    async list<T>(
      kind: FederationRecordKind,
      { prefix = '', now, limit }: { prefix?: string; now: string; limit: number },
    ) {
      const rows = db
        .prepare(
          `SELECT * FROM federation_records WHERE kind = @kind AND key >= @from AND key < @to AND ${LIVE}
           ORDER BY key LIMIT @limit`,
        )
        .all({ kind, ...prefixRange(prefix), now, limit }) as Row[];
      return rows.map((row) => toRecord<T>(row));
    },
    async count(kind, { prefix = '', now }) {
      const row = db
        .prepare(
          `SELECT COUNT(*) AS n FROM federation_records WHERE kind = @kind AND key >= @from AND key < @to AND ${LIVE}`,
        )
        .get({ kind, ...prefixRange(prefix), now }) as { n: number };
      return row.n;
    },
    async purgeExpired(now) {
      return db.prepare('DELETE FROM federation_records WHERE expires_at IS NOT NULL AND expires_at <= ?').run(now)
        .changes;
    },
    async enqueue(messages) {
      const insert = db.prepare(
        'INSERT INTO federation_queue (id, due_at, created_at, data) VALUES (@id, @dueAt, @createdAt, @data)',
      );
      writeTransaction(db, () => {
        for (const m of messages) insert.run({ ...m, data: JSON.stringify(m.payload) });
      })();
    },
    async claimDue(now, claimUntil, limit) {
      // Immediate: the write lock first, so a read that another process's write made stale never has to upgrade.
      return claim(now, claimUntil, limit);
    },
    async done(id) {
      db.prepare('DELETE FROM federation_queue WHERE id = ?').run(id);
    },
    async hurry(now, select, limit) {
      return writeTransaction(db, () => {
        const later = db
          .prepare('SELECT id, data FROM federation_queue WHERE due_at > ? ORDER BY due_at LIMIT ?')
          .all(now, limit) as { id: string; data: string }[];
        const update = db.prepare('UPDATE federation_queue SET due_at = ? WHERE id = ?');
        let n = 0;
        for (const row of later) if (select(JSON.parse(row.data))) n += update.run(now, row.id).changes;
        return n;
      })();
    },
    async queueStats(now) {
      const row = db
        .prepare(
          'SELECT COALESCE(SUM(due_at <= ?), 0) AS due, COALESCE(SUM(due_at > ?), 0) AS later FROM federation_queue',
        )
        .get(now, now) as { due: number; later: number };
      return { due: Number(row.due), later: Number(row.later) };
    },
  };
}
