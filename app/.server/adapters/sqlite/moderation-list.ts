// The moderation list of the SQLite store (ports/events.ts listForModeration): a tab, a search, pages by keyset.
import type { EventStore } from '../../ports';
import { keysetPage } from '../keyset';
import type { Db } from './db';
import { AWAITING, ftsMatch, toEvent } from './event-rows';
import type { Row } from './rows';

export function moderationLister(db: Db): EventStore['listForModeration'] {
  return async (q) => {
    const where: string[] = [];
    const params: unknown[] = [];
    let from = 'FROM events e';
    if (q.words && q.words.length > 0) {
      from = 'FROM events_fts f JOIN events e ON e.id = f.event_id';
      where.push('events_fts MATCH ?');
      params.push(ftsMatch(q.words));
    }
    if (q.ownerEmail) {
      where.push('e.created_by IN (SELECT uid FROM users WHERE email = ?)');
      params.push(q.ownerEmail);
    }
    if (q.status === 'awaiting') {
      where.push(AWAITING);
    } else if (q.status !== 'all') {
      where.push('e.status = ?');
      params.push(q.status);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : 'WHERE 1';
    // The queue oldest submission first, the other tabs most recently changed first; the rowid settles ties.
    const queue = q.status === 'awaiting' || q.status === 'pending';
    const sortKey = queue ? "COALESCE(e.submitted_at, '')" : 'e.updated_at';
    const total = (db.prepare(`SELECT COUNT(*) AS n ${from} ${whereSql}`).get(...params) as { n: number }).n;
    const page = await keysetPage(
      q,
      2,
      (row: Row) => [String(row.sort_key), Number(row.sort_rowid)],
      async (after, n, backward) => {
        // Read in list order (ascending for the queue), or the other way to go back a page.
        const ascending = queue !== backward;
        const order = ascending ? 'ASC' : 'DESC';
        const range = after ? `AND (${sortKey}, e.rowid) ${ascending ? '>' : '<'} (?, ?)` : '';
        return db
          .prepare(
            `SELECT e.*, ${sortKey} AS sort_key, e.rowid AS sort_rowid ${from} ${whereSql} ${range}
             ORDER BY ${sortKey} ${order}, e.rowid ${order} LIMIT ?`,
          )
          .all(...params, ...(after ?? []), n) as Row[];
      },
    );
    return { ...page, total, items: page.items.map(toEvent) };
  };
}
