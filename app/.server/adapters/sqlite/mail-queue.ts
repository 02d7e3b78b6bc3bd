// The mail queue in SQLite (decision 060): one row per mail, its content as JSON.
import type { MailQueueStore, NewMail, QueuedMail, QueuedMailStatus } from '../../ports';
import type { Db } from './db';
import { writeTransaction } from './db';
import { type Row, str } from './rows';

export function toMail(r: Row): QueuedMail {
  const data = JSON.parse(str(r.data)) as Pick<QueuedMail, 'content' | 'eventIds'>;
  return {
    id: str(r.id),
    content: data.content,
    eventIds: data.eventIds ?? [],
    to: str(r.recipient),
    subject: str(r.subject),
    ref: r.ref == null ? null : str(r.ref),
    status: str(r.status) as QueuedMailStatus,
    dueAt: r.due_at == null ? null : str(r.due_at),
    attempts: Number(r.attempts),
    lastError: str(r.last_error),
    createdAt: str(r.created_at),
    updatedAt: str(r.updated_at),
  };
}

/** Inserts a mail (due at once), replacing the failed mails of its ref: for the callers' transactions too. */
export function insertMail(db: Db, mail: NewMail): void {
  if (mail.ref) db.prepare("DELETE FROM mail_queue WHERE ref = ? AND status = 'failed'").run(mail.ref);
  db.prepare(
    `INSERT INTO mail_queue (id, status, due_at, ref, recipient, subject, created_at, updated_at, data)
     VALUES (@id, 'pending', @createdAt, @ref, @to, @subject, @createdAt, @createdAt, @data)`,
  ).run({ ...mail, data: JSON.stringify({ content: mail.content, eventIds: mail.eventIds }) });
}

export function createMailQueueStore(db: Db): MailQueueStore {
  const enqueue = writeTransaction(db, (mail: NewMail) => insertMail(db, mail));
  const claim = writeTransaction(db, (now: string, claimUntil: string, limit: number) => {
    const rows = db
      .prepare('SELECT * FROM mail_queue WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at, id LIMIT ?')
      .all(now, limit) as Row[];
    const update = db.prepare("UPDATE mail_queue SET status = 'sending', due_at = ?, updated_at = ? WHERE id = ?");
    for (const row of rows) update.run(claimUntil, now, row.id);
    return rows.map((row) => ({ ...toMail(row), status: 'sending' as const, dueAt: claimUntil, updatedAt: now }));
  });

  return {
    async enqueue(mail) {
      enqueue(mail);
    },
    async claimDue(now, claimUntil, limit) {
      // Read then written: taken for writing from the start, so that a write committed meanwhile cannot fail it
      // (SQLITE_BUSY_SNAPSHOT, which the busy timeout does not wait out).
      return claim(now, claimUntil, limit);
    },
    async delivered(id) {
      db.prepare('DELETE FROM mail_queue WHERE id = ?').run(id);
    },
    async retryLater(id, { attempts, dueAt, lastError, now }) {
      db.prepare(
        `UPDATE mail_queue SET status = 'pending', due_at = ?, attempts = ?, last_error = ?, updated_at = ? WHERE id = ?`,
      ).run(dueAt, attempts, lastError, now, id);
    },
    async release(id, dueAt, now) {
      db.prepare(
        "UPDATE mail_queue SET status = 'pending', due_at = ?, updated_at = ? WHERE id = ? AND status = 'sending'",
      ).run(dueAt, now, id);
    },
    async fail(id, { attempts, lastError, now }) {
      db.prepare(
        `UPDATE mail_queue SET status = 'failed', due_at = NULL, attempts = ?, last_error = ?, updated_at = ? WHERE id = ?`,
      ).run(attempts, lastError, now, id);
    },
    async retry(id, now) {
      const result = db
        .prepare(
          "UPDATE mail_queue SET status = 'pending', due_at = ?, updated_at = ? WHERE id = ? AND status = 'failed'",
        )
        .run(now, now, id);
      return result.changes > 0;
    },
    async hasQueued(ref) {
      return !!db
        .prepare("SELECT 1 FROM mail_queue WHERE ref = ? AND status IN ('pending', 'sending') LIMIT 1")
        .get(ref);
    },
    async list(status, limit) {
      const rows = db
        .prepare('SELECT * FROM mail_queue WHERE status = ? ORDER BY created_at, id LIMIT ?')
        .all(status, limit) as Row[];
      return rows.map(toMail);
    },
    async counts() {
      const counts: Record<QueuedMailStatus, number> = { pending: 0, sending: 0, failed: 0 };
      for (const r of db.prepare('SELECT status, COUNT(*) AS n FROM mail_queue GROUP BY status').all() as Row[])
        counts[str(r.status) as QueuedMailStatus] = Number(r.n);
      return counts;
    },
    async releaseClaims(now) {
      return db
        .prepare("UPDATE mail_queue SET status = 'pending', due_at = ?, updated_at = ? WHERE status = 'sending'")
        .run(now, now).changes;
    },
    async purgeFailed(before) {
      return db.prepare("DELETE FROM mail_queue WHERE status = 'failed' AND updated_at < ?").run(before).changes;
    },
  };
}
