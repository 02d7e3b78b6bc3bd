// Migration 23 of the SQLite store (issue 51, « Ça a lieu ? »): what an organizer said on a date's day (JSON, one per
// date) and whether the event is « selon la météo ». Shipped: never edited (see index.ts).
export const MIGRATION_DAY_STATUS = `
  ALTER TABLE events ADD COLUMN day_statuses TEXT;
  ALTER TABLE events ADD COLUMN weather_dependent INTEGER NOT NULL DEFAULT 0;
`;
