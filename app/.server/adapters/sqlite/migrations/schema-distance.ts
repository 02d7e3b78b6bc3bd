// Migration 21 of the SQLite store (issue 47): events searched around a place read the box around it on this index
// before the exact distance. Shipped: never edited (see index.ts).
export const MIGRATION_DISTANCE = `
  CREATE INDEX events_lat_lng ON events(lat, lng) WHERE lat IS NOT NULL AND lng IS NOT NULL;
`;
