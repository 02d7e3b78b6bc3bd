// Migrations from 17 on of the SQLite store: operations (issue 32). Shipped: never edited (see index.ts).

export const MIGRATIONS_FROM_17: readonly string[] = [
  /* 17: the mail queue (decision 060): every mail is a row before anything answers « envoyé », sent by the `mails`
     job, retried with back-off, kept as failed for the admins after a day. due_at is when someone should look at it
     again (the next attempt, or the end of a claim); a failed mail has none. And the readiness probe's row per
     process (server/health.ts): a write that must succeed for the site to be ready. */ `
  CREATE TABLE mail_queue (
    id TEXT PRIMARY KEY,
    status TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'failed')),
    due_at TEXT,
    ref TEXT,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    data TEXT NOT NULL
  );
  CREATE INDEX mail_queue_due ON mail_queue(due_at) WHERE due_at IS NOT NULL;
  CREATE INDEX mail_queue_ref ON mail_queue(ref, status) WHERE ref IS NOT NULL;
  CREATE INDEX mail_queue_status ON mail_queue(status, created_at);
  CREATE TABLE health_checks (
    id TEXT PRIMARY KEY,
    checked_at TEXT NOT NULL
  );
  `,
];
