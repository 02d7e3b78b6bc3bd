// Migrations 1 to 8 of the SQLite store: the schema as first shipped, then search, tokens, submissions, the moderation
// log and their indexes. Shipped: never edited (see index.ts).
import { EVENT_COLUMNS_AFTER_STATUS, EVENT_COLUMNS_BEFORE_STATUS, EVENTS_FTS_FILL_AND_TRIGGERS } from './fragments';

export const MIGRATIONS_1_TO_8: readonly string[] = [
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
    ${EVENT_COLUMNS_BEFORE_STATUS}
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
    ${EVENT_COLUMNS_AFTER_STATUS}
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
  ${EVENTS_FTS_FILL_AND_TRIGGERS}
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
];
