// The moderation list of the SQLite store (ports/events.ts listForModeration): a tab, a search, pages by keyset.
import { startsSoonBounds } from '~/domain/moderation';
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
    // The queue: what starts soon first (ModerationQuery.now), soonest first, then the oldest submission first; the
    // other tabs most recently changed first; the rowid settles ties. In the query, so paging keeps that order.
    const queue = q.status === 'awaiting' || q.status === 'pending';
    const soon = queue && q.now ? startsSoonBounds(q.now) : null;
    const soonSql = 'e.ends_ts >= ? AND e.starts_ts <= ?';
    const segment = soon ? `CASE WHEN ${soonSql} THEN 0 ELSE 1 END` : '1';
    const sortKey = !queue
      ? 'e.updated_at'
      : soon
        ? `CASE WHEN ${soonSql} THEN printf('%020d', e.starts_ts) ELSE COALESCE(e.submitted_at, '') END`
        : "COALESCE(e.submitted_at, '')";
    const soonParams = soon ? [soon.from, soon.until] : [];
    const total = (db.prepare(`SELECT COUNT(*) AS n ${from} ${whereSql}`).get(...params) as { n: number }).n;
    const page = await keysetPage(
      q,
      3,
      (row: Row) => [Number(row.sort_segment), String(row.sort_key), Number(row.sort_rowid)],
      async (after, n, backward) => {
        // Read in list order (ascending for the queue), or the other way to go back a page.
        const ascending = queue !== backward;
        const order = ascending ? 'ASC' : 'DESC';
        const range = after ? `WHERE (sort_segment, sort_key, sort_rowid) ${ascending ? '>' : '<'} (?, ?, ?)` : '';
        return db
          .prepare(
            `SELECT * FROM (SELECT e.*, ${segment} AS sort_segment, ${sortKey} AS sort_key, e.rowid AS sort_rowid
             ${from} ${whereSql}) ${range}
             ORDER BY sort_segment ${order}, sort_key ${order}, sort_rowid ${order} LIMIT ?`,
          )
          .all(...soonParams, ...soonParams, ...params, ...(after ?? []), n) as Row[];
      },
    );
    return { ...page, total, items: page.items.map(toEvent) };
  };
}
