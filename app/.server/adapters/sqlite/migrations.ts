// Versioned schema of the SQLite store. Append only: a shipped migration never changes.
export const MIGRATIONS: readonly string[] = [
  /* 1: initial schema */ `
  CREATE TABLE users (
    uid TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    display_name TEXT NOT NULL,
    role TEXT NOT NULL DEFAULT 'organizer' CHECK (role IN ('organizer', 'admin')),
    password_hash TEXT,
    email_verified INTEGER NOT NULL DEFAULT 0,
    supported INTEGER NOT NULL DEFAULT 0,
    photo_url TEXT,
    disabled INTEGER NOT NULL DEFAULT 0,
    fcm_tokens TEXT NOT NULL DEFAULT '{}',
    fcm_token TEXT,
    fcm_token_updated_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    user_agent TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX sessions_uid ON sessions(uid);

  CREATE TABLE categories (
    slug TEXT PRIMARY KEY,
    label TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    color TEXT NOT NULL,
    sort_order INTEGER NOT NULL,
    active INTEGER NOT NULL DEFAULT 1
  );

  CREATE TABLE events (
    id TEXT PRIMARY KEY,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    category TEXT NOT NULL REFERENCES categories(slug),
    starts_at TEXT NOT NULL,
    ends_at TEXT NOT NULL,
    starts_ts INTEGER NOT NULL,
    ends_ts INTEGER NOT NULL,
    all_day INTEGER NOT NULL DEFAULT 0,
    venue_name TEXT NOT NULL DEFAULT '',
    street TEXT NOT NULL DEFAULT '',
    postal_code TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL,
    canton TEXT NOT NULL CHECK (canton IN ('GE', 'VD', 'VS', 'NE', 'FR', 'JU', 'BE')),
    lat REAL,
    lng REAL,
    is_free INTEGER NOT NULL DEFAULT 0,
    price_min REAL,
    price_max REAL,
    price_note TEXT NOT NULL DEFAULT '',
    ticket_url TEXT NOT NULL DEFAULT '',
    website_url TEXT NOT NULL DEFAULT '',
    organizer_name TEXT NOT NULL DEFAULT '',
    contact_email TEXT NOT NULL DEFAULT '',
    contact_phone TEXT NOT NULL DEFAULT '',
    image TEXT,
    wheelchair INTEGER NOT NULL DEFAULT 0,
    hearing INTEGER NOT NULL DEFAULT 0,
    family_friendly INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
    rejection_reason TEXT NOT NULL DEFAULT '',
    featured INTEGER NOT NULL DEFAULT 0,
    created_by TEXT REFERENCES users(uid) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    submitted_at TEXT NOT NULL,
    moderated_by TEXT REFERENCES users(uid) ON DELETE SET NULL,
    moderated_at TEXT
  );
  CREATE INDEX events_status_ends ON events(status, ends_ts, starts_ts);
  CREATE INDEX events_category ON events(category, starts_ts);
  CREATE INDEX events_created_by ON events(created_by);

  CREATE TABLE partners (
    id TEXT PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('partenaire', 'donateur')),
    description TEXT NOT NULL DEFAULT '',
    logo TEXT,
    website_url TEXT NOT NULL DEFAULT '',
    sort_order INTEGER NOT NULL DEFAULT 0,
    active INTEGER NOT NULL DEFAULT 1
  );

  CREATE TABLE contact_messages (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    created_at TEXT NOT NULL
  );

  CREATE TABLE page_views (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    viewed_at TEXT NOT NULL
  );
  CREATE INDEX page_views_viewed_at ON page_views(viewed_at);

  CREATE TABLE donations (
    id TEXT PRIMARY KEY,
    uid TEXT REFERENCES users(uid) ON DELETE SET NULL,
    amount REAL NOT NULL,
    currency TEXT NOT NULL DEFAULT 'CHF',
    provider TEXT NOT NULL,
    provider_ref TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (provider, provider_ref)
  );
  `,
  /* 2: full-text search (diacritic-insensitive), kept in step with events by triggers */ `
  CREATE VIRTUAL TABLE events_fts USING fts5(
    event_id UNINDEXED, title, description, venue_name, city, organizer_name,
    tokenize = 'unicode61 remove_diacritics 2'
  );
  INSERT INTO events_fts (event_id, title, description, venue_name, city, organizer_name)
    SELECT id, title, description, venue_name, city, organizer_name FROM events;
  CREATE TRIGGER events_fts_insert AFTER INSERT ON events BEGIN
    INSERT INTO events_fts (event_id, title, description, venue_name, city, organizer_name)
    VALUES (new.id, new.title, new.description, new.venue_name, new.city, new.organizer_name);
  END;
  CREATE TRIGGER events_fts_delete AFTER DELETE ON events BEGIN
    DELETE FROM events_fts WHERE event_id = old.id;
  END;
  CREATE TRIGGER events_fts_update AFTER UPDATE OF title, description, venue_name, city, organizer_name ON events BEGIN
    DELETE FROM events_fts WHERE event_id = old.id;
    INSERT INTO events_fts (event_id, title, description, venue_name, city, organizer_name)
    VALUES (new.id, new.title, new.description, new.venue_name, new.city, new.organizer_name);
  END;
  CREATE INDEX events_status_starts ON events(status, starts_ts);
  `,
  /* 3: covering indexes for the public list (ordered page of ids) and the counts per category */ `
  CREATE INDEX events_public_order ON events(status, ends_ts, starts_ts, title, featured);
  CREATE INDEX events_status_ends_category ON events(status, ends_ts, category);
  DROP INDEX events_status_ends;
  `,
  /* 4: single-use tokens for email verification and password reset (only their hash is kept) */ `
  CREATE TABLE auth_tokens (
    id TEXT PRIMARY KEY,
    uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
    purpose TEXT NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  );
  CREATE INDEX auth_tokens_uid ON auth_tokens(uid, purpose);
  `,
  /* 5: organizer submissions (idempotency keys), what changed for moderators, in-app notifications */ `
  CREATE TABLE event_submissions (
    uid TEXT NOT NULL,
    submission_key TEXT NOT NULL,
    event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (uid, submission_key)
  );
  ALTER TABLE events ADD COLUMN pending_changes TEXT;
  CREATE TABLE notifications (
    id TEXT PRIMARY KEY,
    uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    data TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    read_at TEXT
  );
  CREATE INDEX notifications_uid ON notifications(uid, created_at);
  `,
  /* 6: who moderated what and when (admin decisions), the moderation queue's order */ `
  CREATE TABLE moderation_log (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    admin_uid TEXT REFERENCES users(uid) ON DELETE SET NULL,
    action TEXT NOT NULL CHECK (action IN ('approve', 'reject', 'feature', 'unfeature', 'unpublish', 'cancel')),
    reason TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
  );
  CREATE INDEX moderation_log_created ON moderation_log(created_at);
  CREATE INDEX moderation_log_event ON moderation_log(event_id, created_at);
  CREATE INDEX events_status_submitted ON events(status, submitted_at);
  `,
  /* 7: donations: the name a donor chose to show publicly (opt-in), totals per month */ `
  ALTER TABLE donations ADD COLUMN public_name TEXT;
  CREATE INDEX donations_created ON donations(created_at);
  CREATE INDEX donations_uid ON donations(uid);
  `,
  /* 8: page views: has this path been seen today (the cap on distinct paths per day) */ `
  CREATE INDEX page_views_path ON page_views(path, viewed_at);
  `,
  /* 9: the event lifecycle (decision 029): the status withdrawn, the status before cancelling, the pending revision
     of a public event; the moderation log keeps its entries (with the event's title) when an event is deleted, and
     records admins' edits and deletions. SQLite cannot change a CHECK constraint: both tables are rebuilt (the
     migration runs with foreign keys off, see migrate()). Events cancelled before this version without having been
     approved (the defect this fixes) are withdrawn. */ `
  CREATE TABLE events_next (
    id TEXT PRIMARY KEY,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    category TEXT NOT NULL REFERENCES categories(slug),
    starts_at TEXT NOT NULL,
    ends_at TEXT NOT NULL,
    starts_ts INTEGER NOT NULL,
    ends_ts INTEGER NOT NULL,
    all_day INTEGER NOT NULL DEFAULT 0,
    venue_name TEXT NOT NULL DEFAULT '',
    street TEXT NOT NULL DEFAULT '',
    postal_code TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL,
    canton TEXT NOT NULL CHECK (canton IN ('GE', 'VD', 'VS', 'NE', 'FR', 'JU', 'BE')),
    lat REAL,
    lng REAL,
    is_free INTEGER NOT NULL DEFAULT 0,
    price_min REAL,
    price_max REAL,
    price_note TEXT NOT NULL DEFAULT '',
    ticket_url TEXT NOT NULL DEFAULT '',
    website_url TEXT NOT NULL DEFAULT '',
    organizer_name TEXT NOT NULL DEFAULT '',
    contact_email TEXT NOT NULL DEFAULT '',
    contact_phone TEXT NOT NULL DEFAULT '',
    image TEXT,
    wheelchair INTEGER NOT NULL DEFAULT 0,
    hearing INTEGER NOT NULL DEFAULT 0,
    family_friendly INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'pending'
      CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled', 'withdrawn')),
    rejection_reason TEXT NOT NULL DEFAULT '',
    featured INTEGER NOT NULL DEFAULT 0,
    created_by TEXT REFERENCES users(uid) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    submitted_at TEXT NOT NULL,
    moderated_by TEXT REFERENCES users(uid) ON DELETE SET NULL,
    moderated_at TEXT,
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
  INSERT INTO events_fts (event_id, title, description, venue_name, city, organizer_name)
    SELECT id, title, description, venue_name, city, organizer_name FROM events;
  CREATE TRIGGER events_fts_insert AFTER INSERT ON events BEGIN
    INSERT INTO events_fts (event_id, title, description, venue_name, city, organizer_name)
    VALUES (new.id, new.title, new.description, new.venue_name, new.city, new.organizer_name);
  END;
  CREATE TRIGGER events_fts_delete AFTER DELETE ON events BEGIN
    DELETE FROM events_fts WHERE event_id = old.id;
  END;
  CREATE TRIGGER events_fts_update AFTER UPDATE OF title, description, venue_name, city, organizer_name ON events BEGIN
    DELETE FROM events_fts WHERE event_id = old.id;
    INSERT INTO events_fts (event_id, title, description, venue_name, city, organizer_name)
    VALUES (new.id, new.title, new.description, new.venue_name, new.city, new.organizer_name);
  END;

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
  DROP TABLE moderation_log;
  ALTER TABLE moderation_log_next RENAME TO moderation_log;
  CREATE INDEX moderation_log_created ON moderation_log(created_at);
  CREATE INDEX moderation_log_event ON moderation_log(event_id, created_at);
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
  DROP TABLE moderation_log;
  ALTER TABLE moderation_log_next RENAME TO moderation_log;
  CREATE INDEX moderation_log_created ON moderation_log(created_at);
  CREATE INDEX moderation_log_event ON moderation_log(event_id, created_at);
  `,
];
