// Visitors' push subscriptions to an event's « Ça a lieu ? » in SQLite (migration 26).
import type { VisitorPush, VisitorPushStore } from '../../ports';
import type { Db } from './db';
import { writeTransaction } from './db';
import { type Row, str } from './rows';

const toPush = (r: Row): VisitorPush => ({
  id: str(r.id),
  eventId: str(r.event_id),
  token: str(r.token),
  createdAt: str(r.created_at),
  expiresAt: str(r.expires_at),
  message: r.message == null ? null : str(r.message),
  dueAt: r.due_at == null ? null : str(r.due_at),
  attempts: Number(r.attempts ?? 0),
});

export function createVisitorPushStore(db: Db): VisitorPushStore {
  const count = (sql: string, value: string) => (db.prepare(sql).get(value) as { n: number }).n;
  const add = writeTransaction(
    db,
    (push: Parameters<VisitorPushStore['add']>[0], limits: Parameters<VisitorPushStore['add']>[1]) => {
      if (db.prepare('SELECT 1 FROM visitor_pushes WHERE id = ?').get(push.id)) {
        db.prepare('UPDATE visitor_pushes SET expires_at = ? WHERE id = ?').run(push.expiresAt, push.id);
        return 'exists' as const;
      }
      if (
        count('SELECT COUNT(*) AS n FROM visitor_pushes WHERE event_id = ?', push.eventId) >= limits.perEvent ||
        count('SELECT COUNT(*) AS n FROM visitor_pushes WHERE token = ?', push.token) >= limits.perToken
      )
        return 'full' as const;
      db.prepare(
        `INSERT INTO visitor_pushes (id, event_id, token, created_at, expires_at)
       VALUES (@id, @eventId, @token, @createdAt, @expiresAt)`,
      ).run(push);
      return 'created' as const;
    },
  );
  const claimDue = writeTransaction(db, (now: string, claimUntil: string, limit: number) => {
    const rows = db
      .prepare(
        `SELECT * FROM visitor_pushes WHERE due_at IS NOT NULL AND due_at <= ? AND message IS NOT NULL
         ORDER BY due_at, id LIMIT ?`,
      )
      .all(now, limit) as Row[];
    const claim = db.prepare('UPDATE visitor_pushes SET due_at = ? WHERE id = ?');
    for (const row of rows) claim.run(claimUntil, row.id);
    return rows.map((row) => ({ ...toPush(row), dueAt: claimUntil }));
  });
  return {
    add: async (push, limits) => add(push, limits),
    async remove(eventId, token) {
      return db.prepare('DELETE FROM visitor_pushes WHERE event_id = ? AND token = ?').run(eventId, token).changes > 0;
    },
    async removeToken(token) {
      return db.prepare('DELETE FROM visitor_pushes WHERE token = ?').run(token).changes;
    },
    async listByEvent(eventId) {
      const rows = db.prepare('SELECT * FROM visitor_pushes WHERE event_id = ? ORDER BY created_at, id').all(eventId);
      return (rows as Row[]).map(toPush);
    },
    async queue(eventId, message, now) {
      return db
        .prepare('UPDATE visitor_pushes SET message = ?, due_at = ?, attempts = 0 WHERE event_id = ?')
        .run(message, now, eventId).changes;
    },
    claimDue: async (now, claimUntil, limit) => claimDue(now, claimUntil, limit),
    async done(id, message) {
      db.prepare(
        'UPDATE visitor_pushes SET message = NULL, due_at = NULL, attempts = 0 WHERE id = ? AND message = ?',
      ).run(id, message);
    },
    async retryLater(id, attempts, dueAt) {
      db.prepare('UPDATE visitor_pushes SET attempts = ?, due_at = ? WHERE id = ? AND message IS NOT NULL').run(
        attempts,
        dueAt,
        id,
      );
    },
    async deleteExpired(now) {
      return db.prepare('DELETE FROM visitor_pushes WHERE expires_at < ?').run(now).changes;
    },
  };
}
