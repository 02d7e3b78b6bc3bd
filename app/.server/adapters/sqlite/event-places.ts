// The events' pointers to their venue and organizer records in SQLite (issue 36): written by the places migration
// and imports, counted for the records' pages and the admins.
import type { EventStore } from '../../ports';
import type { Db } from './db';
import { writeTransaction } from './db';
import { toEvent } from './event-rows';
import type { Row } from './rows';

export function createEventPlaceQueries(
  db: Db,
): Pick<EventStore, 'attachPlaces' | 'countByPlace' | 'listWithoutPlaces'> {
  const attach = db.prepare(
    `UPDATE events SET venue_id = @venueId, organizer_id = @organizerId
     WHERE id = @eventId AND (venue_id IS NOT @venueId OR organizer_id IS NOT @organizerId)`,
  );
  const withoutPlaces = db.prepare(
    'SELECT * FROM events WHERE venue_id IS NULL OR organizer_id IS NULL ORDER BY rowid',
  );
  return {
    async listWithoutPlaces() {
      return (withoutPlaces.all() as Row[]).map(toEvent);
    },
    async attachPlaces(links) {
      return writeTransaction(db, () => links.reduce((n, link) => n + attach.run(link).changes, 0))();
    },
    async countByPlace(kind, status) {
      if (status.length === 0) return {};
      const column = kind === 'venue' ? 'venue_id' : 'organizer_id';
      const rows = db
        .prepare(
          `SELECT ${column} AS id, COUNT(*) AS n FROM events
           WHERE ${column} IS NOT NULL AND status IN (${status.map(() => '?').join(', ')}) GROUP BY ${column}`,
        )
        .all(...status) as Row[];
      return Object.fromEntries(rows.map((r) => [String(r.id), Number(r.n)]));
    },
  };
}
