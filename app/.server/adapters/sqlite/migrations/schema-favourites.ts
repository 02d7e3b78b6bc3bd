// Migration 35 of the SQLite store (issue 74, decision 170): an account's favourites (an event, a whole series, or one
// date of a series: `starts_at` is '' but for a date) and the secret of its personal calendar feed. Both go with the
// account (foreign keys). No public page shows them: they leave the site's revision alone. Shipped: never edited.
export const MIGRATION_FAVOURITES = `
  CREATE TABLE favourites (
    uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
    event_id TEXT NOT NULL,
    starts_at TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    PRIMARY KEY (uid, event_id, starts_at)
  );
  CREATE TABLE favourite_feeds (
    uid TEXT PRIMARY KEY REFERENCES users(uid) ON DELETE CASCADE,
    token TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
  );
`;
