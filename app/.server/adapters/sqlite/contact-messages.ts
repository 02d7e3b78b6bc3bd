// Contact messages in SQLite.
import type { ContactMessageStore } from '../../ports';
import type { Db } from './db';

export function createContactMessageStore(db: Db): ContactMessageStore {
  return {
    async add(m) {
      db.prepare(
        `INSERT INTO contact_messages (id, name, email, subject, message, created_at)
         VALUES (@id, @name, @email, @subject, @message, @createdAt)`,
      ).run(m);
    },
    async count() {
      return (db.prepare('SELECT COUNT(*) AS n FROM contact_messages').get() as { n: number }).n;
    },
  };
}
