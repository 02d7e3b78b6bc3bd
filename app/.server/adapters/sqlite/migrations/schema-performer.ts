// Migration 25 of the SQLite store (issue 52, decision 125): « Artistes, intervenants », the names an event gives
// (JSON list, NULL when none). Shipped: never edited (see index.ts).
export const MIGRATION_PERFORMERS = `
  ALTER TABLE events ADD COLUMN performers TEXT;
`;
