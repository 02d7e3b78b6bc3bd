// The settings that decide a production server's processes, read without Zod (issue 50): the supervisor reads only
// these, and leaves the whole configuration to the process that prepares the data, which checks it (config.ts) and
// stops the start on its French sentence. A value config.ts would refuse is read here as its default: the start stops
// anyway, once that process has said why. The defaults are config.ts's own (it takes them from here).
import path from 'node:path';

export const DEFAULT_PORT = 3000;
export const DEFAULT_DATA_DIR = './data';
export const DEFAULT_MIN_FREE_DISK_MB = 100;

/**
 * Where the start-up line says the site is: SITE_URL when it is set, with the port the server listens on (behind a
 * proxy, http://localhost:PORT is no address anyone visits; issue 68), else http://localhost:PORT.
 */
export function listeningAt(siteUrl: string | undefined, port: number): string {
  const local = `http://localhost:${port}`;
  return siteUrl && siteUrl !== local ? `${siteUrl} (port ${port})` : local;
}

export interface ProcessSettings {
  NODE_ENV: string;
  PORT: number;
  /** Serving processes asked for; undefined: the default (one). */
  WEB_CONCURRENCY: number | undefined;
  /** Absolute. */
  DATA_DIR: string;
  sqlite: boolean;
  /** Whether the jobs run in a process of their own; undefined: the default (on SQLite). */
  JOBS_IN_PROCESS: boolean | undefined;
  MIN_FREE_DISK_MB: number;
}

/** A whole number within bounds, or undefined. */
function wholeNumber(value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}

export function processSettings(env: Record<string, string | undefined> = process.env): ProcessSettings {
  const jobs = env.JOBS_IN_PROCESS;
  const freeDisk = Number(env.MIN_FREE_DISK_MB);
  return {
    NODE_ENV: env.NODE_ENV || 'development',
    PORT: wholeNumber(env.PORT, 1, 65_535) ?? DEFAULT_PORT,
    WEB_CONCURRENCY: wholeNumber(env.WEB_CONCURRENCY, 1, 64),
    DATA_DIR: path.resolve(env.DATA_DIR ?? DEFAULT_DATA_DIR),
    sqlite: (env.DATA_BACKEND ?? 'sqlite') === 'sqlite',
    JOBS_IN_PROCESS: jobs === 'true' || jobs === '1' ? true : jobs === 'false' || jobs === '0' ? false : undefined,
    MIN_FREE_DISK_MB:
      env.MIN_FREE_DISK_MB !== undefined && Number.isFinite(freeDisk) && freeDisk >= 0
        ? freeDisk
        : DEFAULT_MIN_FREE_DISK_MB,
  };
}
