// Migration 20 of the SQLite store: the site's revision counted in the database (decision 104). Shipped: never edited
// (see index.ts).
//
// Read caches and the page cache key on `Store.revision()`. It was this connection's own changes plus SQLite's
// `data_version`, which moves at every commit of another connection: with several processes (the workers that serve, the
// jobs worker), a write that changes no page — an activity received into the federation's queue, a mail sent, a page
// view, a readiness probe — emptied the caches of every other process. Now every table a page or the admins' live view
// reads bumps one counter, whoever writes; the others do not.

/** Tables whose rows change what a page, a read cache or the admins' live view shows. */
const REVISED = [
  'alerts',
  'auth_tokens',
  'categories',
  'contact_messages',
  'donations',
  'event_occurrences',
  'event_submissions',
  'events',
  'import_links',
  'import_runs',
  'import_sources',
  'moderation_log',
  'notifications',
  'organizers',
  'partners',
  'sessions',
  'users',
  'venues',
];

const bump = 'UPDATE site_revision SET n = n + 1 WHERE id = 1;';
type Operation = 'INSERT' | 'UPDATE' | 'DELETE';
const triggers = (table: string, when?: (op: Operation) => string) =>
  (['INSERT', 'UPDATE', 'DELETE'] as const)
    .map(
      (op) =>
        `CREATE TRIGGER ${table}_revised_${op.toLowerCase()} AFTER ${op} ON ${table}${when ? ` WHEN ${when(op)}` : ''} BEGIN ${bump} END;`,
    )
    .join('\n');

export const MIGRATION_REVISION = `
  CREATE TABLE site_revision (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
  INSERT INTO site_revision (id, n) VALUES (1, 0);
  ${REVISED.map((t) => triggers(t)).join('\n')}
  ${triggers('federation_records', (op) => (op === 'DELETE' ? "OLD.kind = 'published'" : "NEW.kind = 'published'"))}
`;
