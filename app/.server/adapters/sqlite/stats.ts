// The admin dashboard's figures from the SQLite store: grouped queries on indexed columns, never one query per item.
import { EVENT_STATUSES } from '~/domain/event';
import type { EventFigure, SiteFigure } from '~/domain/event-figures';
import type { FigureCount, PageView, StatsStore } from '../../ports';
import type { Db } from './db';
import { writeTransaction } from './db';
import { MODERATION_ENTRY_COLUMNS, MODERATION_ENTRY_FROM, type Row, toModerationEntry } from './rows';

/**
 * Counts per period [b0, b1), [b1, b2)… as one statement: a VALUES list of the periods, each counted by an
 * index range scan (`where` must let SQLite use an index on `column`).
 */
function countPerPeriod(db: Db, from: string, column: string, where: string, boundaries: readonly string[]) {
  const periods = boundaries.length - 1;
  if (periods < 1) return [];
  const values = Array.from({ length: periods }, () => '(?, ?, ?)').join(', ');
  const params = Array.from({ length: periods }, (_, i) => [i, boundaries[i], boundaries[i + 1]]).flat();
  const rows = db
    .prepare(
      `WITH periods(i, lo, hi) AS (VALUES ${values})
       SELECT p.i AS i, (SELECT COUNT(*) FROM ${from} WHERE ${where} AND ${column} >= p.lo AND ${column} < p.hi) AS n
       FROM periods p ORDER BY p.i`,
    )
    .all(...params) as { i: number; n: number }[];
  return rows.map((r) => r.n);
}

// Every status listed, so the (status, submitted_at) index serves the range (one range scan per status).
const ANY_STATUS = `status IN (${EVENT_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/** A page view changes no page: page_views is not one of the tables that bump the revision (migration 20). */
export function createStatsStore(db: Db): StatsStore {
  const insertPageView = db.prepare('INSERT INTO page_views (path, title, viewed_at) VALUES (?, ?, ?)');
  const seenSince = db.prepare('SELECT 1 FROM page_views WHERE path = ? AND viewed_at >= ? LIMIT 1');
  const pathsSince = db.prepare('SELECT COUNT(DISTINCT path) AS n FROM page_views WHERE viewed_at >= ?');
  const recordWithin = writeTransaction(db, (view: PageView, maxPaths: number) => {
    const day = view.viewedAt.slice(0, 10);
    if (!seenSince.get(view.path, day) && (pathsSince.get(day) as { n: number }).n >= maxPaths) return false;
    insertPageView.run(view.path, view.title, view.viewedAt);
    return true;
  });
  const countEvent = db.prepare(
    `INSERT INTO event_figures (event_id, day, week, kind, n) VALUES (?, ?, ?, ?, 1)
     ON CONFLICT DO UPDATE SET n = n + 1`,
  );
  const countSite = db.prepare(
    `INSERT INTO site_figures (week, category, canton, kind, n) VALUES (?, ?, ?, ?, 1)
     ON CONFLICT DO UPDATE SET n = n + 1`,
  );
  const countFigure = writeTransaction(db, (f: FigureCount) => {
    countEvent.run(f.eventId, f.day, f.week, f.kind);
    countSite.run(f.week, f.category, f.canton, f.kind);
  });
  const figuresOf = db.prepare(
    `SELECT event_id AS eventId, day, week, kind, n FROM event_figures WHERE event_id = ?
     ORDER BY week, day, kind`,
  );
  const siteFrom = db.prepare(
    'SELECT week, category, canton, kind, n FROM site_figures WHERE week >= ? ORDER BY week, category, canton, kind',
  );
  return {
    async countEventFigure(figure) {
      countFigure(figure);
    },
    async eventFigures(eventId) {
      return figuresOf.all(eventId) as EventFigure[];
    },
    async siteFigures(fromWeek) {
      return siteFrom.all(fromWeek) as SiteFigure[];
    },

    async recordPageView(view) {
      insertPageView.run(view.path, view.title, view.viewedAt);
    },

    async recordPageViewWithin(view, maxPaths) {
      return recordWithin(view, maxPaths);
    },

    async countApprovedBetween(from, to) {
      const row = db
        .prepare(
          `SELECT COUNT(DISTINCT event_id) AS n FROM moderation_log
           WHERE action = 'approve' AND created_at >= ? AND created_at < ?`,
        )
        .get(from, to) as { n: number };
      return row.n;
    },

    async countUpcoming(now) {
      // One pass over the (status, ends_ts) index: a cell per category and canton, summed both ways here.
      const rows = db
        .prepare(
          `SELECT category, canton, COUNT(*) AS n FROM events WHERE status = 'approved' AND ends_ts > ?
           GROUP BY category, canton`,
        )
        .all(Date.parse(now)) as { category: string; canton: string; n: number }[];
      const byCategory: Record<string, number> = {};
      const byCanton: Record<string, number> = {};
      let total = 0;
      for (const r of rows) {
        byCategory[r.category] = (byCategory[r.category] ?? 0) + r.n;
        byCanton[r.canton] = (byCanton[r.canton] ?? 0) + r.n;
        total += r.n;
      }
      return { total, byCategory, byCanton };
    },

    async countSubmissions(boundaries) {
      return countPerPeriod(db, 'events', 'submitted_at', ANY_STATUS, boundaries);
    },

    async recentModeration(limit) {
      const rows = db
        .prepare(
          `SELECT ${MODERATION_ENTRY_COLUMNS} ${MODERATION_ENTRY_FROM}
           ORDER BY l.created_at DESC, l.id DESC LIMIT ?`,
        )
        .all(limit) as Row[];
      return rows.map(toModerationEntry);
    },

    async countPageViews(boundaries) {
      return countPerPeriod(db, 'page_views', 'viewed_at', '1 = 1', boundaries);
    },

    async topPages(from, to, limit) {
      // SQLite takes the bare `title` from the row that holds MAX(viewed_at): the page's latest title.
      const rows = db
        .prepare(
          `SELECT path, title, MAX(viewed_at) AS last_viewed, COUNT(*) AS views FROM page_views
           WHERE viewed_at >= ? AND viewed_at < ? GROUP BY path ORDER BY views DESC, path LIMIT ?`,
        )
        .all(from, to, limit) as { path: string; title: string; views: number }[];
      return rows.map((r) => ({ path: r.path, title: r.title, views: r.views }));
    },
  };
}
