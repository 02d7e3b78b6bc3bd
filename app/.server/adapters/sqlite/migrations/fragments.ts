// Pieces of SQL that several shipped migrations contain word for word (a table rebuilt with its columns, the search
// triggers re-created on the rebuilt table). Frozen like the migrations that use them: a later migration that needs
// something else writes it out, it never edits these.

/** The columns of `events` before its status, as created by migration 1 and kept by the rebuild of migration 9. */
export const EVENT_COLUMNS_BEFORE_STATUS = `id TEXT PRIMARY KEY,
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
    family_friendly INTEGER NOT NULL DEFAULT 0,`;

/** The columns of `events` after its status, as created by migration 1 and kept by the rebuild of migration 9. */
export const EVENT_COLUMNS_AFTER_STATUS = `rejection_reason TEXT NOT NULL DEFAULT '',
    featured INTEGER NOT NULL DEFAULT 0,
    created_by TEXT REFERENCES users(uid) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    submitted_at TEXT NOT NULL,
    moderated_by TEXT REFERENCES users(uid) ON DELETE SET NULL,
    moderated_at TEXT`;

/** Fills the search index from `events` and keeps it in step (migration 2; again after the rebuild of migration 9). */
export const EVENTS_FTS_FILL_AND_TRIGGERS = `INSERT INTO events_fts (event_id, title, description, venue_name, city, organizer_name)
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
  END;`;

/** `moderation_log_next`, filled, takes the place of `moderation_log` with its indexes (migrations 9 and 15). */
export const MODERATION_LOG_NEXT_IN_PLACE = `DROP TABLE moderation_log;
  ALTER TABLE moderation_log_next RENAME TO moderation_log;
  CREATE INDEX moderation_log_created ON moderation_log(created_at);
  CREATE INDEX moderation_log_event ON moderation_log(event_id, created_at);`;
