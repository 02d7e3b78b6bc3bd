// Migration 32 of the SQLite store (issue 73, decision 168): places to book. One opening per (event, date) with its
// settings and its counts in people (kept by the store in the same write lock as the registrations), and the
// registrations of each date: name, email, people, answers (JSON), status, the hash of the cancel link's token and the
// place in the date's order. Registrants' data is a secret of the export (data-transfer/secrets.ts). An opening
// changes what pages show (its counts): it bumps the site's revision; a registration alone shows on no public page.
// Shipped: never edited (see index.ts).
const bump = 'UPDATE site_revision SET n = n + 1 WHERE id = 1;';

export const MIGRATION_REGISTRATIONS = `
  CREATE TABLE registration_openings (
    event_id TEXT NOT NULL,
    starts_at TEXT NOT NULL,
    places INTEGER NOT NULL,
    closes_at TEXT,
    waiting_list INTEGER NOT NULL DEFAULT 0,
    per_person INTEGER NOT NULL DEFAULT 4,
    questions TEXT NOT NULL DEFAULT '[]',
    closed INTEGER NOT NULL DEFAULT 0,
    confirmed INTEGER NOT NULL DEFAULT 0,
    waiting INTEGER NOT NULL DEFAULT 0,
    next_seq INTEGER NOT NULL DEFAULT 0,
    reminded_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (event_id, starts_at)
  );
  CREATE INDEX registration_openings_starts ON registration_openings (starts_at);
  CREATE TABLE registrations (
    id TEXT PRIMARY KEY,
    event_id TEXT NOT NULL,
    starts_at TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    people INTEGER NOT NULL,
    answers TEXT NOT NULL DEFAULT '[]',
    status TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    seq INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX registrations_date ON registrations (event_id, starts_at, status, seq);
  CREATE UNIQUE INDEX registrations_token ON registrations (token_hash);
  CREATE TRIGGER registration_openings_revised_insert AFTER INSERT ON registration_openings BEGIN ${bump} END;
  CREATE TRIGGER registration_openings_revised_update AFTER UPDATE ON registration_openings BEGIN ${bump} END;
  CREATE TRIGGER registration_openings_revised_delete AFTER DELETE ON registration_openings BEGIN ${bump} END;
`;
