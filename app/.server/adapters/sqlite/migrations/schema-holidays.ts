// Migration 24 of the SQLite store (issue 51): the school-holiday periods by canton, which the « pendant les vacances
// scolaires » filter and the « Vacances (VD) » marks read. Shipped: never edited (see index.ts).
export const MIGRATION_HOLIDAYS = `
  CREATE TABLE school_holidays (
    id TEXT PRIMARY KEY,
    canton TEXT NOT NULL,
    label TEXT NOT NULL,
    first_day TEXT NOT NULL,
    last_day TEXT NOT NULL,
    source_url TEXT NOT NULL DEFAULT '',
    confirmed INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX school_holidays_canton ON school_holidays (canton, first_day);
  CREATE TRIGGER school_holidays_revised_insert AFTER INSERT ON school_holidays BEGIN UPDATE site_revision SET n = n + 1 WHERE id = 1; END;
  CREATE TRIGGER school_holidays_revised_update AFTER UPDATE ON school_holidays BEGIN UPDATE site_revision SET n = n + 1 WHERE id = 1; END;
  CREATE TRIGGER school_holidays_revised_delete AFTER DELETE ON school_holidays BEGIN UPDATE site_revision SET n = n + 1 WHERE id = 1; END;
`;
