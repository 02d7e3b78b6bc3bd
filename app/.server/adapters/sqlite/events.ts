// Events in SQLite: the rows, their full-text index (FTS5) and the moderation log written with each transition.

import type { StoredOccurrence } from '~/.server/schedule/schedule-expand';
import { calendarSequence } from '~/domain/calendar-sequence';
import type { CategorySlug } from '~/domain/categories';
import type { AgendaEvent } from '~/domain/event';
import { PUBLIC_STATUSES } from '~/domain/event-lifecycle';
import type { EventStore, ModerationLogInput } from '../../ports';
import { type Db, writeTransaction } from './db';
import { imagePathsOf } from './event-images';
import { createEventPlaceQueries } from './event-places';
import { AWAITING, eventParams, eventQuerySql, eventsByIds, statusCounts, toEvent, toEventAt } from './event-rows';
import { createEventSitemapQueries } from './event-sitemap';
import { moderationLister } from './moderation-list';
import { occurrenceWriter } from './occurrence-rows';
import { walkable } from './public-list-ways';
import { publicLists } from './public-lists';
import { bool, MODERATION_ENTRY_COLUMNS, MODERATION_ENTRY_FROM, type Row, str, toModerationEntry } from './rows';

/** Added to a cancelled date's instant when picking a series' next date: any date not cancelled comes first. */
const CANCELLED_LAST = 1e14;

export function createEventStore(db: Db): EventStore {
  const eventColumns = Object.keys(eventParams({ accessibility: {} } as AgendaEvent));
  const insertEvent = db.prepare(
    `INSERT INTO events (${eventColumns.join(', ')}) VALUES (${eventColumns.map((c) => `@${c}`).join(', ')})`,
  );

  const insertDecision = db.prepare(
    `INSERT INTO moderation_log (event_id, event_title, admin_uid, action, reason, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const logDecision = (eventId: string, eventTitle: string, e: ModerationLogInput) =>
    insertDecision.run(eventId, eventTitle, e.adminUid, e.action, e.reason, e.createdAt);

  const storeOccurrences = occurrenceWriter(db);
  const lists = publicLists(db);

  return {
    ...createEventPlaceQueries(db),
    ...createEventSitemapQueries(db),
    async search(q) {
      const { from, where, params, rank } = eventQuerySql(q);
      const grouped = Boolean(q.oneRowPerEvent);
      // Events are counted only where a series is one result (a distinct count costs a sort); the dates that take
      // place, as the cards count them (a cancelled date is listed, struck through, but not counted). Kept counts or a
      // window's range when they serve (decision 142).
      const counts = q.itemsOnly
        ? { listed: 0, dates: 0 }
        : (lists.count(q) ??
          (db
            .prepare(
              `SELECT ${grouped ? 'COUNT(DISTINCT o.event_id)' : 'COUNT(*)'} AS listed,
             COUNT(*) - COALESCE(SUM(o.cancelled), 0) AS dates ${from} WHERE ${where}`,
            )
            .get(...params) as { listed: number; dates: number }));
      // Without words, a series one result: the dates walked in order on their index, to the page and no further.
      const atLeast = 'atLeast' in counts && counts.atLeast ? { atLeast: true } : {};
      // A common word (more than the count goes up to): the same walk, each date's event tested on the words.
      const walked = walkable(q, 'atLeast' in atLeast) ? lists.page(q, q.limit, q.offset) : null;
      if (walked)
        return {
          items: walked.map(toEventAt),
          total: Number(counts.listed),
          dates: Number(counts.dates),
          ...atLeast,
        };
      const relevance = rank && q.byRelevance ? 'o_relevance' : null;
      const order = [
        q.featuredFirst ? 'o_featured DESC' : null,
        relevance,
        'o_starts',
        rank && !relevance ? 'o_relevance' : null,
        'o_title',
      ];
      const orderBy = (prefix: string) =>
        order
          .filter(Boolean)
          .map((o) => prefix + o)
          .join(', ');
      // Sort the page's occurrences on the covering indexes first, then read only those events (not every match in
      // full). Grouped per event (a series is one result, decision 065), MIN() makes the other bare columns those of
      // its first matching date that is not cancelled (a cancelled one weighs CANCELLED_LAST more), SQLite's rule;
      // bm25() cannot stand in a grouped query, hence the matches as a subquery that SQLite must not flatten into it
      // when words are searched (`LIMIT -1`: no limit, but a subquery with a LIMIT is never flattened into an
      // aggregate); without words it is flattened and the indexes serve the grouping.
      const matches = `SELECT o.event_id AS eid, o.starts_at AS occ_starts_at, o.ends_at AS occ_ends_at,
          o.open_end AS occ_open_end, o.cancelled AS occ_cancelled, e.featured AS o_featured,
          ${rank ?? '0'} AS o_relevance, o.starts_ts AS o_starts, e.title AS o_title
        ${from} WHERE ${where}`;
      const page = grouped
        ? `SELECT m.*, MIN(m.o_starts + m.occ_cancelled * ${CANCELLED_LAST}) AS o_pick,
             COUNT(*) - SUM(m.occ_cancelled) AS occ_matching
           FROM (${matches}${rank ? ' LIMIT -1' : ''}) m GROUP BY m.eid`
        : `SELECT m.*, NULL AS occ_matching FROM (${matches}) m`;
      const rows = db
        .prepare(
          `SELECT e.*, page.occ_starts_at, page.occ_ends_at, page.occ_open_end, page.occ_cancelled, page.occ_matching,
             (SELECT COUNT(*) FROM event_occurrences c WHERE c.event_id = e.id AND c.ends_ts > ? AND c.cancelled = 0)
               AS occ_upcoming
           FROM (${page} ORDER BY ${orderBy('')} LIMIT ? OFFSET ?) page
           JOIN events e ON e.id = page.eid ORDER BY ${orderBy('page.')}`,
        )
        .all(Date.parse(q.endsAfter), ...params, q.limit, q.offset) as Row[];
      return { items: rows.map(toEventAt), total: Number(counts.listed), dates: Number(counts.dates), ...atLeast };
    },
    async mapPoints(q, max) {
      const { from, where, params } = eventQuerySql(q);
      // One point per event, at its first matching date.
      const rows = db
        .prepare(
          `SELECT e.id, e.title, e.lat, e.lng, o.starts_at, o.ends_at, e.all_day, e.city, e.category,
             MIN(o.starts_ts) AS o_starts ${from}
           WHERE ${where} AND e.lat IS NOT NULL AND e.lng IS NOT NULL GROUP BY o.event_id ORDER BY o_starts LIMIT ?`,
        )
        .all(...params, max) as Row[];
      return rows.map((r) => ({
        id: str(r.id),
        title: str(r.title),
        lat: Number(r.lat),
        lng: Number(r.lng),
        startsAt: str(r.starts_at),
        endsAt: str(r.ends_at),
        allDay: bool(r.all_day),
        city: str(r.city),
        category: r.category as CategorySlug,
      }));
    },
    async suggestionTexts(q) {
      const { from, where, params } = eventQuerySql({ ...q, words: undefined });
      const rows = db
        // Each event once, however many of its dates match (a series counts as one event in the vocabulary).
        .prepare(`SELECT e.title, e.venue_name, e.city, e.organizer_name ${from} WHERE ${where} GROUP BY e.id`)
        .raw()
        .all(...params) as string[][];
      return rows.flat().filter((text) => text !== '');
    },
    async findById(id) {
      const row = db.prepare('SELECT * FROM events WHERE id = ?').get(id) as Row | undefined;
      return row ? toEvent(row) : null;
    },
    findByIds: async (ids) => eventsByIds(db, ids),
    async insertMany(events) {
      writeTransaction(db, () => {
        for (const e of events) {
          insertEvent.run(eventParams(e));
          storeOccurrences(e);
        }
      })();
    },
    async countUpcomingByCategory(endsAfter, status) {
      // The public statuses: the kept counts (decision 142).
      if (status.length === PUBLIC_STATUSES.length && PUBLIC_STATUSES.every((s) => status.includes(s)))
        return lists.countByCategory(endsAfter);
      const rows = db
        .prepare(
          `SELECT e.category, COUNT(DISTINCT e.id) AS n FROM event_occurrences o JOIN events e ON e.id = o.event_id
           WHERE e.status IN (${status.map(() => '?').join(', ')}) AND o.ends_ts > ? GROUP BY e.category`,
        )
        .all(...status, Date.parse(endsAfter)) as { category: string; n: number }[];
      return Object.fromEntries(rows.map((r) => [r.category, r.n]));
    },
    async createSubmission({ uid, submissionKey, event, entry }) {
      const find = db.prepare('SELECT event_id FROM event_submissions WHERE uid = ? AND submission_key = ?');
      const result = writeTransaction(db, () => {
        const existing = find.get(uid, submissionKey) as { event_id: string } | undefined;
        if (existing) return { id: existing.event_id, created: false };
        insertEvent.run(eventParams(event));
        storeOccurrences(event);
        db.prepare('INSERT INTO event_submissions (uid, submission_key, event_id, created_at) VALUES (?, ?, ?, ?)').run(
          uid,
          submissionKey,
          event.id,
          event.createdAt,
        );
        if (entry) logDecision(event.id, event.title, entry);
        return { id: event.id, created: true };
      })();
      return {
        event: toEvent(db.prepare('SELECT * FROM events WHERE id = ?').get(result.id) as Row),
        created: result.created,
      };
    },
    async transition({ seen, next: asked, entry }) {
      const current = db.prepare('SELECT * FROM events WHERE id = ? AND updated_at = ?');
      return writeTransaction(db, () => {
        const row = current.get(asked.id, seen) as Row | undefined;
        if (!row) return null;
        // The SEQUENCE follows what is stored, whatever the caller's copy says (issue 52).
        const next = { ...asked, icalSequence: calendarSequence(toEvent(row), asked) };
        const params = eventParams(next);
        const columns = Object.keys(params).filter((c) => c !== 'id');
        const write = db.prepare(
          `UPDATE events SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id AND updated_at = @seen`,
        );
        if (write.run({ ...params, seen }).changes === 0) return null;
        storeOccurrences(next);
        if (entry) logDecision(next.id, next.title, entry);
        return toEvent(db.prepare('SELECT * FROM events WHERE id = ?').get(next.id) as Row);
      })();
    },
    async remove({ id, seen, entry }) {
      return writeTransaction(db, () => {
        const row = db.prepare('SELECT title FROM events WHERE id = ? AND updated_at = ?').get(id, seen) as
          | { title: string }
          | undefined;
        if (!row) return false;
        // Submission keys go with the event (ON DELETE CASCADE); its decisions stay, under the title they were
        // taken on (entries without one get its last title).
        db.prepare("UPDATE moderation_log SET event_title = ? WHERE event_id = ? AND event_title = ''").run(
          row.title,
          id,
        );
        db.prepare('DELETE FROM events WHERE id = ?').run(id);
        logDecision(id, row.title, entry);
        return true;
      })();
    },
    async findSubmission(uid, submissionKey) {
      const row = db
        .prepare('SELECT event_id FROM event_submissions WHERE uid = ? AND submission_key = ?')
        .get(uid, submissionKey) as { event_id: string } | undefined;
      return row?.event_id ?? null;
    },
    async listByOwner(uid) {
      return (db.prepare('SELECT * FROM events WHERE created_by = ? ORDER BY starts_ts DESC').all(uid) as Row[]).map(
        toEvent,
      );
    },
    async listNear({ city, from, to, excludeId, statuses }) {
      if (statuses.length === 0) return [];
      const rows = db
        .prepare(
          `SELECT * FROM events WHERE status IN (${statuses.map(() => '?').join(', ')}) AND city = ? COLLATE NOCASE
           AND starts_ts BETWEEN ? AND ? AND id IS NOT ? ORDER BY starts_ts, id LIMIT 20`,
        )
        .all(...statuses, city, Date.parse(from), Date.parse(to), excludeId ?? null) as Row[];
      return rows.map(toEvent);
    },
    async listImagePaths() {
      const rows = db
        .prepare('SELECT image, revision FROM events WHERE image IS NOT NULL OR revision IS NOT NULL')
        .all() as Row[];
      return rows.flatMap((r) => imagePathsOf(r));
    },
    listForModeration: moderationLister(db),
    async countAllByStatus() {
      const rows = db.prepare('SELECT status, COUNT(*) AS n FROM events GROUP BY status').all() as Row[];
      return statusCounts(rows);
    },
    async countByOwner(uid) {
      const rows = db
        .prepare('SELECT status, COUNT(*) AS n FROM events WHERE created_by = ? GROUP BY status')
        .all(uid) as Row[];
      return statusCounts(rows);
    },
    async moderationHistory(eventId) {
      const rows = db
        .prepare(
          `SELECT ${MODERATION_ENTRY_COLUMNS} ${MODERATION_ENTRY_FROM}
           WHERE l.event_id = ? ORDER BY l.created_at DESC, l.id DESC`,
        )
        .all(eventId) as Row[];
      return rows.map(toModerationEntry);
    },
    async occurrences(eventId, endsAfter) {
      const rows = db
        .prepare(
          `SELECT starts_at, ends_at, starts_ts, ends_ts, open_end, cancelled FROM event_occurrences
           WHERE event_id = ? AND ends_ts > ? ORDER BY starts_ts`,
        )
        .all(eventId, endsAfter ? Date.parse(endsAfter) : Number.MIN_SAFE_INTEGER) as Row[];
      return rows.map(
        (r): StoredOccurrence => ({
          startsAt: str(r.starts_at),
          endsAt: str(r.ends_at),
          startsTs: Number(r.starts_ts),
          endsTs: Number(r.ends_ts),
          openEnd: bool(r.open_end),
          cancelled: bool(r.cancelled),
        }),
      );
    },
    async extendOccurrences(horizon) {
      const until = new Date(horizon);
      const due = db.prepare(
        'SELECT * FROM events WHERE schedule IS NOT NULL AND occurrences_until < ? AND ends_ts > occurrences_until',
      );
      return writeTransaction(db, () => {
        const rows = due.all(until.getTime()) as Row[];
        for (const row of rows) storeOccurrences(toEvent(row), until);
        return rows.length;
      })();
    },
    async countAwaitingModeration() {
      return (db.prepare(`SELECT COUNT(*) AS n FROM events e WHERE ${AWAITING}`).get() as { n: number }).n;
    },
  };
}
