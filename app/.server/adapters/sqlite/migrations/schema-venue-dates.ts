// Migration 30 of the SQLite store (issue 69, decision 158): a venue's page, and the similar events of an event's page
// (its category, its canton first), walk dates that are theirs on an index of their own, in the order of their start,
// and stop at what they show, instead of reading every event of the venue (past ones included) or the agenda's dates
// one by one until enough events of the category turn up. Shipped: never edited (see index.ts).
//
// - `event_occurrences.venue_id`, `.category`, `.canton`: those of the date's event, kept by triggers whoever writes
//   (the store, an import, the places migration, a merge of venues, the restore of an export).
// - `event_occurrences_venue`: a venue's dates by start; `event_occurrences_category`: a category's dates by canton and
//   start, and `event_occurrences_category_starts` by start alone (the category's list, the wider similar events).
// - `events_venue_upcoming`: a venue's events by status and last end, what its page counts its events to come on alone.
const OF_EVENT = (eventId: string) => `
    venue_id = (SELECT e.venue_id FROM events e WHERE e.id = ${eventId}),
    category = (SELECT e.category FROM events e WHERE e.id = ${eventId}),
    canton = (SELECT e.canton FROM events e WHERE e.id = ${eventId})`;

export const MIGRATION_VENUE_DATES = `
  ALTER TABLE event_occurrences ADD COLUMN venue_id TEXT;
  ALTER TABLE event_occurrences ADD COLUMN category TEXT;
  ALTER TABLE event_occurrences ADD COLUMN canton TEXT;
  UPDATE event_occurrences SET ${OF_EVENT('event_occurrences.event_id')};
  CREATE INDEX event_occurrences_venue ON event_occurrences(venue_id, starts_ts, ends_ts) WHERE venue_id IS NOT NULL;
  CREATE INDEX event_occurrences_category ON event_occurrences(category, canton, starts_ts, ends_ts);
  CREATE INDEX event_occurrences_category_starts ON event_occurrences(category, starts_ts, ends_ts);
  CREATE INDEX events_venue_upcoming ON events(venue_id, status, last_ends_ts) WHERE venue_id IS NOT NULL;
  CREATE TRIGGER event_occurrences_of_event AFTER INSERT ON event_occurrences BEGIN
    UPDATE event_occurrences SET ${OF_EVENT('NEW.event_id')}
    WHERE event_id = NEW.event_id AND starts_ts = NEW.starts_ts;
  END;
  CREATE TRIGGER events_dates_of_event AFTER UPDATE OF venue_id, category, canton ON events BEGIN
    UPDATE event_occurrences SET venue_id = NEW.venue_id, category = NEW.category, canton = NEW.canton
    WHERE event_id = NEW.id;
  END;
`;
