// In-app notifications of admins in SQLite.
import type { NotificationStore } from '../../ports';
import type { Db } from './db';
import { writeTransaction } from './db';
import { type Row, str } from './rows';

export function createNotificationStore(db: Db): NotificationStore {
  return {
    async addForAdmins(n) {
      const admins = db.prepare("SELECT uid FROM users WHERE role = 'admin' AND disabled = 0").all() as {
        uid: string;
      }[];
      const insert = db.prepare(
        'INSERT INTO notifications (id, uid, title, body, data, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      );
      writeTransaction(db, () => {
        for (const admin of admins)
          insert.run(`${n.id}-${admin.uid}`, admin.uid, n.title, n.body, JSON.stringify(n.data), n.timestamp);
      })();
    },
    async listFor(uid, limit) {
      const rows = db
        .prepare('SELECT * FROM notifications WHERE uid = ? ORDER BY created_at DESC LIMIT ?')
        .all(uid, limit) as Row[];
      return rows.map((r) => ({
        id: str(r.id),
        title: str(r.title),
        body: str(r.body),
        data: JSON.parse(str(r.data)) as Record<string, string>,
        timestamp: str(r.created_at),
      }));
    },
  };
}
