// Migrations 9 to 15 of the SQLite store: the event lifecycle, open ends, recurring events, calendar sources, alerts
// and trusted organizers. Shipped: never edited (see index.ts).
import {
  EVENT_COLUMNS_AFTER_STATUS,
  EVENT_COLUMNS_BEFORE_STATUS,
  EVENTS_FTS_FILL_AND_TRIGGERS,
  MODERATION_LOG_NEXT_IN_PLACE,
} from './fragments';

export const MIGRATIONS_9_TO_15: readonly string[] = [
  /* 9: the event lifecycle (decision 029): the status withdrawn, the status before cancelling, the pending revision
     of a public event; the moderation log keeps its entries (with the event's title) when an event is deleted, and
     records admins' edits and deletions. SQLite cannot change a CHECK constraint: both tables are rebuilt (the
     migration runs with foreign keys off, see migrate()). Events cancelled before this version without having been
     approved (the defect this fixes) are withdrawn. */ `
  CREATE TABLE events_next (
    ${EVENT_COLUMNS_BEFORE_STATUS}
    status TEXT NOT NULL DEFAULT 'pending'
      CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled', 'withdrawn')),
    ${EVENT_COLUMNS_AFTER_STATUS},
    pending_changes TEXT,
    previous_status TEXT CHECK (previous_status IN ('pending', 'approved', 'rejected', 'cancelled', 'withdrawn')),
    revision TEXT
  );
  INSERT INTO events_next (id, slug, title, description, category, starts_at, ends_at, starts_ts, ends_ts, all_day,
    venue_name, street, postal_code, city, canton, lat, lng, is_free, price_min, price_max, price_note, ticket_url,
    website_url, organizer_name, contact_email, contact_phone, image, wheelchair, hearing, family_friendly, status,
    rejection_reason, featured, created_by, created_at, updated_at, submitted_at, moderated_by, moderated_at,
    pending_changes)
  SELECT id, slug, title, description, category, starts_at, ends_at, starts_ts, ends_ts, all_day,
    venue_name, street, postal_code, city, canton, lat, lng, is_free, price_min, price_max, price_note, ticket_url,
    website_url, organizer_name, contact_email, contact_phone, image, wheelchair, hearing, family_friendly, status,
    rejection_reason, featured, created_by, created_at, updated_at, submitted_at, moderated_by, moderated_at,
    pending_changes
  FROM events;
  -- Cancelled without an approval of what is shown: never moderated, refused, or edited since its moderation.
  UPDATE events_next SET status = 'withdrawn', featured = 0,
    previous_status = CASE WHEN rejection_reason <> '' THEN 'rejected' ELSE 'pending' END
  WHERE status = 'cancelled'
    AND (moderated_at IS NULL OR rejection_reason <> '' OR (pending_changes IS NOT NULL AND pending_changes <> '[]'));
  UPDATE events_next SET previous_status = 'approved' WHERE status = 'cancelled';
  DROP TABLE events;
  ALTER TABLE events_next RENAME TO events;
  CREATE INDEX events_category ON events(category, starts_ts);
  CREATE INDEX events_created_by ON events(created_by);
  CREATE INDEX events_status_starts ON events(status, starts_ts);
  CREATE INDEX events_public_order ON events(status, ends_ts, starts_ts, title, featured);
  CREATE INDEX events_status_ends_category ON events(status, ends_ts, category);
  CREATE INDEX events_status_submitted ON events(status, submitted_at);
  CREATE INDEX events_revision_submitted ON events(submitted_at) WHERE revision IS NOT NULL;
  DELETE FROM events_fts;
  ${EVENTS_FTS_FILL_AND_TRIGGERS}

  CREATE TABLE moderation_log_next (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL,
    event_title TEXT NOT NULL DEFAULT '',
    admin_uid TEXT REFERENCES users(uid) ON DELETE SET NULL,
    action TEXT NOT NULL
      CHECK (action IN ('approve', 'reject', 'feature', 'unfeature', 'unpublish', 'cancel', 'edit', 'delete')),
    reason TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
  );
  INSERT INTO moderation_log_next (id, event_id, event_title, admin_uid, action, reason, created_at)
    SELECT l.id, l.event_id, COALESCE(e.title, ''), l.admin_uid, l.action, l.reason, l.created_at
    FROM moderation_log l LEFT JOIN events e ON e.id = l.event_id;
  ${MODERATION_LOG_NEXT_IN_PLACE}
  `,
  /* 10: a timed event without an end time (issue 19): its end is never shown nor exported. Events stored before
     cannot tell an end typed by the organizer from the two hours once added by default: they keep showing theirs. */ `
  ALTER TABLE events ADD COLUMN open_end INTEGER NOT NULL DEFAULT 0;
  `,
  /* 11: recurring events (issue 20, decision 041): the schedule (JSON) and the cancelled dates of an event, and its
     occurrences materialised up to a rolling horizon (occurrences_until, ms) in their own table, which the public
     list reads (one row per upcoming date). Every event stored before has one occurrence: its own dates. */ `
  ALTER TABLE events ADD COLUMN schedule TEXT;
  ALTER TABLE events ADD COLUMN cancelled_dates TEXT;
  ALTER TABLE events ADD COLUMN occurrences_until INTEGER NOT NULL DEFAULT 0;
  CREATE TABLE event_occurrences (
    event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    starts_at TEXT NOT NULL,
    ends_at TEXT NOT NULL,
    starts_ts INTEGER NOT NULL,
    ends_ts INTEGER NOT NULL,
    open_end INTEGER NOT NULL DEFAULT 0,
    cancelled INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (event_id, starts_ts)
  ) WITHOUT ROWID;
  CREATE INDEX event_occurrences_order ON event_occurrences(ends_ts, starts_ts, event_id);
  CREATE INDEX event_occurrences_starts ON event_occurrences(starts_ts, ends_ts, event_id);
  INSERT INTO event_occurrences (event_id, starts_at, ends_at, starts_ts, ends_ts, open_end)
    SELECT id, starts_at, ends_at, starts_ts, ends_ts, open_end FROM events;
  CREATE INDEX events_schedule_horizon ON events(occurrences_until) WHERE schedule IS NOT NULL;
  `,
  /* 12: calendar sources (issue 21, decisions 044–045): the sources, the link (source, UID) → event, and the run
     log (the latest runs of each source). Each record is its JSON beside the columns the queries need. */ `
  CREATE TABLE import_sources (
    id TEXT PRIMARY KEY,
    next_run_at TEXT NOT NULL,
    name TEXT NOT NULL,
    data TEXT NOT NULL
  );
  CREATE INDEX import_sources_due ON import_sources(next_run_at);
  CREATE TABLE import_links (
    source_id TEXT NOT NULL REFERENCES import_sources(id) ON DELETE CASCADE,
    uid TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (source_id, uid)
  ) WITHOUT ROWID;
  CREATE TABLE import_runs (
    id TEXT PRIMARY KEY,
    source_id TEXT NOT NULL REFERENCES import_sources(id) ON DELETE CASCADE,
    started_at TEXT NOT NULL,
    data TEXT NOT NULL
  );
  CREATE INDEX import_runs_source ON import_runs(source_id, started_at);
  `,
  /* 13: email alerts without an account (issue 22, decision 048): one row per (address, filter), the hash of its
     links' token, what was already sent (JSON array of event ids). Deleted on unsubscribe. */ `
  CREATE TABLE alerts (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    filter TEXT NOT NULL,
    rhythm TEXT NOT NULL CHECK (rhythm IN ('weekly', 'daily')),
    status TEXT NOT NULL CHECK (status IN ('pending', 'active')),
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    confirmed_at TEXT,
    last_digest_at TEXT,
    sent_event_ids TEXT NOT NULL DEFAULT '[]'
  );
  CREATE INDEX alerts_email ON alerts(email);
  CREATE INDEX alerts_status ON alerts(status, updated_at);
  `,
  // 14: trusted organizers (issue 21, decision 042): their submissions publish at once, logged.
  `ALTER TABLE users ADD COLUMN trusted INTEGER NOT NULL DEFAULT 0;`,
  // 15: the moderation log records trusted publications too (action 'publish', issue 21): its CHECK is rebuilt.
  `
  CREATE TABLE moderation_log_next (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL,
    event_title TEXT NOT NULL DEFAULT '',
    admin_uid TEXT REFERENCES users(uid) ON DELETE SET NULL,
    action TEXT NOT NULL CHECK (action IN
      ('approve', 'reject', 'feature', 'unfeature', 'unpublish', 'cancel', 'edit', 'delete', 'publish')),
    reason TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
  );
  INSERT INTO moderation_log_next SELECT id, event_id, event_title, admin_uid, action, reason, created_at
    FROM moderation_log;
  ${MODERATION_LOG_NEXT_IN_PLACE}
  `,
];
