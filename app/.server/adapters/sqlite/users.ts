// Users of the SQLite store: profiles, passwords, roles, and what admins manage.
import { foldText } from '~/domain/search-text';
import type {
  AdminPushDevice,
  PushDevice,
  Role,
  UserAdminWrite,
  UserProfile,
  UserPushData,
  UserStore,
  UserWithPassword,
} from '../../ports';
import { keysetPage } from '../keyset';
import { readPushDevices } from '../push-devices';
import type { Db } from './db';
import { writeTransaction } from './db';
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
    trusted: bool(row.trusted),
  };
}

/** The `fcm_tokens` column: a JSON object of device id → device; anything unreadable counts as no device. */
function readTokens(value: unknown): Record<string, PushDevice> {
  try {
    return readPushDevices(JSON.parse(typeof value === 'string' ? value : '{}'));
  } catch {
    return {};
  }
}

function toPushData(row: Row): UserPushData {
  return {
    fcmTokens: readTokens(row.fcm_tokens),
    fcmToken: row.fcm_token == null ? null : str(row.fcm_token),
    fcmTokenUpdatedAt: row.fcm_token_updated_at == null ? null : str(row.fcm_token_updated_at),
  };
}

export function createUserStore(db: Db): UserStore {
  db.function('fold_text', { deterministic: true }, (value: unknown) => foldText(value == null ? '' : String(value)));

  const findRow = (uid: string) => db.prepare('SELECT * FROM users WHERE uid = ?').get(uid) as Row | undefined;
  const isActiveAdmin = (uid: string) =>
    db.prepare("SELECT 1 FROM users WHERE uid = ? AND role = 'admin' AND disabled = 0").get(uid) !== undefined;
  const otherActiveAdmins = (uid: string) =>
    (
      db.prepare("SELECT COUNT(*) AS n FROM users WHERE role = 'admin' AND disabled = 0 AND uid <> ?").get(uid) as {
        n: number;
      }
    ).n;

  /**
   * One admin write under the write lock (BEGIN IMMEDIATE), so the guards read what the write will change:
   * of two concurrent demotions of the last two admins, the second sees the first and is refused.
   */
  const guardedWrite = (
    uid: string,
    actorUid: string,
    change: (row: Row) => { removesAdmin: boolean; apply: () => void },
  ): UserAdminWrite =>
    writeTransaction(db, (): UserAdminWrite => {
      const row = findRow(uid);
      if (!row) return { ok: false, reason: 'not-found' };
      const { removesAdmin, apply } = change(row);
      if (removesAdmin && otherActiveAdmins(uid) === 0) return { ok: false, reason: 'last-admin' };
      if (!isActiveAdmin(actorUid)) return { ok: false, reason: 'not-admin' };
      apply();
      return { ok: true, user: toUser(findRow(uid) as Row) };
    })();

  const writePush = (uid: string, data: UserPushData) =>
    db
      .prepare('UPDATE users SET fcm_tokens = ?, fcm_token = ?, fcm_token_updated_at = ? WHERE uid = ?')
      .run(JSON.stringify(data.fcmTokens), data.fcmToken, data.fcmTokenUpdatedAt, uid);

  /** Removes a token from every row holding it (except one device of one account); returns how many entries went. */
  const removeTokenEverywhere = (token: string, keep?: { uid: string; deviceId: string }): number => {
    // instr() on the JSON text narrows to the rows that may hold it; the JSON is then read exactly.
    const rows = db
      .prepare('SELECT uid, fcm_tokens, fcm_token, fcm_token_updated_at FROM users WHERE instr(fcm_tokens, ?) > 0')
      .all(JSON.stringify(token).slice(1, -1)) as Row[];
    let removed = 0;
    for (const row of rows) {
      const data = toPushData(row);
      const uid = str(row.uid);
      let changed = false;
      for (const [deviceId, device] of Object.entries(data.fcmTokens)) {
        if (device.token !== token || (keep && keep.uid === uid && keep.deviceId === deviceId)) continue;
        delete data.fcmTokens[deviceId];
        removed++;
        changed = true;
      }
      if (data.fcmToken === token && !(keep && keep.uid === uid)) {
        data.fcmToken = null;
        data.fcmTokenUpdatedAt = null;
        changed = true;
      }
      if (changed) writePush(uid, data);
    }
    return removed;
  };

  return {
    async getPushData(uid) {
      const row = findRow(uid);
      return row ? toPushData(row) : null;
    },
    async savePushToken(uid, deviceId, device) {
      return writeTransaction(db, () => {
        const row = findRow(uid);
        if (!row) return false;
        removeTokenEverywhere(device.token, { uid, deviceId });
        const data = toPushData(findRow(uid) as Row);
        data.fcmTokens[deviceId] = { ...device };
        data.fcmToken = device.token;
        data.fcmTokenUpdatedAt = device.updatedAt;
        writePush(uid, data);
        return true;
      })();
    },
    async clearPushToken(uid, deviceId) {
      return writeTransaction(db, () => {
        const row = findRow(uid);
        if (!row) return null;
        const data = toPushData(row);
        const removed = data.fcmTokens[deviceId]?.token ?? null;
        delete data.fcmTokens[deviceId];
        writePush(uid, { fcmTokens: data.fcmTokens, fcmToken: null, fcmTokenUpdatedAt: null });
        return removed;
      })();
    },
    async removePushToken(token) {
      return writeTransaction(db, () => removeTokenEverywhere(token))();
    },
    async listAdminPushDevices() {
      const rows = db
        .prepare("SELECT uid, fcm_tokens FROM users WHERE role = 'admin' AND disabled = 0 AND fcm_tokens <> '{}'")
        .all() as Row[];
      const devices: AdminPushDevice[] = [];
      for (const row of rows) {
        for (const [deviceId, device] of Object.entries(readTokens(row.fcm_tokens)))
          devices.push({ uid: str(row.uid), deviceId, token: device.token });
      }
      return devices;
    },
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
    async setPhotoURL(uid, photoURL, now) {
      db.prepare('UPDATE users SET photo_url = ?, updated_at = ? WHERE uid = ?').run(photoURL, now, uid);
      const row = findRow(uid);
      return row ? toUser(row) : null;
    },
    async delete(uid) {
      db.prepare('DELETE FROM users WHERE uid = ?').run(uid);
    },
    async search(q) {
      const where: string[] = [];
      const params: unknown[] = [];
      for (const word of q.words ?? []) {
        where.push("instr(fold_text(display_name || ' ' || email), ?) > 0");
        params.push(foldText(word));
      }
      if (q.role) {
        where.push('role = ?');
        params.push(q.role);
      }
      if (q.disabled !== undefined) {
        where.push('disabled = ?');
        params.push(q.disabled ? 1 : 0);
      }
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : 'WHERE 1';
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM users ${whereSql}`).get(...params) as { n: number }).n;
      // The page first (by keyset, newest first), then the count of events of its rows only (by events.created_by).
      const page = await keysetPage(
        q,
        2,
        (row: Row) => [str(row.created_at), str(row.uid)],
        async (from, n, backward) => {
          const order = backward ? 'ASC' : 'DESC';
          const range = from ? `AND (created_at, uid) ${backward ? '>' : '<'} (?, ?)` : '';
          return db
            .prepare(
              `WITH page AS (SELECT * FROM users ${whereSql} ${range} ORDER BY created_at ${order}, uid ${order} LIMIT ?)
               SELECT page.*, (SELECT COUNT(*) FROM events e WHERE e.created_by = page.uid) AS event_count
               FROM page ORDER BY created_at ${order}, uid ${order}`,
            )
            .all(...params, ...(from ?? []), n) as Row[];
        },
      );
      return {
        ...page,
        total,
        items: page.items.map((row) => ({ ...toUser(row), eventCount: Number(row.event_count) })),
      };
    },
    async setRole({ uid, role, actorUid, now }) {
      return guardedWrite(uid, actorUid, (row) => ({
        removesAdmin: row.role === 'admin' && role !== 'admin' && !bool(row.disabled),
        apply: () => db.prepare('UPDATE users SET role = ?, updated_at = ? WHERE uid = ?').run(role, now, uid),
      }));
    },
    async setDisabled({ uid, disabled, actorUid, now }) {
      return guardedWrite(uid, actorUid, (row) => ({
        removesAdmin: disabled && row.role === 'admin' && !bool(row.disabled),
        apply: () => {
          db.prepare('UPDATE users SET disabled = ?, updated_at = ? WHERE uid = ?').run(disabled ? 1 : 0, now, uid);
          if (disabled) db.prepare('DELETE FROM sessions WHERE uid = ?').run(uid);
        },
      }));
    },
    async setTrusted({ uid, trusted, actorUid, now }) {
      return guardedWrite(uid, actorUid, () => ({
        removesAdmin: false,
        apply: () =>
          db.prepare('UPDATE users SET trusted = ?, updated_at = ? WHERE uid = ?').run(trusted ? 1 : 0, now, uid),
      }));
    },
    async listAdmins() {
      return (db.prepare("SELECT * FROM users WHERE role = 'admin' AND disabled = 0").all() as Row[]).map(toUser);
    },
  };
}
