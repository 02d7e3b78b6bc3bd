// The readiness probe in SQLite: one write and two reads, in a transaction.
import type { HealthStore } from '../../ports';
import type { Db } from './db';
import { writeTransaction } from './db';

export function createHealthStore(db: Db): HealthStore {
  const probe = writeTransaction(db, (id: string, at: string) => {
    db.prepare(
      'INSERT INTO health_checks (id, checked_at) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at',
    ).run(id, at);
    const row = db.prepare('SELECT checked_at FROM health_checks WHERE id = ?').get(id) as { checked_at: string };
    const { n } = db.prepare('SELECT COUNT(*) AS n FROM categories').get() as { n: number };
    return { readBack: row?.checked_at === at, categories: n };
  });
  return {
    async probe(id, at) {
      return probe(id, at);
    },
    async purge(before) {
      return db.prepare('DELETE FROM health_checks WHERE checked_at < ?').run(before).changes;
    },
  };
}
