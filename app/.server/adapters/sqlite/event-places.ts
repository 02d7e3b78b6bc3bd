// The events' pointers to their venue and organizer records in SQLite (issue 36): written by the places migration
// and imports, counted for the records' pages and the admins.
import { PUBLIC_STATUSES } from '~/domain/event-lifecycle';
import type { EventStore } from '../../ports';
import type { Db } from './db';
import { writeTransaction } from './db';
import { toEvent } from './event-rows';
import type { Row } from './rows';

const DAY = 86_400_000;
const isPublic = (status: readonly string[]) =>
  status.length === PUBLIC_STATUSES.length && PUBLIC_STATUSES.every((s) => status.includes(s));

export function createEventPlaceQueries(
  db: Db,
): Pick<EventStore, 'attachPlaces' | 'countByPlace' | 'listWithoutPlaces'> {
  const attach = db.prepare(
    `UPDATE events SET venue_id = @venueId, organizer_id = @organizerId
     WHERE id = @eventId AND (venue_id IS NOT @venueId OR organizer_id IS NOT @organizerId)`,
  );
  // In the migration's order (publicFirstThenOldest): public events first, then the oldest; LIMIT -1 is none.
  const withoutPlaces = db.prepare(
    `SELECT * FROM events WHERE venue_id IS NULL OR organizer_id IS NULL
     ORDER BY status IN (${PUBLIC_STATUSES.map((s) => `'${s}'`).join(', ')}) DESC, created_at, id LIMIT ?`,
  );
  const publicIn = `e.status IN (${PUBLIC_STATUSES.map((s) => `'${s}'`).join(', ')})`;
  /** Per record, its public events whose last date ends after `at`: the kept days after its day, its day counted. */
  function upcomingByPlace(kind: 'venue' | 'organizer', at: number): Record<string, number> {
    const day = Math.floor(at / DAY);
    const column = kind === 'venue' ? 'e.venue_id' : 'e.organizer_id';
    const rows = db
      .prepare(
        `SELECT place_id AS id, SUM(events) AS n FROM public_place_day_counts WHERE kind = ? AND day > ? GROUP BY place_id
         UNION ALL
         SELECT ${column}, COUNT(*) FROM events e INDEXED BY events_status_last_end
         WHERE ${publicIn} AND e.last_ends_ts > ? AND e.last_ends_ts < ? AND ${column} IS NOT NULL GROUP BY ${column}`,
      )
      .all(kind, day, at, (day + 1) * DAY) as Row[];
    const counts: Record<string, number> = {};
    for (const r of rows) counts[String(r.id)] = (counts[String(r.id)] ?? 0) + Number(r.n);
    for (const [id, n] of Object.entries(counts)) if (n === 0) delete counts[id];
    return counts;
  }
  return {
    async listWithoutPlaces(limit = -1) {
      return (withoutPlaces.all(limit) as Row[]).map(toEvent);
    },
    async attachPlaces(links) {
      return writeTransaction(db, () => links.reduce((n, link) => n + attach.run(link).changes, 0))();
    },
    async countByPlace(kind, status, endsAfter) {
      if (status.length === 0) return {};
      // The public events to come: the counts kept on write (migration 29, decision 157), the day of now exactly.
      if (endsAfter !== undefined && isPublic(status)) return upcomingByPlace(kind, Date.parse(endsAfter));
      const column = kind === 'venue' ? 'e.venue_id' : 'e.organizer_id';
      const statuses = `e.status IN (${status.map(() => '?').join(', ')})`;
      // Upcoming: an event's last date ends after now (events.last_ends_ts, decision 142), on the index that covers it.
      const rows = (
        endsAfter === undefined
          ? db
              .prepare(
                `SELECT ${column} AS id, COUNT(*) AS n FROM events e
                 WHERE ${column} IS NOT NULL AND ${statuses} GROUP BY ${column}`,
              )
              .all(...status)
          : db
              .prepare(
                `SELECT ${column} AS id, COUNT(*) AS n FROM events e INDEXED BY events_status_last_end
                 WHERE ${statuses} AND e.last_ends_ts > ? AND ${column} IS NOT NULL GROUP BY ${column}`,
              )
              .all(...status, Date.parse(endsAfter))
      ) as Row[];
      return Object.fromEntries(rows.map((r) => [String(r.id), Number(r.n)]));
    },
  };
}
