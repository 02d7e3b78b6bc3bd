// Migration 26 of the SQLite store (issue 51): visitors' browsers subscribed by push to an event's « Ça a lieu ? »,
// each with the message waiting to leave. Shipped: never edited (see index.ts).
export const MIGRATION_VISITOR_PUSHES = `
  CREATE TABLE visitor_pushes (
    id TEXT PRIMARY KEY,
    event_id TEXT NOT NULL,
    token TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    message TEXT,
    due_at TEXT,
    attempts INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX visitor_pushes_event ON visitor_pushes (event_id, created_at);
  CREATE INDEX visitor_pushes_token ON visitor_pushes (token);
  CREATE INDEX visitor_pushes_due ON visitor_pushes (due_at) WHERE due_at IS NOT NULL;
  CREATE INDEX visitor_pushes_expiry ON visitor_pushes (expires_at);
`;
