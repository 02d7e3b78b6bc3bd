// One-time tokens of the local identity (email verification, password reset) in SQLite.
import type { AuthTokenStore } from '../../ports';
import type { Db } from './db';
import { writeTransaction } from './db';

export function createAuthTokenStore(db: Db): AuthTokenStore {
  return {
    async issue(t) {
      writeTransaction(db, () => {
        db.prepare('DELETE FROM auth_tokens WHERE uid = ? AND purpose = ? AND used_at IS NULL').run(t.uid, t.purpose);
        db.prepare(
          `INSERT INTO auth_tokens (id, uid, purpose, created_at, expires_at) VALUES (@id, @uid, @purpose, @createdAt, @expiresAt)`,
        ).run(t);
      })();
    },
    async peek(id, purpose, now) {
      const row = db
        .prepare('SELECT uid FROM auth_tokens WHERE id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?')
        .get(id, purpose, now) as { uid: string } | undefined;
      return row?.uid ?? null;
    },
    async consume(id, purpose, now) {
      const row = db
        .prepare(
          `UPDATE auth_tokens SET used_at = @now WHERE id = @id AND purpose = @purpose AND used_at IS NULL AND expires_at > @now
           RETURNING uid`,
        )
        .get({ id, purpose, now }) as { uid: string } | undefined;
      return row?.uid ?? null;
    },
    async revokeForUser(uid, purpose) {
      db.prepare('DELETE FROM auth_tokens WHERE uid = ? AND purpose = ? AND used_at IS NULL').run(uid, purpose);
    },
  };
}
