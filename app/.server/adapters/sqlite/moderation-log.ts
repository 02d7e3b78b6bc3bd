// The moderation log in SQLite, read on its own: the publications without moderation (issue 21).
import type { EventStatus } from '~/domain/event';
import type { ModerationLogStore } from '../../ports';
import type { Db } from './db';
import { MODERATION_ENTRY_COLUMNS, MODERATION_ENTRY_FROM, type Row, str, toModerationEntry } from './rows';

export function createModerationLogStore(db: Db): ModerationLogStore {
  const count = db.prepare("SELECT COUNT(*) AS n FROM moderation_log WHERE action = 'publish'");
  const page = db.prepare(
    `SELECT ${MODERATION_ENTRY_COLUMNS}, e.status AS event_status ${MODERATION_ENTRY_FROM}
     WHERE l.action = 'publish' ORDER BY l.created_at DESC, l.id DESC LIMIT ? OFFSET ?`,
  );
  return {
    async listPublications({ limit, offset }) {
      const total = (count.get() as { n: number }).n;
      const rows = page.all(limit, offset) as Row[];
      return {
        total,
        items: rows.map((row) => ({
          ...toModerationEntry(row),
          eventStatus: row.event_status == null ? null : (str(row.event_status) as EventStatus),
        })),
      };
    },
  };
}
