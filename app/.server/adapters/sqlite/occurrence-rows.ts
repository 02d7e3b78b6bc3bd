// The materialised dates of an event in SQLite (decision 041): replaced with every write of their event, inside the
// writer's transaction.

import { horizonFor, materialise } from '~/.server/schedule/schedule-expand';
import type { AgendaEvent } from '~/domain/event';
import type { Db } from './db';

/** Writes an event's occurrences up to its own horizon, or `until` when later. */
export function occurrenceWriter(db: Db): (e: AgendaEvent, until?: Date) => void {
  const deleteOccurrences = db.prepare('DELETE FROM event_occurrences WHERE event_id = ?');
  const insertOccurrence = db.prepare(
    `INSERT INTO event_occurrences (event_id, starts_at, ends_at, starts_ts, ends_ts, open_end, cancelled)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const setHorizon = db.prepare('UPDATE events SET occurrences_until = ? WHERE id = ?');
  return (e: AgendaEvent, until?: Date) => {
    const own = horizonFor(e);
    const horizon = until && until > own ? until : own;
    deleteOccurrences.run(e.id);
    for (const o of materialise(e, horizon)) {
      insertOccurrence.run(e.id, o.startsAt, o.endsAt, o.startsTs, o.endsTs, o.openEnd ? 1 : 0, o.cancelled ? 1 : 0);
    }
    setHorizon.run(horizon.getTime(), e.id);
  };
}
