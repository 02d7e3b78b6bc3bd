import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from './db';
import { MIGRATIONS } from './migrations';

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
});
