// better-sqlite3 implementation of the store ports.
import type { CantonCode } from '~/domain/cantons';
import type { CategorySlug } from '~/domain/categories';
import { type AgendaEvent, EVENT_STATUSES, type EventContent, type EventStatus } from '~/domain/event';
import { PUBLIC_STATUSES } from '~/domain/event-lifecycle';
import type { EventQuery, ModerationLogInput, SessionRecord, Store } from '../../ports';
import { createCategoryStore } from './categories';
import type { Db } from './db';
import { createDonationStore } from './donations';
import { createPartnerStore } from './partners';
import { bool, MODERATION_ENTRY_COLUMNS, MODERATION_ENTRY_FROM, num, type Row, str, toModerationEntry } from './rows';
import { createStatsStore } from './stats';
import { createUserStore } from './users';

function toSession(row: Row): SessionRecord {
  return {
    id: str(row.id),
    uid: str(row.uid),
    createdAt: str(row.created_at),
    lastSeenAt: str(row.last_seen_at),
    expiresAt: str(row.expires_at),
    userAgent: str(row.user_agent),
  };
}

export function toEvent(row: Row): AgendaEvent {
  return {
    id: str(row.id),
    slug: str(row.slug),
    title: str(row.title),
    description: str(row.description),
    category: row.category as CategorySlug,
    startsAt: str(row.starts_at),
    endsAt: str(row.ends_at),
    allDay: bool(row.all_day),
    openEnd: bool(row.open_end),
    venueName: str(row.venue_name),
    street: str(row.street),
    postalCode: str(row.postal_code),
    city: str(row.city),
    canton: row.canton as CantonCode,
    lat: num(row.lat),
    lng: num(row.lng),
    isFree: bool(row.is_free),
    priceMin: num(row.price_min),
    priceMax: num(row.price_max),
    priceNote: str(row.price_note),
    ticketUrl: str(row.ticket_url),
    websiteUrl: str(row.website_url),
    organizerName: str(row.organizer_name),
    contactEmail: str(row.contact_email),
    contactPhone: str(row.contact_phone),
    image: row.image ? JSON.parse(str(row.image)) : null,
    accessibility: {
      wheelchair: bool(row.wheelchair),
      hearing: bool(row.hearing),
      familyFriendly: bool(row.family_friendly),
    },
    status: row.status as EventStatus,
    rejectionReason: str(row.rejection_reason),
    featured: bool(row.featured),
    createdBy: row.created_by == null ? null : str(row.created_by),
    createdAt: str(row.created_at),
    updatedAt: str(row.updated_at),
    submittedAt: str(row.submitted_at),
    moderatedBy: row.moderated_by == null ? null : str(row.moderated_by),
    moderatedAt: row.moderated_at == null ? null : str(row.moderated_at),
    pendingChanges: row.pending_changes ? (JSON.parse(str(row.pending_changes)) as string[]) : [],
    previousStatus: row.previous_status == null ? null : (row.previous_status as EventStatus),
    revision: row.revision ? (JSON.parse(str(row.revision)) as EventContent) : null,
  };
}

export function eventParams(e: AgendaEvent) {
  return {
    id: e.id,
    slug: e.slug,
    title: e.title,
    description: e.description,
    category: e.category,
    starts_at: e.startsAt,
    ends_at: e.endsAt,
    starts_ts: Date.parse(e.startsAt),
    ends_ts: Date.parse(e.endsAt),
    all_day: e.allDay ? 1 : 0,
    open_end: e.openEnd ? 1 : 0,
    venue_name: e.venueName,
    street: e.street,
    postal_code: e.postalCode,
    city: e.city,
    canton: e.canton,
    lat: e.lat,
    lng: e.lng,
    is_free: e.isFree ? 1 : 0,
    price_min: e.priceMin,
    price_max: e.priceMax,
    price_note: e.priceNote,
    ticket_url: e.ticketUrl,
    website_url: e.websiteUrl,
    organizer_name: e.organizerName,
    contact_email: e.contactEmail,
    contact_phone: e.contactPhone,
    image: e.image ? JSON.stringify(e.image) : null,
    wheelchair: e.accessibility.wheelchair ? 1 : 0,
    hearing: e.accessibility.hearing ? 1 : 0,
    family_friendly: e.accessibility.familyFriendly ? 1 : 0,
    status: e.status,
    rejection_reason: e.rejectionReason,
    featured: e.featured ? 1 : 0,
    created_by: e.createdBy,
    created_at: e.createdAt,
    updated_at: e.updatedAt,
    submitted_at: e.submittedAt,
    moderated_by: e.moderatedBy,
    moderated_at: e.moderatedAt,
    pending_changes: e.pendingChanges?.length ? JSON.stringify(e.pendingChanges) : null,
    previous_status: e.previousStatus ?? null,
    revision: e.revision ? JSON.stringify(e.revision) : null,
  };
}

function statusCounts(rows: Row[]): Record<EventStatus, number> {
  const counts = Object.fromEntries(EVENT_STATUSES.map((s) => [s, 0])) as Record<EventStatus, number>;
  for (const r of rows) counts[r.status as EventStatus] = Number(r.n);
  return counts;
}

/** FTS5 query: every word as a quoted prefix ("fete"* "neuch"*), all required. */
export function ftsMatch(words: readonly string[]): string {
  return words.map((w) => `"${w.replace(/"/g, '')}"*`).join(' ');
}

/** Awaits moderation (event-lifecycle.ts awaitsModeration): pending, or public with a pending revision. */
const AWAITING = `(e.status = 'pending' OR (e.revision IS NOT NULL AND e.status IN (${PUBLIC_STATUSES.map((s) => `'${s}'`).join(', ')})))`;

function eventQuerySql(q: EventQuery) {
  const where = [`e.status IN (${q.status.map(() => '?').join(', ')})`, 'e.ends_ts > ?'];
  const params: unknown[] = [...q.status, Date.parse(q.endsAfter)];
  let from = 'FROM events e';
  let rank: string | null = null;
  if (q.words && q.words.length > 0) {
    from = 'FROM events_fts f JOIN events e ON e.id = f.event_id';
    where.unshift('events_fts MATCH ?');
    params.unshift(ftsMatch(q.words));
    // Title matters most, then organizer and venue, then city, then description.
    rank = 'bm25(events_fts, 0, 10, 1, 4, 3, 5)';
  }
  const add = (clause: string, ...values: unknown[]) => {
    where.push(clause);
    params.push(...values);
  };
  if (q.startsBefore) add('e.starts_ts < ?', Date.parse(q.startsBefore));
  if (q.category) add('e.category = ?', q.category);
  if (q.canton) add('e.canton = ?', q.canton);
  if (q.free) add('e.is_free = 1');
  if (q.family) add('e.family_friendly = 1');
  if (q.accessible) add('e.wheelchair = 1');
  if (q.organizerName) add('e.organizer_name = ? COLLATE NOCASE', q.organizerName);
  if (q.excludeId) add('e.id <> ?', q.excludeId);
  return { from, where: where.join(' AND '), params, rank };
}

export function createSqliteStore(db: Db): Store {
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

  const totalChanges = db.prepare('SELECT total_changes() AS n');
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  // Rows this connection wrote into page_views: left out of the revision (see StatsStore.recordPageView).
  let pageViewChanges = 0;

  return {
    users: createUserStore(db),
    categories: createCategoryStore(db),
    partners: createPartnerStore(db),
    stats: createStatsStore(db, () => {
      pageViewChanges++;
    }),
    donations: createDonationStore(db),

    sessions: {
      async create(s) {
        db.prepare(
          `INSERT INTO sessions (id, uid, created_at, last_seen_at, expires_at, user_agent)
           VALUES (@id, @uid, @createdAt, @lastSeenAt, @expiresAt, @userAgent)`,
        ).run(s);
      },
      async find(id) {
        const row = db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as Row | undefined;
        return row ? toSession(row) : null;
      },
      async touch(id, lastSeenAt, expiresAt) {
        db.prepare('UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?').run(lastSeenAt, expiresAt, id);
      },
      async revoke(id) {
        db.prepare('DELETE FROM sessions WHERE id = ?').run(id);
      },
      async revokeAllForUser(uid, exceptId) {
        db.prepare('DELETE FROM sessions WHERE uid = ? AND id IS NOT ?').run(uid, exceptId ?? null);
      },
      async listForUser(uid) {
        const rows = db.prepare('SELECT * FROM sessions WHERE uid = ? ORDER BY last_seen_at DESC').all(uid) as Row[];
        return rows.map(toSession);
      },
    },

    authTokens: {
      async issue(t) {
        db.transaction(() => {
          db.prepare('DELETE FROM auth_tokens WHERE uid = ? AND purpose = ? AND used_at IS NULL').run(t.uid, t.purpose);
          db.prepare(
            `INSERT INTO auth_tokens (id, uid, purpose, created_at, expires_at) VALUES (@id, @uid, @purpose, @createdAt, @expiresAt)`,
          ).run(t);
        })();
      },
      async peek(id, purpose, now) {
        const row = db
          .prepare('SELECT uid FROM auth_tokens WHERE id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?')
          .get(id, purpose, now) as { uid: string } | undefined;
        return row?.uid ?? null;
      },
      async consume(id, purpose, now) {
        const row = db
          .prepare(
            `UPDATE auth_tokens SET used_at = @now WHERE id = @id AND purpose = @purpose AND used_at IS NULL AND expires_at > @now
             RETURNING uid`,
          )
          .get({ id, purpose, now }) as { uid: string } | undefined;
        return row?.uid ?? null;
      },
      async revokeForUser(uid, purpose) {
        db.prepare('DELETE FROM auth_tokens WHERE uid = ? AND purpose = ? AND used_at IS NULL').run(uid, purpose);
      },
    },

    events: {
      async search(q) {
        const { from, where, params, rank } = eventQuerySql(q);
        const total = (db.prepare(`SELECT COUNT(*) AS n ${from} WHERE ${where}`).get(...params) as { n: number }).n;
        const order = [q.featuredFirst ? 'o_featured DESC' : null, rank ? 'o_relevance' : null, 'o_starts', 'o_title'];
        const orderBy = (prefix: string) =>
          order
            .filter(Boolean)
            .map((o) => prefix + o)
            .join(', ');
        // Sort the page's row ids on the covering index first, then read only those rows (not every match in full).
        const rows = db
          .prepare(
            `SELECT e.* FROM (
               SELECT e.rowid AS rid, e.featured AS o_featured, ${rank ?? '0'} AS o_relevance, e.starts_ts AS o_starts,
                 e.title AS o_title
               ${from} WHERE ${where} ORDER BY ${orderBy('')} LIMIT ? OFFSET ?) page
             JOIN events e ON e.rowid = page.rid ORDER BY ${orderBy('page.')}`,
          )
          .all(...params, q.limit, q.offset) as Row[];
        return { items: rows.map(toEvent), total };
      },
      async mapPoints(q, max) {
        const { from, where, params } = eventQuerySql(q);
        const rows = db
          .prepare(
            `SELECT e.id, e.title, e.lat, e.lng, e.starts_at, e.ends_at, e.all_day, e.city, e.category ${from}
             WHERE ${where} AND e.lat IS NOT NULL AND e.lng IS NOT NULL ORDER BY e.starts_ts LIMIT ?`,
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
      async findById(id) {
        const row = db.prepare('SELECT * FROM events WHERE id = ?').get(id) as Row | undefined;
        return row ? toEvent(row) : null;
      },
      async insertMany(events) {
        db.transaction(() => {
          for (const e of events) insertEvent.run(eventParams(e));
        })();
      },
      async countUpcomingByCategory(endsAfter, status) {
        const rows = db
          .prepare(
            `SELECT category, COUNT(*) AS n FROM events WHERE status IN (${status.map(() => '?').join(', ')})
             AND ends_ts > ? GROUP BY category`,
          )
          .all(...status, Date.parse(endsAfter)) as { category: string; n: number }[];
        return Object.fromEntries(rows.map((r) => [r.category, r.n]));
      },
      async createSubmission({ uid, submissionKey, event }) {
        const find = db.prepare('SELECT event_id FROM event_submissions WHERE uid = ? AND submission_key = ?');
        const result = db
          .transaction(() => {
            const existing = find.get(uid, submissionKey) as { event_id: string } | undefined;
            if (existing) return { id: existing.event_id, created: false };
            insertEvent.run(eventParams(event));
            db.prepare(
              'INSERT INTO event_submissions (uid, submission_key, event_id, created_at) VALUES (?, ?, ?, ?)',
            ).run(uid, submissionKey, event.id, event.createdAt);
            return { id: event.id, created: true };
          })
          .immediate();
        return {
          event: toEvent(db.prepare('SELECT * FROM events WHERE id = ?').get(result.id) as Row),
          created: result.created,
        };
      },
      async transition({ seen, next, entry }) {
        const params = eventParams(next);
        const columns = Object.keys(params).filter((c) => c !== 'id');
        const write = db.prepare(
          `UPDATE events SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id AND updated_at = @seen`,
        );
        return db
          .transaction(() => {
            if (write.run({ ...params, seen }).changes === 0) return null;
            if (entry) logDecision(next.id, next.title, entry);
            return toEvent(db.prepare('SELECT * FROM events WHERE id = ?').get(next.id) as Row);
          })
          .immediate();
      },
      async remove({ id, seen, entry }) {
        return db
          .transaction(() => {
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
          })
          .immediate();
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
      async listApprovedNear({ city, from, to, excludeId }) {
        const rows = db
          .prepare(
            `SELECT * FROM events WHERE status = 'approved' AND city = ? COLLATE NOCASE AND starts_ts BETWEEN ? AND ?
             AND id IS NOT ? LIMIT 20`,
          )
          .all(city, Date.parse(from), Date.parse(to), excludeId ?? null) as Row[];
        return rows.map(toEvent);
      },
      async listForModeration(q) {
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
        const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
        const queue = q.status === 'awaiting' || q.status === 'pending';
        const order = queue ? 'e.submitted_at ASC, e.rowid ASC' : 'e.updated_at DESC, e.rowid DESC';
        const total = (db.prepare(`SELECT COUNT(*) AS n ${from} ${whereSql}`).get(...params) as { n: number }).n;
        const rows = db
          .prepare(`SELECT e.* ${from} ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`)
          .all(...params, q.limit, q.offset) as Row[];
        return { items: rows.map(toEvent), total };
      },
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
      async countAwaitingModeration() {
        return (db.prepare(`SELECT COUNT(*) AS n FROM events e WHERE ${AWAITING}`).get() as { n: number }).n;
      },
    },

    contactMessages: {
      async add(m) {
        db.prepare(
          `INSERT INTO contact_messages (id, name, email, subject, message, created_at)
           VALUES (@id, @name, @email, @subject, @message, @createdAt)`,
        ).run(m);
      },
      async count() {
        return (db.prepare('SELECT COUNT(*) AS n FROM contact_messages').get() as { n: number }).n;
      },
      async listRecent(limit) {
        const rows = db
          .prepare('SELECT * FROM contact_messages ORDER BY created_at DESC, rowid DESC LIMIT ?')
          .all(limit) as Row[];
        return rows.map((r) => ({
          id: str(r.id),
          name: str(r.name),
          email: str(r.email),
          subject: str(r.subject),
          message: str(r.message),
          createdAt: str(r.created_at),
        }));
      },
    },

    revision() {
      // Own writes (total_changes) plus commits by other connections, e.g. the user:create CLI (data_version).
      return ((totalChanges.get() as { n: number }).n - pageViewChanges) * 1_000_000 + (dataVersion.get() as number);
    },

    notifications: {
      async addForAdmins(n) {
        const admins = db.prepare("SELECT uid FROM users WHERE role = 'admin' AND disabled = 0").all() as {
          uid: string;
        }[];
        const insert = db.prepare(
          'INSERT INTO notifications (id, uid, title, body, data, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        );
        db.transaction(() => {
          for (const admin of admins)
            insert.run(`${n.id}-${admin.uid}`, admin.uid, n.title, n.body, JSON.stringify(n.data), n.timestamp);
        })();
      },
      async listFor(uid, limit) {
        const rows = db
          .prepare('SELECT * FROM notifications WHERE uid = ? ORDER BY created_at DESC LIMIT ?')
          .all(uid, limit) as Row[];
        return rows.map((r) => ({
          id: str(r.id),
          title: str(r.title),
          body: str(r.body),
          data: JSON.parse(str(r.data)) as Record<string, string>,
          timestamp: str(r.created_at),
        }));
      },
    },

    async close() {
      db.close();
    },

    async isEmpty() {
      const row = db
        .prepare(
          'SELECT (SELECT COUNT(*) FROM categories) + (SELECT COUNT(*) FROM events) + (SELECT COUNT(*) FROM users) AS n',
        )
        .get() as { n: number };
      return row.n === 0;
    },
  };
}
