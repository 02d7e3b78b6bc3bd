// Migration 22 of the SQLite store (issue 52): each event's iCalendar SEQUENCE (AgendaEvent.icalSequence), 0 for the
// events stored before it, as at a first publication. Shipped: never edited (see index.ts).
export const MIGRATION_SEQUENCE = `
  ALTER TABLE events ADD COLUMN ical_sequence INTEGER NOT NULL DEFAULT 0;
`;
