// The sitemap's reads of SQLite (decision 159): its index from the counts kept on write (`public_day_counts`, a few
// hundred days), each file of events a range of the index of the events to come (`events_status_last_end`).
import { PUBLIC_STATUSES } from '~/domain/event-lifecycle';
import type { EventStore } from '../../ports';
import type { Db } from './db';

const DAY = 86_400_000;

export function createEventSitemapQueries(db: Db): Pick<EventStore, 'publicEndDays' | 'publicEndingOn'> {
  const statuses = PUBLIC_STATUSES.map((s) => `'${s}'`).join(', ');
  const days = db.prepare(
    `SELECT day, SUM(events) AS events FROM public_day_counts WHERE day >= ?
     GROUP BY day HAVING SUM(events) > 0 ORDER BY day`,
  );
  const ending = db.prepare(
    `SELECT id, updated_at FROM events INDEXED BY events_status_last_end
     WHERE status IN (${statuses}) AND last_ends_ts > ? AND last_ends_ts >= ? AND last_ends_ts < ?
     ORDER BY last_ends_ts, id LIMIT ?`,
  );
  return {
    async publicEndDays(endsAfter) {
      const rows = days.all(Math.floor(Date.parse(endsAfter) / DAY)) as { day: number; events: number }[];
      return rows.map((r) => ({ day: Number(r.day), events: Number(r.events) }));
    },
    async publicEndingOn({ endsAfter, firstDay, lastDay, limit }) {
      const rows = ending.all(Date.parse(endsAfter), firstDay * DAY, (lastDay + 1) * DAY, limit) as {
        id: string;
        updated_at: string;
      }[];
      return rows.map((r) => ({ id: r.id, updatedAt: r.updated_at }));
    },
  };
}
