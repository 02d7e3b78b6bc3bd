// Contact messages in SQLite.
import type { ContactMessageStore, NewMail } from '../../ports';
import type { Db } from './db';
import { writeTransaction } from './db';
import { insertMail } from './mail-queue';
import { type Row, str } from './rows';

export function createContactMessageStore(db: Db): ContactMessageStore {
  const add = writeTransaction(db, (m: Parameters<ContactMessageStore['add']>[0], mail?: NewMail) => {
    db.prepare(
      `INSERT INTO contact_messages (id, name, email, subject, message, created_at)
       VALUES (@id, @name, @email, @subject, @message, @createdAt)`,
    ).run(m);
    if (mail) insertMail(db, mail);
  });
  return {
    async add(m, mail) {
      add(m, mail);
    },
    async count() {
      return (db.prepare('SELECT COUNT(*) AS n FROM contact_messages').get() as { n: number }).n;
    },
    async listRecent(limit) {
      const rows = db
        .prepare('SELECT * FROM contact_messages ORDER BY created_at DESC, rowid DESC LIMIT ?')
        .all(limit) as Row[];
      return rows.map((r) => ({
        id: str(r.id),
        name: str(r.name),
        email: str(r.email),
        subject: str(r.subject),
        message: str(r.message),
        createdAt: str(r.created_at),
      }));
    },
  };
}
