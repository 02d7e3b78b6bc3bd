// Rate limiters that count for the whole site (decisions 020, 061, 111 and 122): in memory when one process counts; when
// several do, in a small SQLite database of their own (DATA_DIR/limites.sqlite) that every process of the server
// writes atomically. A limiter of requests only (the API, the feeds) counts in memory in the serving process when it
// is the only one (the default install): its counts are exact there without a write per request. No process counts alone and none waits on another: a busy or stopped primary process cannot
// double an allowance. Should that database fail (disk full), each process counts in memory meanwhile. On Firestore,
// where instances share no disk, the composition root hands the limiters the store (firestore-limits.ts).
import cluster from 'node:cluster';
import Database from 'better-sqlite3';
import {
  type IRateLimiterOptions,
  RateLimiterMemory,
  type RateLimiterRes,
  RateLimiterSQLite,
} from 'rate-limiter-flexible';
import { once } from './once';
import { privateDatabaseFile } from './private-files';

export interface Limiter {
  /** Resolves while the key has points left; rejects with a RateLimiterRes past the limit. */
  consume(key: string, points?: number): Promise<RateLimiterRes>;
  get(key: string): Promise<RateLimiterRes | null>;
  delete(key: string): Promise<boolean>;
}

/** Set by the primary process in its workers' environment: the file of the shared counts. */
export const LIMITS_DB_ENV = 'AGENDA_LIMITS_DB';
/** Set by the primary process in its workers' environment: how many processes serve requests (WEB_CONCURRENCY). */
export const SERVING_PROCESSES_ENV = 'AGENDA_SERVING_PROCESSES';
export const LIMITS_FILE = 'limites.sqlite';
const TABLE = 'limites';

function openLimits(file: string): Database.Database {
  // Counts keyed by login addresses and client addresses: the site's alone.
  privateDatabaseFile(file);
  const db = new Database(file, { timeout: 2000 });
  db.pragma('journal_mode = WAL');
  // Counts, not data: a power cut may lose the last second of them.
  db.pragma('synchronous = OFF');
  return db;
}

/** Creates (or empties of expired counts) the shared database; the primary process does it before forking. */
export function prepareLimitsDatabase(file: string): void {
  const db = openLimits(file);
  try {
    db.exec(
      `CREATE TABLE IF NOT EXISTS ${TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`,
    );
    db.prepare(`DELETE FROM ${TABLE} WHERE expire < ?`).run(Date.now());
  } finally {
    db.close();
  }
}

const sharedLimits = once(() => {
  const file = process.env[LIMITS_DB_ENV];
  return cluster.isWorker && file ? openLimits(file) : null;
});

/** A limiter on the shared database `db` (its table made by prepareLimitsDatabase). */
export function sharedLimiter(db: Database.Database, options: IRateLimiterOptions & { keyPrefix: string }): Limiter {
  return new RateLimiterSQLite({
    ...options,
    storeClient: db,
    storeType: 'better-sqlite3',
    tableName: TABLE,
    tableCreated: true,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

type LimiterOptions = IRateLimiterOptions & {
  keyPrefix: string;
  /** Consumed only while answering a request, never by the jobs worker (the public API, the feeds). */
  requestsOnly?: boolean;
};

/**
 * Whether this process alone counts a limiter of requests only: a serving worker when the primary runs one (the jobs
 * worker never consumes such a limiter, a replaced worker starts after the one it replaces has gone).
 */
export function countsAlone(env: NodeJS.ProcessEnv, isWorker: boolean): boolean {
  return isWorker && env.AGENDA_ROLE === 'web' && env[SERVING_PROCESSES_ENV] === '1';
}
const servingAlone = once(() => countsAlone(process.env, cluster.isWorker));

let storeLimits: ((options: LimiterOptions) => Limiter) | null = null;

/**
 * Where the limiters made from now on count, when the site's store counts them for all its instances (Firestore);
 * null: this server's own (memory, or limites.sqlite). Set by the composition root (services.ts).
 */
export function countLimitsIn(make: ((options: LimiterOptions) => Limiter) | null): void {
  storeLimits = make;
}

export function createLimiter({ requestsOnly, ...options }: LimiterOptions): Limiter {
  // Chosen at first use: a limiter made when its module loads comes before the services that say where to count.
  let chosen: Limiter | null = null;
  const limiter = () => {
    if (!chosen) {
      const db = requestsOnly && servingAlone() ? null : sharedLimits();
      chosen = storeLimits ? storeLimits(options) : db ? sharedLimiter(db, options) : new RateLimiterMemory(options);
    }
    return chosen;
  };
  return {
    consume: (key, points) => limiter().consume(key, points),
    get: (key) => limiter().get(key),
    delete: (key) => limiter().delete(key),
  };
}
