// Migration 29 of the SQLite store (issue 69, decision 157): what the home page and /lieux read, bounded by what they
// show. Shipped: never edited (see index.ts).
//
// - `event_occurrences.featured` and the partial index `event_occurrences_featured`: the dates of the featured events by
//   start. The home's « À ne pas manquer » walks them and stops at its eight events, instead of walking every date and
//   reading each date's event to find the few featured ones. Kept by triggers: a date written, an event written or
//   its `featured` changed.
// - `events_id_status`: an event's status by its id, on an index alone. The home's « Ce week-end » counts its events up
//   to 500 (decision 151) from their dates, each date's event tested on its status: without it, each test read the
//   event's row (and the key of the table before it), 500 scattered reads after each write.
//
// The public events to come of each venue and organizer, kept up to date on write, so that /lieux and /organisateurs
// count them without reading every event to come:
// - `public_place_day_counts`: per kind (`venue`, `organizer`), day (UTC, `last_ends_ts / 86400000`) and record, the
//   public events (approved or cancelled) of the record whose last date ends that day. What is to come from a day on is
//   a range of the key (kind, day), records × days to come at most, whatever the size of the agenda; the day of now is
//   counted exactly from the events that end on it (a small range of `events_status_last_end`, migration 27).
// - Kept by triggers on `events` (insert, removal, status, last end, venue or organizer changed), whoever writes: the
//   store, an import, the places migration that links the events to their records, the restoration of an export.
const PUBLIC = "('approved', 'cancelled')";
const DAY = 86_400_000;

/** Adds `sign` to the count of the event's record of `kind` on its last day, when it is public and has one. */
const placeCount = (row: 'NEW' | 'OLD', kind: 'venue' | 'organizer', sign: 1 | -1) => `
    INSERT INTO public_place_day_counts (kind, day, place_id, events)
      SELECT '${kind}', ${row}.last_ends_ts / ${DAY}, ${row}.${kind}_id, ${sign}
      WHERE ${row}.status IN ${PUBLIC} AND ${row}.last_ends_ts IS NOT NULL AND ${row}.${kind}_id IS NOT NULL
      ON CONFLICT (kind, day, place_id) DO UPDATE SET events = events + excluded.events;`;

const both = (row: 'NEW' | 'OLD', sign: 1 | -1) => placeCount(row, 'venue', sign) + placeCount(row, 'organizer', sign);

export const MIGRATION_HOME_PLACES = `
  ALTER TABLE event_occurrences ADD COLUMN featured INTEGER NOT NULL DEFAULT 0;
  UPDATE event_occurrences SET featured = 1 WHERE event_id IN (SELECT id FROM events WHERE featured = 1);
  CREATE INDEX event_occurrences_featured ON event_occurrences(starts_ts) WHERE featured = 1;
  CREATE INDEX events_id_status ON events(id, status);
  CREATE TRIGGER event_occurrences_featured_insert AFTER INSERT ON event_occurrences
  WHEN (SELECT featured FROM events WHERE id = NEW.event_id) = 1 BEGIN
    UPDATE event_occurrences SET featured = 1 WHERE event_id = NEW.event_id AND starts_ts = NEW.starts_ts;
  END;
  CREATE TRIGGER events_featured_insert AFTER INSERT ON events WHEN NEW.featured = 1 BEGIN
    UPDATE event_occurrences SET featured = 1 WHERE event_id = NEW.id;
  END;
  CREATE TRIGGER events_featured_update AFTER UPDATE OF featured ON events WHEN OLD.featured IS NOT NEW.featured BEGIN
    UPDATE event_occurrences SET featured = (NEW.featured = 1) WHERE event_id = NEW.id;
  END;

  CREATE TABLE public_place_day_counts (
    kind TEXT NOT NULL,
    day INTEGER NOT NULL,
    place_id TEXT NOT NULL,
    events INTEGER NOT NULL,
    PRIMARY KEY (kind, day, place_id)
  ) WITHOUT ROWID;
  INSERT INTO public_place_day_counts (kind, day, place_id, events)
    SELECT kind, day, place_id, COUNT(*) FROM (
      SELECT 'venue' AS kind, last_ends_ts / ${DAY} AS day, venue_id AS place_id FROM events
      WHERE status IN ${PUBLIC} AND last_ends_ts IS NOT NULL AND venue_id IS NOT NULL
      UNION ALL
      SELECT 'organizer', last_ends_ts / ${DAY}, organizer_id FROM events
      WHERE status IN ${PUBLIC} AND last_ends_ts IS NOT NULL AND organizer_id IS NOT NULL
    ) GROUP BY kind, day, place_id;
  CREATE TRIGGER events_places_counted_insert AFTER INSERT ON events BEGIN
    ${both('NEW', 1)}
  END;
  CREATE TRIGGER events_places_counted_delete AFTER DELETE ON events BEGIN
    ${both('OLD', -1)}
  END;
  CREATE TRIGGER events_places_counted_update AFTER UPDATE OF status, last_ends_ts, venue_id, organizer_id ON events
  WHEN OLD.status IS NOT NEW.status OR OLD.last_ends_ts IS NOT NEW.last_ends_ts OR OLD.venue_id IS NOT NEW.venue_id
    OR OLD.organizer_id IS NOT NEW.organizer_id BEGIN
    ${both('OLD', -1)}
    ${both('NEW', 1)}
  END;
`;
