// The moderation log in SQLite, read on its own: the publications without moderation (issue 21), by keyset pages
// (issue 35).
import type { EventStatus } from '~/domain/event';
import type { ModerationLogStore } from '../../ports';
import { keysetPage } from '../keyset';
import type { Db } from './db';
import { MODERATION_ENTRY_COLUMNS, MODERATION_ENTRY_FROM, type Row, str, toModerationEntry } from './rows';

export function createModerationLogStore(db: Db): ModerationLogStore {
  const count = db.prepare("SELECT COUNT(*) AS n FROM moderation_log WHERE action = 'publish'");
  const select = `SELECT ${MODERATION_ENTRY_COLUMNS}, e.status AS event_status ${MODERATION_ENTRY_FROM}
     WHERE l.action = 'publish'`;
  const first = db.prepare(`${select} ORDER BY l.created_at DESC, l.id DESC LIMIT ?`);
  const older = db.prepare(`${select} AND (l.created_at, l.id) < (?, ?) ORDER BY l.created_at DESC, l.id DESC LIMIT ?`);
  const newer = db.prepare(`${select} AND (l.created_at, l.id) > (?, ?) ORDER BY l.created_at ASC, l.id ASC LIMIT ?`);
  return {
    async listPublications(request) {
      const total = (count.get() as { n: number }).n;
      const page = await keysetPage(
        request,
        2,
        (row: Row) => [str(row.created_at), Number(row.id)],
        async (from, n, backward) =>
          (from ? (backward ? newer : older).all(from[0], from[1], n) : first.all(n)) as Row[],
      );
      return {
        ...page,
        total,
        items: page.items.map((row) => ({
          ...toModerationEntry(row),
          eventStatus: row.event_status == null ? null : (str(row.event_status) as EventStatus),
        })),
      };
    },
  };
}
