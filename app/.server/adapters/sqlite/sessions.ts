// Sessions in SQLite: one row per signed-in browser, keyed by the hash of its cookie's secret.
import type { SessionRecord, SessionStore } from '../../ports';
import type { Db } from './db';
import { type Row, str } from './rows';

function toSession(row: Row): SessionRecord {
  return {
    id: str(row.id),
    uid: str(row.uid),
    createdAt: str(row.created_at),
    lastSeenAt: str(row.last_seen_at),
    expiresAt: str(row.expires_at),
    userAgent: str(row.user_agent),
  };
}

export function createSessionStore(db: Db): SessionStore {
  return {
    async create(s) {
      db.prepare(
        `INSERT INTO sessions (id, uid, created_at, last_seen_at, expires_at, user_agent)
         VALUES (@id, @uid, @createdAt, @lastSeenAt, @expiresAt, @userAgent)`,
      ).run(s);
    },
    async find(id) {
      const row = db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as Row | undefined;
      return row ? toSession(row) : null;
    },
    async touch(id, lastSeenAt, expiresAt) {
      db.prepare('UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?').run(lastSeenAt, expiresAt, id);
    },
    async revoke(id) {
      db.prepare('DELETE FROM sessions WHERE id = ?').run(id);
    },
    async revokeAllForUser(uid, exceptId) {
      db.prepare('DELETE FROM sessions WHERE uid = ? AND id IS NOT ?').run(uid, exceptId ?? null);
    },
    async listForUser(uid) {
      const rows = db.prepare('SELECT * FROM sessions WHERE uid = ? ORDER BY last_seen_at DESC').all(uid) as Row[];
      return rows.map(toSession);
    },
  };
}
