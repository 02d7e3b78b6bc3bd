// Migration 36 of the SQLite store (issue 74, decision 173): the organizers and venues an account follows (« Suivre »),
// by the list's filter name (`organisateur`, `lieu`) and slug, since when. They go with the account (foreign key). No
// public page shows them (`/favoris` is never cached): they leave the site's revision alone. Shipped: never edited.
export const MIGRATION_FOLLOWS = `
  CREATE TABLE follows (
    uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('organisateur', 'lieu')),
    slug TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (uid, kind, slug)
  );
`;
