// Migration 27 of the SQLite store (issue 69): what the public lists count, kept up to date on write, so that a page
// counts its events and dates without reading every one of them (decision 142). Shipped: never edited (see index.ts).
//
// - `events.last_ends_ts`: the end of an event's last stored date (the triggers on `event_occurrences` keep it). An
//   event is upcoming while it is after now: a list counts it once, however many of its dates are to come.
// - `public_day_counts`: per category, canton and day (UTC, `ends_ts / 86400000`), the public events (approved or
//   cancelled) whose last date ends that day, and their dates not cancelled that end that day. What is to come from a
//   day on is a sum over a few thousand rows at most (categories × cantons × days), whatever the size of the agenda;
//   the day of now is counted exactly from the events and dates that end on it (a small range of an index).
// - `events_status_last_end`: the events to come by status, covering what they are counted by (category, canton, venue,
//   organizer): the index of venues counts theirs on it alone, without reading a date.
// - `event_occurrences_length`: the longest date (an exhibition of months): a list walks the dates by their start from
//   now minus it, in order, and stops at its page.
const PUBLIC = "('approved', 'cancelled')";
const DAY = 86_400_000;

/** Adds `sign` to the events count of the event's key and last day, when it is public and has dates. */
const eventCount = (row: 'NEW' | 'OLD', sign: 1 | -1) => `
    INSERT INTO public_day_counts (category, canton, day, events, dates)
      SELECT ${row}.category, ${row}.canton, ${row}.last_ends_ts / ${DAY}, ${sign}, 0
      WHERE ${row}.status IN ${PUBLIC} AND ${row}.last_ends_ts IS NOT NULL
      ON CONFLICT (category, canton, day) DO UPDATE SET events = events + excluded.events;`;

/** Adds `sign` to the dates count of every date not cancelled of the event (its key as in `row`), when it is public. */
const allDates = (row: 'NEW' | 'OLD', sign: 1 | -1) => `
    INSERT INTO public_day_counts (category, canton, day, events, dates)
      SELECT ${row}.category, ${row}.canton, o.ends_ts / ${DAY}, 0, ${sign} * COUNT(*)
      FROM event_occurrences o WHERE o.event_id = ${row}.id AND o.cancelled = 0 AND ${row}.status IN ${PUBLIC}
      GROUP BY o.ends_ts / ${DAY}
      ON CONFLICT (category, canton, day) DO UPDATE SET dates = dates + excluded.dates;`;

/** Adds `sign` to the dates count of one date (`row`), when it is not cancelled and its event is public. */
const oneDate = (row: 'NEW' | 'OLD', sign: 1 | -1) => `
    INSERT INTO public_day_counts (category, canton, day, events, dates)
      SELECT e.category, e.canton, ${row}.ends_ts / ${DAY}, 0, ${sign}
      FROM events e WHERE e.id = ${row}.event_id AND e.status IN ${PUBLIC} AND ${row}.cancelled = 0
      ON CONFLICT (category, canton, day) DO UPDATE SET dates = dates + excluded.dates;`;

/** The event's last end read again from its dates (a date removed or moved may have been the last). */
const lastEndAgain = (eventId: string) => `
    UPDATE events SET last_ends_ts = (SELECT MAX(ends_ts) FROM event_occurrences WHERE event_id = ${eventId})
    WHERE id = ${eventId} AND last_ends_ts IS NOT (SELECT MAX(ends_ts) FROM event_occurrences WHERE event_id = ${eventId});`;

export const MIGRATION_PUBLIC_COUNTS = `
  ALTER TABLE events ADD COLUMN last_ends_ts INTEGER;
  UPDATE events SET last_ends_ts = (SELECT MAX(ends_ts) FROM event_occurrences WHERE event_id = events.id);
  CREATE INDEX events_status_last_end ON events(status, last_ends_ts, category, canton, venue_id, organizer_id);
  CREATE INDEX event_occurrences_length ON event_occurrences(ends_ts - starts_ts);
  CREATE TABLE public_day_counts (
    category TEXT NOT NULL,
    canton TEXT NOT NULL,
    day INTEGER NOT NULL,
    events INTEGER NOT NULL,
    dates INTEGER NOT NULL,
    PRIMARY KEY (category, canton, day)
  ) WITHOUT ROWID;
  INSERT INTO public_day_counts (category, canton, day, events, dates)
    SELECT category, canton, day, SUM(events), SUM(dates) FROM (
      SELECT category, canton, last_ends_ts / ${DAY} AS day, 1 AS events, 0 AS dates FROM events
      WHERE status IN ${PUBLIC} AND last_ends_ts IS NOT NULL
      UNION ALL
      SELECT e.category, e.canton, o.ends_ts / ${DAY}, 0, 1 FROM event_occurrences o JOIN events e ON e.id = o.event_id
      WHERE e.status IN ${PUBLIC} AND o.cancelled = 0
    ) GROUP BY category, canton, day;

  CREATE TRIGGER event_occurrences_counted_insert AFTER INSERT ON event_occurrences BEGIN
    UPDATE events SET last_ends_ts = NEW.ends_ts
    WHERE id = NEW.event_id AND (last_ends_ts IS NULL OR last_ends_ts < NEW.ends_ts);
    ${oneDate('NEW', 1)}
  END;
  CREATE TRIGGER event_occurrences_counted_delete AFTER DELETE ON event_occurrences BEGIN
    ${lastEndAgain('OLD.event_id')}
    ${oneDate('OLD', -1)}
  END;
  CREATE TRIGGER event_occurrences_counted_update AFTER UPDATE OF ends_ts, cancelled, event_id ON event_occurrences BEGIN
    ${oneDate('OLD', -1)}
    ${oneDate('NEW', 1)}
    ${lastEndAgain('OLD.event_id')}
    ${lastEndAgain('NEW.event_id')}
  END;
  -- An event removed: its dates go with it (ON DELETE CASCADE) once its row is gone, when their own trigger finds no
  -- event any more: they are taken off the counts before.
  CREATE TRIGGER events_counted_before_delete BEFORE DELETE ON events BEGIN
    ${allDates('OLD', -1)}
  END;
  CREATE TRIGGER events_counted_delete AFTER DELETE ON events BEGIN
    ${eventCount('OLD', -1)}
  END;
  CREATE TRIGGER events_counted_insert AFTER INSERT ON events BEGIN
    ${eventCount('NEW', 1)}
  END;
  CREATE TRIGGER events_counted_update AFTER UPDATE OF status, category, canton, last_ends_ts ON events
  WHEN OLD.status IS NOT NEW.status OR OLD.category IS NOT NEW.category OR OLD.canton IS NOT NEW.canton
    OR OLD.last_ends_ts IS NOT NEW.last_ends_ts BEGIN
    ${eventCount('OLD', -1)}
    ${eventCount('NEW', 1)}
  END;
  CREATE TRIGGER events_dates_counted_update AFTER UPDATE OF status, category, canton ON events
  WHEN OLD.status IS NOT NEW.status OR OLD.category IS NOT NEW.category OR OLD.canton IS NOT NEW.canton BEGIN
    ${allDates('OLD', -1)}
    ${allDates('NEW', 1)}
  END;
`;
