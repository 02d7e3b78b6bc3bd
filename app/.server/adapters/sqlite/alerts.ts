// Email alerts in SQLite (decision 048).
import { type Alert, type AlertRhythm, rememberSent } from '~/domain/alert';
import type { AlertStore } from '../../alerts/ports';
import type { Db } from './db';
import { writeTransaction } from './db';
import { type Row, str } from './rows';

function toAlert(r: Row): Alert {
  return {
    id: str(r.id),
    email: str(r.email),
    filter: str(r.filter),
    rhythm: str(r.rhythm) as AlertRhythm,
    status: str(r.status) as Alert['status'],
    tokenHash: str(r.token_hash),
    createdAt: str(r.created_at),
    updatedAt: str(r.updated_at),
    confirmedAt: r.confirmed_at == null ? null : str(r.confirmed_at),
    lastDigestAt: r.last_digest_at == null ? null : str(r.last_digest_at),
    sentEventIds: JSON.parse(str(r.sent_event_ids) || '[]') as string[],
  };
}

export function createAlertStore(db: Db): AlertStore {
  const byId = (id: string) => {
    const row = db.prepare('SELECT * FROM alerts WHERE id = ?').get(id) as Row | undefined;
    return row ? toAlert(row) : null;
  };
  const request = writeTransaction(db, (input: Parameters<AlertStore['request']>[0]) => {
    const existing = byId(input.id);
    if (existing?.status === 'active') return { alert: existing, outcome: 'active' as const };
    if (existing) {
      db.prepare('UPDATE alerts SET rhythm = ?, updated_at = ? WHERE id = ?').run(input.rhythm, input.now, input.id);
      return { alert: byId(input.id) as Alert, outcome: 'renewed' as const };
    }
    db.prepare(
      `INSERT INTO alerts (id, email, filter, rhythm, status, token_hash, created_at, updated_at)
       VALUES (@id, @email, @filter, @rhythm, 'pending', @tokenHash, @now, @now)`,
    ).run(input);
    return { alert: byId(input.id) as Alert, outcome: 'created' as const };
  });
  const confirm = writeTransaction(db, (tokenHash: string, now: string, expiredBefore: string) => {
    const row = db.prepare('SELECT * FROM alerts WHERE token_hash = ?').get(tokenHash) as Row | undefined;
    if (!row) return null;
    const alert = toAlert(row);
    if (alert.status === 'active') return alert;
    if (alert.updatedAt < expiredBefore) return null;
    db.prepare("UPDATE alerts SET status = 'active', confirmed_at = @now, updated_at = @now WHERE id = @id").run({
      id: alert.id,
      now,
    });
    return byId(alert.id);
  });

  const remember = writeTransaction(db, (id: string, eventIds: string[]) => {
    const alert = byId(id);
    if (alert)
      db.prepare('UPDATE alerts SET sent_event_ids = ? WHERE id = ?').run(
        JSON.stringify(rememberSent(alert.sentEventIds, eventIds)),
        id,
      );
  });

  return {
    async request(input) {
      return request(input);
    },
    async findByTokenHash(tokenHash) {
      const row = db.prepare('SELECT * FROM alerts WHERE token_hash = ?').get(tokenHash) as Row | undefined;
      return row ? toAlert(row) : null;
    },
    async confirm(tokenHash, now, expiredBefore) {
      return confirm(tokenHash, now, expiredBefore);
    },
    async setRhythm(id, rhythm, now) {
      db.prepare('UPDATE alerts SET rhythm = ?, updated_at = ? WHERE id = ?').run(rhythm, now, id);
      return byId(id);
    },
    async delete(id) {
      return db.prepare('DELETE FROM alerts WHERE id = ?').run(id).changes > 0;
    },
    async listByEmail(email) {
      const rows = db.prepare('SELECT * FROM alerts WHERE email = ? ORDER BY created_at, id').all(email) as Row[];
      return rows.map(toAlert);
    },
    async listActive() {
      const rows = db.prepare("SELECT * FROM alerts WHERE status = 'active' ORDER BY id").all() as Row[];
      return rows.map(toAlert);
    },
    async recordDigest({ id, seen, at }) {
      const result = db
        .prepare(
          `UPDATE alerts SET last_digest_at = @at
           WHERE id = @id AND status = 'active' AND last_digest_at IS @seen`,
        )
        .run({ id, seen, at });
      return result.changes > 0;
    },
    async rememberSent(id, eventIds) {
      remember(id, eventIds);
    },
    async deleteExpired(before) {
      return db.prepare("DELETE FROM alerts WHERE status = 'pending' AND updated_at < ?").run(before).changes;
    },
  };
}
