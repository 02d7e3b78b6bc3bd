// Migration 28 of the SQLite store (issue 69, decision 151): each event's row of the search index under a number of
// its own, so that a list with a common word walks its dates in order and tests each event against the words on a
// list of numbers, instead of reading every event that has the word. Shipped: never edited (see index.ts).
//
// - `events_fts_keys`: an event's id and the rowid of its row in `events_fts`. A number kept in a table (an integer
//   key, which VACUUM keeps), not the rowid of `events`, which VACUUM may renumber.
// - The triggers of the search index write its rows under that number, and remove them by it (a removal no longer
//   reads the whole index to find the row of an id).
const COLUMNS = 'title, description, venue_name, city, organizer_name';
const row = (alias: string) =>
  COLUMNS.split(', ')
    .map((c) => `${alias}.${c}`)
    .join(', ');
const KEY = (alias: string) => `(SELECT fts_rowid FROM events_fts_keys WHERE event_id = ${alias}.id)`;

export const MIGRATION_SEARCH_KEYS = `
  CREATE TABLE events_fts_keys (
    event_id TEXT PRIMARY KEY,
    fts_rowid INTEGER NOT NULL UNIQUE
  ) WITHOUT ROWID;
  INSERT OR REPLACE INTO events_fts_keys (event_id, fts_rowid) SELECT event_id, rowid FROM events_fts;
  DROP TRIGGER events_fts_insert;
  DROP TRIGGER events_fts_delete;
  DROP TRIGGER events_fts_update;
  CREATE TRIGGER events_fts_insert AFTER INSERT ON events BEGIN
    DELETE FROM events_fts WHERE rowid = ${KEY('new')};
    INSERT OR REPLACE INTO events_fts_keys (event_id, fts_rowid)
    VALUES (new.id, COALESCE((SELECT MAX(fts_rowid) FROM events_fts_keys), 0) + 1);
    INSERT INTO events_fts (rowid, event_id, ${COLUMNS}) VALUES (${KEY('new')}, new.id, ${row('new')});
  END;
  CREATE TRIGGER events_fts_delete AFTER DELETE ON events BEGIN
    DELETE FROM events_fts WHERE rowid = ${KEY('old')};
    DELETE FROM events_fts_keys WHERE event_id = old.id;
  END;
  CREATE TRIGGER events_fts_update AFTER UPDATE OF ${COLUMNS} ON events BEGIN
    DELETE FROM events_fts WHERE rowid = ${KEY('old')};
    INSERT INTO events_fts (rowid, event_id, ${COLUMNS}) VALUES (${KEY('old')}, new.id, ${row('new')});
  END;
`;
