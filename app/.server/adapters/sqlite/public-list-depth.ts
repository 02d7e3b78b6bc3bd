// Where a page asked by its number starts (issue 69, decision 164): an old link, a page number of the pagination
// (`?page=50`), has no cursor. Rather than walk and sort every event before it (each a scattered read of its row, its
// dates and its title), the events before it are counted on the public dates' index alone (migration 33), instant by
// instant; the page then walks from the instant where it starts and skips only the events of that instant before it.

import type { EventQuery } from '../../ports';
import type { Db } from './db';

/** The instant the page's walk starts from, and how many results of that instant come before the page. */
export interface RankStart {
  ts: number;
  skip: number;
}

export function publicListDepth(db: Db) {
  const hasLiveDate = db
    .prepare('SELECT 1 FROM event_occurrences WHERE event_id = ? AND ends_ts > ? AND cancelled = 0 LIMIT 1')
    .pluck();

  /**
   * The start of the result at `offset` of a list of the public events to come (countedAhead: at most a category and a
   * canton), a series one result at its first date that matches: the first not cancelled, else the first.
   */
  return function rankStart(q: EventQuery, offset: number, lower: number): RankStart {
    const endsAfter = Date.parse(q.endsAfter);
    const keys = [...(q.category ? ['o.category = ?'] : []), ...(q.canton ? ['o.canton = ?'] : [])];
    const dates = db
      .prepare(
        `SELECT o.starts_ts, o.event_id, o.cancelled FROM event_occurrences o INDEXED BY event_occurrences_public_starts
         WHERE o.public = 1 AND o.starts_ts >= ? AND o.ends_ts > ?${keys.map((k) => ` AND ${k}`).join('')}
         ORDER BY o.starts_ts`,
      )
      .raw();
    const placed = new Set<string>();
    /** Events met on a cancelled date that have a date to come not cancelled: placed there, later. */
    const later = new Set<string>();
    let instant = Number.NEGATIVE_INFINITY;
    let before = 0;
    for (const [ts, id, cancelled] of dates.iterate(
      lower,
      endsAfter,
      ...(q.category ? [q.category] : []),
      ...(q.canton ? [q.canton] : []),
    ) as Iterable<[number, string, number]>) {
      if (ts !== instant) {
        if (placed.size > offset) break;
        instant = ts;
        before = placed.size;
      }
      if (placed.has(id) || (cancelled && later.has(id))) continue;
      // A cancelled date places its event only when none of its dates to come takes place (rare: an index lookup).
      if (cancelled && hasLiveDate.get(id, endsAfter)) later.add(id);
      else placed.add(id);
    }
    return placed.size > offset ? { ts: instant, skip: offset - before } : { ts: Number.MAX_SAFE_INTEGER, skip: 0 };
  };
}
