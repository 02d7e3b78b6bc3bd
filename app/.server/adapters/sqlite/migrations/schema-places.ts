// Migration 19 of the SQLite store (issue 36): venues and organizers as records, and the event's pointers to them.
// Each record is kept whole as JSON beside the columns its queries need; a former slug (merge, rename) is looked up in
// the JSON (`redirectFrom`). Events written before keep null pointers until the places migration gives them one
// (app/.server/places/attach-places.ts, run at start on both backends).
export const MIGRATION_PLACES = `
  CREATE TABLE venues (
    id TEXT PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL CHECK (status IN ('pending', 'approved')),
    name TEXT NOT NULL,
    canton TEXT NOT NULL,
    locality TEXT NOT NULL,
    data TEXT NOT NULL
  );
  CREATE INDEX venues_status ON venues(status, name);
  CREATE TABLE organizers (
    id TEXT PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL CHECK (status IN ('pending', 'approved')),
    name TEXT NOT NULL,
    data TEXT NOT NULL
  );
  CREATE INDEX organizers_status ON organizers(status, name);
  ALTER TABLE events ADD COLUMN venue_id TEXT;
  ALTER TABLE events ADD COLUMN organizer_id TEXT;
  CREATE INDEX events_venue ON events(venue_id) WHERE venue_id IS NOT NULL;
  CREATE INDEX events_organizer ON events(organizer_id) WHERE organizer_id IS NOT NULL;
`;
