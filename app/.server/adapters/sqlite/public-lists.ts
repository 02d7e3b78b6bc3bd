// The public lists of SQLite bounded by what they show (issue 69, decision 142): a page walks the dates in the order of
// their start on its index and stops at its page; totals and per-category counts come from the counts kept on write
// (`public_day_counts`, migration 27), the day of now counted exactly on small index ranges.

import { PUBLIC_STATUSES } from '~/domain/event-lifecycle';
import type { EventQuery } from '../../ports';
import type { Db } from './db';
import { dateConditions, eventConditions, eventQuerySql, ftsMatch } from './event-rows';
import { publicListDepth } from './public-list-depth';
import { cappable, countedAhead, onWindowIndex, ownDates } from './public-list-ways';
import type { Row } from './rows';

const DAY = 86_400_000;

export function publicLists(db: Db) {
  // On the expression index of migration 27: one step down an index, whatever the number of dates.
  const longest = db.prepare('SELECT MAX(ends_ts - starts_ts) FROM event_occurrences').pluck();
  const statuses = PUBLIC_STATUSES.map((s) => `'${s}'`).join(', ');
  const rankStart = publicListDepth(db);

  /** Where a page cursor stands in the walk: its date's start and its event's title, one step down two keys. */
  const resume = db.prepare(
    `SELECT o.starts_ts AS ts, e.title FROM event_occurrences o JOIN events e ON e.id = o.event_id
     WHERE o.event_id = ? AND o.starts_at = ?`,
  );
  type Resume = { ts: number; title: string } | undefined;

  /** A date that ends after `endsAfter` starts at or after this: the walk's first step. */
  const lowerBound = (endsAfter: number) => endsAfter - Number(longest.get() ?? 0);

  /** Counts for a query countedAhead: events and dates to come, from the kept counts and the day of now. */
  function counted(q: EventQuery): { listed: number; dates: number } {
    const endsAfter = Date.parse(q.endsAfter);
    const day = Math.floor(endsAfter / DAY);
    const keys: string[] = [];
    const values: unknown[] = [];
    if (q.category) {
      keys.push('category = ?');
      values.push(q.category);
    }
    if (q.canton) {
      keys.push('canton = ?');
      values.push(q.canton);
    }
    const on = (alias: string) => keys.map((k) => ` AND ${alias}${k}`).join('');
    // The days to come: their sums for the whole agenda, a category or a canton (migration 33), a few hundred rows;
    // a category in a canton on the counts themselves, as many.
    const scope = q.category && q.canton ? null : q.category ? 'category' : q.canton ? 'canton' : 'all';
    const sums = 'SELECT COALESCE(SUM(events), 0) AS listed, COALESCE(SUM(dates), 0) AS dates';
    const ahead = (
      scope
        ? db
            .prepare(`${sums} FROM public_day_sums WHERE scope = ? AND key = ? AND day > ?`)
            .get(scope, q.category ?? q.canton ?? '', day)
        : db.prepare(`${sums} FROM public_day_counts WHERE day > ?${on('')}`).get(day, ...values)
    ) as { listed: number; dates: number };
    const endOfDay = (day + 1) * DAY;
    const eventsToday = db
      .prepare(
        `SELECT COUNT(*) FROM events e INDEXED BY events_status_last_end
         WHERE e.status IN (${statuses}) AND e.last_ends_ts > ? AND e.last_ends_ts < ?${on('e.')}`,
      )
      .pluck()
      .get(endsAfter, endOfDay, ...values) as number;
    // On the public dates' index alone (migration 33): no date's row, no event's status read.
    const datesToday = db
      .prepare(
        `SELECT COUNT(*) FROM event_occurrences o INDEXED BY event_occurrences_public_ends
         WHERE o.public = 1 AND o.cancelled = 0 AND o.ends_ts > ? AND o.ends_ts < ?${on('o.')}`,
      )
      .pluck()
      .get(endsAfter, endOfDay, ...values) as number;
    return { listed: Number(ahead.listed) + eventsToday, dates: Number(ahead.dates) + datesToday };
  }

  /**
   * One page of a walkable query: the dates in the order of their start, from the lower bound on. A series one result:
   * each event at its first date that matches (the first not cancelled, else the first), as the grouped query of
   * `search` picks it; else each date (the API's rows, the feeds).
   */
  function page(q: EventQuery, limit: number, offset: number, featured?: 0 | 1): Row[] {
    const grouped = Boolean(q.oneRowPerEvent);
    // After the previous page's last result (issue 69): the walk starts at its place on the index, however deep the page,
    // rather than read and skip every result before it. A cursor whose date is gone leaves the offset.
    const cursor = featured === undefined && q.after ? (resume.get(q.after.eventId, q.after.startsAt) as Resume) : null;
    // Before the next page's first result (« Précédent » beyond NUMBERED_PAGES): the same walk, back from it.
    const back =
      featured === undefined && !cursor && q.before
        ? (resume.get(q.before.eventId, q.before.startsAt) as Resume)
        : null;
    const lower = lowerBound(Date.parse(q.endsAfter));
    // A page asked by its number alone (decision 164): where it starts, counted on the public dates' index.
    const deep = !cursor && !back && grouped && offset > 0 && featured === undefined && countedAhead(q);
    const start = deep ? rankStart(q, offset, lower) : null;
    const { where, params } = eventQuerySql({ ...q, words: undefined });
    const own = ownDates(q);
    const other = dateConditions(q, 'p');
    const mine = dateConditions(q, 'm');
    const first = grouped
      ? ` AND NOT EXISTS (SELECT 1 FROM event_occurrences p WHERE p.event_id = o.event_id AND ${other.where.join(' AND ')}
          AND (p.cancelled < o.cancelled OR (p.cancelled = o.cancelled AND p.starts_ts < o.starts_ts)))`
      : '';
    // The near filter's box is on the event: the walk stays on the dates' index, the box and distance filter it. Words
    // (a common one, decision 151): each date's event tested on the numbers of the search index's rows that have them,
    // a list made once from the index alone, without reading those events.
    const words = q.words?.length
      ? ' AND (SELECT k.fts_rowid FROM events_fts_keys k WHERE k.event_id = o.event_id) IN (SELECT rowid FROM events_fts WHERE events_fts MATCH ?)'
      : '';
    // The featured events (the home's first): their own dates' index (migration 29), not every date and its event.
    const walkedIndex = featured === 1 ? 'event_occurrences_featured' : own.index;
    const featuredOnly =
      featured === undefined ? '' : ` AND e.featured = ${featured}${featured ? ' AND o.featured = 1' : ''}`;
    const picked = `SELECT o.event_id AS eid, o.starts_at AS occ_starts_at, o.ends_at AS occ_ends_at,
        o.open_end AS occ_open_end, o.cancelled AS occ_cancelled, o.starts_ts AS o_starts, e.title AS o_title
      FROM event_occurrences o INDEXED BY ${walkedIndex} CROSS JOIN events e ON e.id = o.event_id
      WHERE ${own.where.map((w) => `${w} AND `).join('')}o.starts_ts >= ? AND ${where}${words}${featuredOnly}${first}
        ${cursor ? 'AND (o.starts_ts, e.title, o.event_id) > (?, ?, ?)' : ''}
        ${back ? 'AND o.starts_ts <= ? AND (o.starts_ts, e.title, o.event_id) < (?, ?, ?)' : ''}
      ORDER BY ${back ? 'o.starts_ts DESC, e.title DESC, o.event_id DESC' : 'o.starts_ts, e.title, o.event_id'}
      LIMIT ? OFFSET ?`;
    const matching = grouped
      ? `(SELECT COUNT(*) - COALESCE(SUM(m.cancelled), 0) FROM event_occurrences m
            WHERE m.event_id = e.id AND ${mine.where.join(' AND ')})`
      : 'NULL';
    return db
      .prepare(
        `SELECT e.*, page.occ_starts_at, page.occ_ends_at, page.occ_open_end, page.occ_cancelled,
           ${matching} AS occ_matching,
           (SELECT COUNT(*) FROM event_occurrences c WHERE c.event_id = e.id AND c.ends_ts > ? AND c.cancelled = 0)
             AS occ_upcoming
         FROM (${picked}) page JOIN events e ON e.id = page.eid ORDER BY page.o_starts, page.o_title, page.eid`,
      )
      .all(
        ...(grouped ? mine.params : []),
        Date.parse(q.endsAfter),
        ...own.params,
        start ? start.ts : cursor ? Math.max(lower, cursor.ts) : lower,
        ...params,
        ...(q.words?.length ? [ftsMatch(q.words)] : []),
        ...(grouped ? other.params : []),
        ...(cursor ? [cursor.ts, cursor.title, q.after?.eventId] : []),
        ...(back ? [back.ts, back.ts, back.title, q.before?.eventId] : []),
        limit,
        start ? start.skip : cursor || back ? 0 : offset,
      ) as Row[];
  }

  /**
   * Counts for a query in a date window (« ce week-end », dates, holidays): its dates on the start index, from the lower
   * bound to the window's end, a range that the agenda's size does not change.
   */
  function windowed(q: EventQuery): { listed: number; dates: number; atLeast?: boolean } | null {
    const ends = [
      ...(q.startsBefore ? [Date.parse(q.startsBefore)] : []),
      ...(q.windows ? [Math.max(0, ...q.windows.map((w) => Date.parse(w.end)))] : []),
    ];
    if (ends.length === 0 || q.words?.length || q.venueId || q.organizerId) return null;
    // The public dates (decision 164): on their index alone, when no other filter asks for the event's row.
    // A category's dates (in a canton) on their own index (migration 30), public ones kept: the window's dates of
    // that category only, not the whole agenda's (a year when only `du=` is given).
    const own = onWindowIndex(q) ? ownDates(q) : null;
    const dates = dateConditions(q, 'o');
    const { where, params } = own
      ? {
          where: [...own.where, ...(q.category ? ['o.public = 1'] : []), ...dates.where].join(' AND '),
          params: [...own.params, ...dates.params],
        }
      : eventQuerySql(q);
    const from = own
      ? `FROM event_occurrences o INDEXED BY ${own.index}
         WHERE o.starts_ts >= ? AND o.starts_ts < ? AND ${where}`
      : `FROM event_occurrences o INDEXED BY event_occurrences_starts CROSS JOIN events e ON e.id = o.event_id
         WHERE o.starts_ts >= ? AND o.starts_ts < ? AND ${where}`;
    const range = [lowerBound(Date.parse(q.endsAfter)), Math.min(...ends), ...params];
    // A crowded window (« ce week-end » of a large agenda), counted up to `countUpTo` events (decision 151).
    if (q.countUpTo) {
      const found = db
        .prepare(`SELECT COUNT(*) FROM (SELECT DISTINCT o.event_id ${from} LIMIT ?)`)
        .pluck()
        .get(...range, q.countUpTo + 1) as number;
      if (found > q.countUpTo) return { listed: q.countUpTo, dates: 0, atLeast: true };
    }
    return db
      .prepare(`SELECT COUNT(DISTINCT o.event_id) AS listed, COUNT(*) - COALESCE(SUM(o.cancelled), 0) AS dates ${from}`)
      .get(...range) as { listed: number; dates: number };
  }

  /**
   * Counts for words or « Autour de » without dates (decision 151), the events read one by one, each once, on their
   * way in (the full-text match, the box's index), with no date: an event is to come while its last date ends after
   * now (`last_ends_ts`). Up to `upTo` events, then `atLeast`; the dates of at most that many events otherwise.
   */
  function capped(q: EventQuery, upTo: number): { listed: number; dates: number; atLeast: boolean } {
    const words = Boolean(q.words?.length);
    const event = eventConditions(q);
    // The way in: the full-text match, the box's index, or the events to come with their category and canton.
    const from = words
      ? 'FROM events_fts f JOIN events e ON e.id = f.event_id'
      : q.near
        ? 'FROM events e INDEXED BY events_lat_lng_counted'
        : 'FROM events e INDEXED BY events_status_last_end';
    // « Autour de » in a date window (decision 159): an event of the box counts if one of its dates is in the window,
    // one step down its dates' key.
    const on = dateConditions(q, 'o');
    const windowed = Boolean(q.startsBefore || q.nightEndsAfter || q.windows);
    const where = [
      ...(words ? ['events_fts MATCH ?'] : []),
      `e.status IN (${q.status.map(() => '?').join(', ')})`,
      'e.last_ends_ts > ?',
      ...event.where,
      ...(windowed
        ? [`EXISTS (SELECT 1 FROM event_occurrences o WHERE o.event_id = e.id AND ${on.where.join(' AND ')})`]
        : []),
    ].join(' AND ');
    const endsAfter = Date.parse(q.endsAfter);
    const params = [
      ...(words ? [ftsMatch(q.words ?? [])] : []),
      ...q.status,
      endsAfter,
      ...event.params,
      ...(windowed ? on.params : []),
    ];
    const datesOf = `(SELECT COUNT(*) - COALESCE(SUM(o.cancelled), 0) FROM event_occurrences o
      WHERE o.event_id = e.id AND ${on.where.join(' AND ')})`;
    if (windowed) {
      // Its dates tested on each event's own (EXISTS), its row read anyway: one walk of the way in counts the events
      // (up to `upTo` + 1) and their dates in the window that take place.
      const { found, dates } = db
        .prepare(
          `SELECT COUNT(*) AS found, COALESCE(SUM(d), 0) AS dates FROM (SELECT ${datesOf} AS d ${from} WHERE ${where} LIMIT ?)`,
        )
        .get(...on.params, ...params, upTo + 1) as { found: number; dates: number };
      return found > upTo
        ? { listed: upTo, dates: 0, atLeast: true }
        : { listed: found, dates: Number(dates), atLeast: false };
    }
    // Without dates, the count on the index alone; the dates of the events found, when they are fewer than `upTo`.
    const found = db
      .prepare(`SELECT COUNT(*) FROM (SELECT 1 ${from} WHERE ${where} LIMIT ?)`)
      .pluck()
      .get(...params, upTo + 1) as number;
    if (found > upTo) return { listed: upTo, dates: 0, atLeast: true };
    const dates = db
      .prepare(`SELECT COALESCE(SUM(${datesOf}), 0) ${from} WHERE ${where}`)
      .pluck()
      .get(...on.params, ...params) as number;
    return { listed: found, dates, atLeast: false };
  }

  /**
   * A venue's events to come, the public statuses, no other filter, when its dates are not asked (its page): counted on
   * the venue's index alone (migration 30), without reading an event or a date (decision 158).
   */
  const venueAlone = (q: EventQuery) =>
    Boolean(q.eventsOnly && q.venueId) && countedAhead({ ...q, venueId: undefined }) && !q.category && !q.canton;
  const venueCount = db
    .prepare(
      `SELECT COUNT(*) FROM events INDEXED BY events_venue_upcoming
     WHERE venue_id = ? AND status IN (${statuses}) AND last_ends_ts > ?`,
    )
    .pluck();

  return {
    /**
     * The events and dates a query finds, bounded: kept counts from now on, or a date window's range; null when neither
     * serves (a venue, an organizer, the other filters without dates: the query's own count). Words and « Autour de »
     * without dates: counted up to `countUpTo`, then `atLeast` (decision 151).
     */
    count(q: EventQuery): { listed: number; dates: number; atLeast?: boolean } | null {
      if (!q.oneRowPerEvent) return null;
      if (countedAhead(q)) return counted(q);
      if (venueAlone(q)) return { listed: venueCount.get(q.venueId, Date.parse(q.endsAfter)) as number, dates: 0 };
      return cappable(q) ? capped(q, q.countUpTo ?? 0) : windowed(q);
    },
    /** The page, featured events first when asked (offset 0 only: the home's highlights). */
    page(q: EventQuery, limit: number, offset: number): Row[] | null {
      if (!q.featuredFirst) return page(q, limit, offset);
      if (offset > 0) return null;
      const first = page(q, limit, 0, 1);
      return first.length >= limit ? first : [...first, ...page(q, limit - first.length, 0, 0)];
    },
    /** Upcoming public events per category: the kept counts, and the day of now exactly. */
    countByCategory(endsAfter: string): Record<string, number> {
      const at = Date.parse(endsAfter);
      const day = Math.floor(at / DAY);
      const counts: Record<string, number> = {};
      const rows = db
        .prepare(
          `SELECT key AS category, SUM(events) AS n FROM public_day_sums WHERE scope = 'category' AND day > ? GROUP BY key
           UNION ALL
           SELECT e.category, COUNT(*) FROM events e INDEXED BY events_status_last_end
           WHERE e.status IN (${statuses}) AND e.last_ends_ts > ? AND e.last_ends_ts < ? GROUP BY e.category`,
        )
        .all(day, at, (day + 1) * DAY) as { category: string; n: number }[];
      for (const r of rows) counts[r.category] = (counts[r.category] ?? 0) + Number(r.n);
      for (const [k, n] of Object.entries(counts)) if (n === 0) delete counts[k];
      return counts;
    },
  };
}
