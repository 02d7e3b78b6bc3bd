// Users of the SQLite store: profiles, passwords, roles, and what admins manage.
import type { Role, UserProfile, UserStore, UserWithPassword } from '../../ports';
import type { Db } from './db';
import { bool, type Row, str } from './rows';

export function toUser(row: Row): UserProfile {
  return {
    uid: str(row.uid),
    email: str(row.email),
    displayName: str(row.display_name),
    role: row.role as Role,
    createdAt: str(row.created_at),
    updatedAt: str(row.updated_at),
    supported: bool(row.supported),
    photoURL: row.photo_url == null ? null : str(row.photo_url),
    emailVerified: bool(row.email_verified),
    disabled: bool(row.disabled),
  };
}

export function createUserStore(db: Db): UserStore {
  return {
    async findById(uid) {
      const row = db.prepare('SELECT * FROM users WHERE uid = ?').get(uid) as Row | undefined;
      return row ? toUser(row) : null;
    },
    async findByEmailWithPassword(email) {
      const row = db.prepare('SELECT * FROM users WHERE email = ?').get(email.trim()) as Row | undefined;
      return row ? ({ ...toUser(row), passwordHash: row.password_hash as string | null } as UserWithPassword) : null;
    },
    async upsert(input) {
      db.prepare(
        `INSERT INTO users (uid, email, display_name, role, password_hash, email_verified, created_at, updated_at)
           VALUES (@uid, @email, @displayName, @role, @passwordHash, @emailVerified, @now, @now)
           ON CONFLICT(email) DO UPDATE SET display_name = excluded.display_name, role = excluded.role,
             password_hash = excluded.password_hash, updated_at = excluded.updated_at`,
      ).run({ ...input, emailVerified: input.emailVerified ? 1 : 0 });
      return toUser(db.prepare('SELECT * FROM users WHERE email = ?').get(input.email) as Row);
    },
    async create(input) {
      const result = db
        .prepare(
          `INSERT INTO users (uid, email, display_name, role, password_hash, email_verified, created_at, updated_at)
             VALUES (@uid, @email, @displayName, @role, @passwordHash, 0, @now, @now) ON CONFLICT(email) DO NOTHING`,
        )
        .run(input);
      if (result.changes === 0) return null;
      return toUser(db.prepare('SELECT * FROM users WHERE uid = ?').get(input.uid) as Row);
    },
    async setPassword(uid, passwordHash, now) {
      db.prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE uid = ?').run(passwordHash, now, uid);
    },
    async setEmailVerified(uid, now) {
      db.prepare('UPDATE users SET email_verified = 1, updated_at = ? WHERE uid = ?').run(now, uid);
    },
    async updateProfile(uid, fields, now) {
      db.prepare('UPDATE users SET display_name = ?, updated_at = ? WHERE uid = ?').run(fields.displayName, now, uid);
      const row = db.prepare('SELECT * FROM users WHERE uid = ?').get(uid) as Row | undefined;
      return row ? toUser(row) : null;
    },
    async delete(uid) {
      db.prepare('DELETE FROM users WHERE uid = ?').run(uid);
    },
    async listAdmins() {
      return (db.prepare("SELECT * FROM users WHERE role = 'admin' AND disabled = 0").all() as Row[]).map(toUser);
    },
  };
}
