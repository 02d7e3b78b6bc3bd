import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { KEPT_STATEMENTS, migrate, openDatabase, writeTransaction } from './db';
import { MIGRATIONS } from './migrations';
import { createSqliteStore } from './store';

/** A base at `version` (its first migrations applied), with the category « musique », as deployed before a migration. */
function databaseAt(version: number) {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  for (const [i, sql] of MIGRATIONS.slice(0, version).entries()) {
    db.exec(sql);
    db.pragma(`user_version = ${i + 1}`);
  }
  db.prepare("INSERT INTO categories (slug, label, color, sort_order) VALUES ('musique', 'Musique', '#000', 1)").run();
  return db;
}

describe('base SQLite', () => {
  it('est en WAL, avec les clés étrangères, et migrée à la dernière version', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-db-')), 'agenda.sqlite');
    const db = openDatabase(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
      (t) => t.name,
    );
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'categories',
        'events',
        'partners',
        'contact_messages',
        'page_views',
        'donations',
      ]),
    );
    db.close();
    // Re-opening applies nothing twice.
    const again = openDatabase(file);
    expect(migrate(again)).toBe(MIGRATIONS.length);
    again.close();
  });

  it('refuse un événement d’une catégorie ou d’un canton inconnus', () => {
    const db = openDatabase(':memory:');
    const insert = () =>
      db
        .prepare(
          `INSERT INTO events (id, slug, title, description, category, starts_at, ends_at, starts_ts, ends_ts, city, canton, created_at, updated_at, submitted_at)
           VALUES ('e1', 's', 't', 'd', 'inconnue', 'x', 'x', 0, 0, 'Sion', 'ZH', 'x', 'x', 'x')`,
        )
        .run();
    expect(insert).toThrow();
  });

  it('la migration 9 retire les annulations jamais approuvées et garde clés, décisions et recherche', async () => {
    // A base at version 7, as deployed before the event lifecycle (decision 029), with the defect's traces.
    const db = databaseAt(7);
    db.prepare(
      "INSERT INTO users (uid, email, display_name, role, created_at, updated_at) VALUES ('ada', 'a@x.ch', 'Ada', 'admin', '', '')",
    ).run();
    const insert = db.prepare(
      `INSERT INTO events (id, slug, title, description, category, starts_at, ends_at, starts_ts, ends_ts, city, canton,
         status, rejection_reason, moderated_at, pending_changes, created_at, updated_at, submitted_at)
       VALUES (?, 's', ?, 'Une description assez longue.', 'musique', 'x', 'x', 0, 4102444800000, 'Sion', 'VS', ?, ?, ?, ?, '', '', '')`,
    );
    insert.run('never', 'Jamais modéré', 'cancelled', '', null, null);
    insert.run('refused', 'Refusé puis annulé', 'cancelled', 'Hors région.', '2026-01-01', null);
    insert.run('edited', 'Modifié puis annulé', 'cancelled', '', '2026-01-01', '["title"]');
    insert.run('legit', 'Vraiment annulé', 'cancelled', '', '2026-01-01', null);
    insert.run('pending', 'En attente', 'pending', '', null, null);
    db.prepare("INSERT INTO event_submissions VALUES ('orga', 'cle', 'pending', '')").run();
    db.prepare(
      "INSERT INTO moderation_log (event_id, admin_uid, action, reason, created_at) VALUES ('legit', 'ada', 'approve', '', '')",
    ).run();

    expect(migrate(db)).toBe(MIGRATIONS.length);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const store = createSqliteStore(db);
    const status = async (id: string) => {
      const e = await store.events.findById(id);
      return [e?.status, e?.previousStatus];
    };
    expect(await status('never')).toEqual(['withdrawn', 'pending']);
    expect(await status('refused')).toEqual(['withdrawn', 'rejected']);
    expect(await status('edited')).toEqual(['withdrawn', 'pending']);
    expect(await status('legit')).toEqual(['cancelled', 'approved']);
    // Nothing cascaded while the table was rebuilt: keys, decisions (with the title) and the search index are there.
    expect(await store.events.findSubmission('orga', 'cle')).toBe('pending');
    expect((await store.events.moderationHistory('legit')).map((h) => [h.action, h.eventTitle])).toEqual([
      ['approve', 'Vraiment annulé'],
    ]);
    const search = await store.events.search({
      status: ['cancelled'],
      endsAfter: '2026-01-01T00:00:00Z',
      words: ['vraiment'],
      limit: 10,
      offset: 0,
    });
    expect(search.items.map((e) => e.id)).toEqual(['legit']);
    expect(await store.events.countAwaitingModeration()).toBe(1);
    db.close();
  });

  it('la migration 16 reprend du journal les décisions d’admin que l’organisateur ne peut défaire', async () => {
    // A base at version 15, as deployed before issue 31.
    const before = MIGRATIONS.findIndex((sql) => sql.includes('refused_by_admin'));
    const db = databaseAt(before);
    const insert = db.prepare(
      `INSERT INTO events (id, slug, title, description, category, starts_at, ends_at, starts_ts, ends_ts, city, canton,
         status, created_at, updated_at, submitted_at)
       VALUES (?, 's', ?, 'Une description assez longue.', 'musique', 'x', 'x', 0, 4102444800000, 'Sion', 'VS', ?, '', '', '')`,
    );
    const log = db.prepare("INSERT INTO moderation_log (event_id, action, reason, created_at) VALUES (?, ?, '', ?)");
    insert.run('rejected', 'Refusé', 'rejected');
    insert.run('resubmitted', 'Refusé puis modifié', 'pending');
    log.run('resubmitted', 'reject', '2026-01-01');
    insert.run('reapproved', 'Retiré puis approuvé', 'approved');
    log.run('reapproved', 'unpublish', '2026-01-01');
    log.run('reapproved', 'approve', '2026-01-02');
    insert.run('admin-cancelled', 'Annulé par un admin', 'cancelled');
    log.run('admin-cancelled', 'approve', '2026-01-01');
    log.run('admin-cancelled', 'cancel', '2026-01-02');
    insert.run('owner-cancelled', 'Annulé par son organisateur', 'cancelled');
    log.run('owner-cancelled', 'approve', '2026-01-01');

    expect(migrate(db)).toBe(MIGRATIONS.length);
    const store = createSqliteStore(db);
    const held = async (id: string) => {
      const e = await store.events.findById(id);
      return [e?.refusedByAdmin, e?.cancelledByAdmin];
    };
    expect(await held('rejected')).toEqual([true, false]);
    expect(await held('resubmitted')).toEqual([true, false]);
    expect(await held('reapproved')).toEqual([false, false]);
    expect(await held('admin-cancelled')).toEqual([false, true]);
    expect(await held('owner-cancelled')).toEqual([false, false]);
    db.close();
  });

  it('la migration 22 donne SEQUENCE 0 aux événements déjà publiés, que le changement suivant fait passer à 1', async () => {
    // A base at version 21, as deployed before issue 52: an event approved some time after it was created.
    const before = MIGRATIONS.findIndex((sql) => sql.includes('ical_sequence'));
    expect(before).toBe(21);
    const db = databaseAt(before);
    db.prepare(
      `INSERT INTO events (id, slug, title, description, category, starts_at, ends_at, starts_ts, ends_ts, city, canton,
         status, created_at, updated_at, submitted_at)
       VALUES ('publie', 's', 'Concert', 'Une description assez longue.', 'musique', '2030-01-01T18:00:00.000Z',
         '2030-01-01T20:00:00.000Z', 1893520800000, 1893528000000, 'Sion', 'VS', 'approved',
         '2026-01-01T10:00:00.000Z', '2026-01-01T10:00:37.000Z', '2026-01-01T10:00:00.000Z')`,
    ).run();
    expect(migrate(db)).toBe(MIGRATIONS.length);
    const store = createSqliteStore(db);
    const event = await store.events.findById('publie');
    expect(event?.icalSequence).toBe(0);
    if (!event) throw new Error('événement perdu');
    const moved = { ...event, city: 'Martigny', updatedAt: '2026-01-02T10:00:00.000Z' };
    expect((await store.events.transition({ seen: event.updatedAt, next: moved }))?.icalSequence).toBe(1);
    db.close();
  });

  it('compile une requête une fois par connexion, sans garder ses résultats, et en garde un nombre borné', () => {
    const db = openDatabase(':memory:');
    const sql = 'SELECT COUNT(*) AS n FROM categories';
    const first = db.prepare(sql);
    expect(db.prepare(sql)).toBe(first);
    const before = (db.prepare(sql).get() as { n: number }).n;
    db.prepare(
      "INSERT INTO categories (slug, label, color, sort_order) VALUES ('essai', 'Essai', '#000000', 99)",
    ).run();
    // The kept statement reads the base as it is now.
    expect((db.prepare(sql).get() as { n: number }).n).toBe(before + 1);
    for (let i = 0; i < KEPT_STATEMENTS + 10; i++) db.prepare(`SELECT ${i} AS n`);
    // The oldest went: compiled anew, and still right.
    expect(db.prepare(sql)).not.toBe(first);
    expect((db.prepare(sql).get() as { n: number }).n).toBe(before + 1);
    db.close();
  });

  it('une écriture prend le verrou d’abord : un autre processus qui écrit entre sa lecture et son écriture attend, au lieu de la faire échouer', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-db-')), 'agenda.sqlite');
    const server = openDatabase(file);
    const other = new Database(file);
    other.pragma('busy_timeout = 0');
    server.exec('CREATE TABLE slugs (slug TEXT PRIMARY KEY)');
    const claim = (slug: string, meanwhile: () => void) => {
      if (server.prepare('SELECT 1 FROM slugs WHERE slug = ?').get(slug)) return false;
      meanwhile();
      server.prepare('INSERT INTO slugs (slug) VALUES (?)').run(slug);
      return true;
    };
    const otherWrites = (slug: string) => () => {
      try {
        other.prepare('INSERT INTO slugs (slug) VALUES (?)').run(slug);
        return 'écrit';
      } catch (error) {
        return (error as { code?: string }).code;
      }
    };
    // Deferred (what `db.transaction(…)()` does): the other process commits between the read and the write, and the
    // write fails at once with SQLITE_BUSY_SNAPSHOT, whatever the busy timeout.
    let seen: string | undefined;
    expect(() =>
      server.transaction(() =>
        claim('salle-du-bourg', () => {
          seen = otherWrites('grange')();
        }),
      )(),
    ).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY_SNAPSHOT' }));
    expect(seen).toBe('écrit');
    // Immediate: the other process finds the lock taken (it would wait its busy timeout), the claim goes through.
    expect(
      writeTransaction(server, () =>
        claim('salle-du-bourg', () => {
          seen = otherWrites('pont-rouge')();
        }),
      )(),
    ).toBe(true);
    expect(seen).toBe('SQLITE_BUSY');
    other.close();
    server.close();
  });

  it('chaque transaction des adaptateurs SQLite est une écriture qui prend le verrou d’abord (writeTransaction)', () => {
    const dir = path.dirname(new URL(import.meta.url).pathname);
    const deferred = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'db.ts')
      .filter((f) => /\.transaction\(/.test(fs.readFileSync(path.join(dir, f), 'utf8')));
    expect(deferred).toEqual([]);
  });
});
