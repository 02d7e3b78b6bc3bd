// Migration 33 of the SQLite store (issue 69, decision 164): what the lists still read row by row after each write,
// read on indexes alone. Shipped: never edited (see index.ts).
//
// - `event_occurrences.public`: 1 when the date's event is public (approved or cancelled), and `.lat`, `.lng`, its
//   event's point, kept by triggers (a date written, an event written, its status or point changed). With them, the
//   indexes below hold every public date, and a count or a walk of them reads no event and no date row:
//   - `event_occurrences_public_ends`: by end, with category and canton. The lists' dates of today (the day of now,
//     counted exactly, decision 142) were each read with their event's status: ~500 scattered reads at 100,000 events;
//   - `event_occurrences_public_starts`: by start, cancelled ones too, with end, category, canton and point. A list's
//     page walks it, the canton and the box of « Autour de » tested on it: only the dates it shows read their event.
//     A page asked by its number alone (`?page=50`, an old link) finds where it starts on it instead of reading and
//     sorting every event before it (still one index entry per date before it, not a row).
// - `events_lat_lng_counted`: the box of « Autour de » with what its count tests (status, last end, category, canton):
//   its 501 events counted on the index, without reading their rows (decision 151's cap).
// - `public_day_sums`: the sums of `public_day_counts` (migration 27) per day for the whole agenda (`all`), per category
//   and per canton, kept by triggers on it. A total sums its days to come (a few hundred rows), no longer every
//   category × canton × day (12,000 rows at 100,000 events).
const PUBLIC = "('approved', 'cancelled')";

/** What a date carries of its event: whether it is public, and its point. */
const OF_EVENT = (eventId: string) => `
    public = COALESCE((SELECT e.status IN ${PUBLIC} FROM events e WHERE e.id = ${eventId}), 0),
    lat = (SELECT e.lat FROM events e WHERE e.id = ${eventId}),
    lng = (SELECT e.lng FROM events e WHERE e.id = ${eventId})`;

/** Adds the change of one row of `public_day_counts` to the three sums of its day. */
const summed = (events: string, dates: string, row: 'NEW' | 'OLD') =>
  (
    [
      ["'all'", "''"],
      ["'category'", `${row}.category`],
      ["'canton'", `${row}.canton`],
    ] as const
  )
    .map(
      ([scope, key]) => `
    INSERT INTO public_day_sums (scope, key, day, events, dates) VALUES (${scope}, ${key}, ${row}.day, ${events}, ${dates})
      ON CONFLICT (scope, key, day) DO UPDATE SET events = events + excluded.events, dates = dates + excluded.dates;`,
    )
    .join('');

export const MIGRATION_PUBLIC_DATES = `
  ALTER TABLE event_occurrences ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE event_occurrences ADD COLUMN lat REAL;
  ALTER TABLE event_occurrences ADD COLUMN lng REAL;
  UPDATE event_occurrences SET ${OF_EVENT('event_occurrences.event_id')};
  CREATE INDEX event_occurrences_public_ends ON event_occurrences(ends_ts, category, canton)
    WHERE public = 1 AND cancelled = 0;
  CREATE INDEX event_occurrences_public_starts
    ON event_occurrences(starts_ts, ends_ts, cancelled, category, canton, lat, lng) WHERE public = 1;
  CREATE INDEX events_lat_lng_counted ON events(lat, lng, status, last_ends_ts, category, canton)
    WHERE lat IS NOT NULL AND lng IS NOT NULL;
  CREATE TRIGGER event_occurrences_public_insert AFTER INSERT ON event_occurrences BEGIN
    UPDATE event_occurrences SET ${OF_EVENT('NEW.event_id')} WHERE event_id = NEW.event_id AND starts_ts = NEW.starts_ts;
  END;
  CREATE TRIGGER events_public_insert AFTER INSERT ON events BEGIN
    UPDATE event_occurrences SET public = (NEW.status IN ${PUBLIC}), lat = NEW.lat, lng = NEW.lng WHERE event_id = NEW.id;
  END;
  CREATE TRIGGER events_public_update AFTER UPDATE OF status, lat, lng ON events
  WHEN (OLD.status IN ${PUBLIC}) IS NOT (NEW.status IN ${PUBLIC}) OR OLD.lat IS NOT NEW.lat OR OLD.lng IS NOT NEW.lng
  BEGIN
    UPDATE event_occurrences SET public = (NEW.status IN ${PUBLIC}), lat = NEW.lat, lng = NEW.lng WHERE event_id = NEW.id;
  END;

  CREATE TABLE public_day_sums (
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    day INTEGER NOT NULL,
    events INTEGER NOT NULL,
    dates INTEGER NOT NULL,
    PRIMARY KEY (scope, key, day)
  ) WITHOUT ROWID;
  INSERT INTO public_day_sums (scope, key, day, events, dates)
    SELECT 'all', '', day, SUM(events), SUM(dates) FROM public_day_counts GROUP BY day
    UNION ALL SELECT 'category', category, day, SUM(events), SUM(dates) FROM public_day_counts GROUP BY category, day
    UNION ALL SELECT 'canton', canton, day, SUM(events), SUM(dates) FROM public_day_counts GROUP BY canton, day;
  CREATE TRIGGER public_day_counts_summed_insert AFTER INSERT ON public_day_counts BEGIN
    ${summed('NEW.events', 'NEW.dates', 'NEW')}
  END;
  CREATE TRIGGER public_day_counts_summed_update AFTER UPDATE ON public_day_counts BEGIN
    ${summed('-OLD.events', '-OLD.dates', 'OLD')}
    ${summed('NEW.events', 'NEW.dates', 'NEW')}
  END;
  CREATE TRIGGER public_day_counts_summed_delete AFTER DELETE ON public_day_counts BEGIN
    ${summed('-OLD.events', '-OLD.dates', 'OLD')}
  END;
`;
