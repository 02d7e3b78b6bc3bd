// Opens the SQLite file with the pragmas we rely on and brings its schema up to date.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations';

export type Db = Database.Database;

export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/**
 * Applies the migrations newer than `user_version`, each in its own transaction. Foreign keys are off meanwhile (a
 * pragma that only changes outside a transaction), so a migration may rebuild a table others refer to without
 * cascading deletes (SQLite's « other kinds of table schema changes »); each one must leave no dangling reference.
 */
export function migrate(db: Db): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current >= MIGRATIONS.length) return MIGRATIONS.length;
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
  db.pragma('foreign_keys = OFF');
  try {
    for (let version = current; version < MIGRATIONS.length; version++) {
      db.transaction(() => {
        db.exec(MIGRATIONS[version]);
        const dangling = db.pragma('foreign_key_check') as unknown[];
        if (dangling.length > 0) throw new Error(`Migration ${version + 1} : références orphelines`);
        db.pragma(`user_version = ${version + 1}`);
      })();
    }
  } finally {
    db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
  }
  return MIGRATIONS.length;
}

/**
 * A write transaction: it takes the write lock first (BEGIN IMMEDIATE). A deferred one that reads, then writes after
 * another process committed, fails at once with SQLITE_BUSY_SNAPSHOT (« database is locked »), which no busy timeout
 * waits out; with the lock taken first, it waits its turn like any writer (up to busy_timeout).
 */
export function writeTransaction<A extends unknown[], R>(db: Db, work: (...args: A) => R): (...args: A) => R {
  const transaction = db.transaction(work);
  return (...args: A) => transaction.immediate(...args);
}
