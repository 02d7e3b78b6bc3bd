// Opens the SQLite file with the pragmas we rely on and brings its schema up to date.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { privateDatabaseFile } from '../../platform/private-files';
import { MIGRATIONS } from './migrations';

export type Db = Database.Database;

/**
 * `verbose` is told each statement run, its values in place (better-sqlite3's option): the tests of the query plans
 * explain what the real loaders ask (tests/contract/query-plans.test.ts).
 */
export function openDatabase(file: string, { verbose }: { verbose?: (sql: string) => void } = {}): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  // The accounts, their password hashes and sessions: the base is the site's alone.
  privateDatabaseFile(file);
  const db = keepingStatements(new Database(file, verbose ? { verbose: (sql) => verbose(String(sql)) } : {}));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** At most this many statements kept per connection: the SQL built from a query's filters varies a little. */
export const KEPT_STATEMENTS = 500;

/**
 * `db.prepare(sql)` compiles the SQL once per connection and hands the same statement back afterwards (issue 35): the
 * adapters prepare at each call, and compiling cost an event page about 3 % of its render (bench/profile-pages.ts).
 * Only the compiled statement is kept, never its results: each run reads the base as it is. The oldest goes past
 * KEPT_STATEMENTS. A statement whose mode is changed (`.pluck()`, `.raw()`) is shared too: it must have SQL of its own.
 */
export function keepingStatements(db: Db): Db {
  const compile = db.prepare.bind(db);
  const kept = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = kept.get(sql);
    if (!statement) {
      statement = compile(sql);
      if (kept.size >= KEPT_STATEMENTS) kept.delete(kept.keys().next().value as string);
      kept.set(sql, statement);
    }
    return statement;
  }) as Db['prepare'];
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
