// Migration 18 of the SQLite store: the federation (issue 37, decision 087). Shipped: never edited (see index.ts).

export const MIGRATION_FEDERATION = `
  CREATE TABLE federation_records (
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    expires_at TEXT,
    updated_at TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (kind, key)
  ) WITHOUT ROWID;
  CREATE INDEX federation_records_expiry ON federation_records(expires_at) WHERE expires_at IS NOT NULL;
  CREATE TABLE federation_queue (
    id TEXT PRIMARY KEY,
    due_at TEXT NOT NULL,
    created_at TEXT NOT NULL,
    data TEXT NOT NULL
  );
  CREATE INDEX federation_queue_due ON federation_queue(due_at);
`;
