// Migration 34 of the SQLite store (issue 74, decision 171): what organizers and admins see of the events, counted as
// it happens. One row per event × date of a series ('' for the whole event) × week × kind, and one per week × category
// × canton × kind for the whole site: each count is an upsert on a primary key, each dashboard a range of it, never a
// scan of page views. No visitor, cookie or address in them. Shipped: never edited (see index.ts).
export const MIGRATION_EVENT_FIGURES = `
  CREATE TABLE event_figures (
    event_id TEXT NOT NULL,
    day TEXT NOT NULL,
    week TEXT NOT NULL,
    kind TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (event_id, day, week, kind)
  ) WITHOUT ROWID;
  CREATE TABLE site_figures (
    week TEXT NOT NULL,
    category TEXT NOT NULL,
    canton TEXT NOT NULL,
    kind TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (week, category, canton, kind)
  ) WITHOUT ROWID;
`;
