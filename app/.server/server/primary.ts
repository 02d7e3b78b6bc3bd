// The primary process of the production server when it only supervises (issue 50): it never loads the app, a few tens
// of MB. It reads the configuration, takes the DATA_DIR lock for its whole life (decision 062), has a short-lived
// process prepare the data (checks, migrations, demo content, housekeeping: everything that loads the app), then
// supervises the processes that serve and the jobs' one (platform/supervisor.ts); on its way out, the last checkpoint.
import cluster from 'node:cluster';
import path from 'node:path';
import Database from 'better-sqlite3';
import { configuredStore, loadConfig } from '../platform/config';
import { type DataDirLock, lockDataDir } from '../platform/data-dir-lock';
import { forgetCreatedSecrets } from '../platform/session-secret';
import { checkDataDir, describeStartupFailure } from '../platform/startup-checks';
import { superviseWorkers } from './supervisor';

/** The role of the process that prepares the data, then exits (server.ts). */
export const PREPARE_ROLE = 'prepare';
/** Its message to the primary: the environment every worker needs. */
export const PREPARED = 'agenda:prepare';
/** Set for the preparing process: the primary holds the DATA_DIR lock, the process must not take it. */
export const LOCK_HELD_ENV = 'AGENDA_LOCK_HELD';

/** The jobs worker's own bundle (scripts/build-server.mjs, from jobs-main.ts): no routes, React nor Remix in it. */
export const JOBS_ENTRY = 'build/jobs.js';

const MB = 1024 * 1024;
/**
 * V8's young generation for the processes that load the app, unless the operator chose one (NODE_OPTIONS, node's
 * flags): left to itself it grew to 128 MB a process (about 320 MB idle instead of 190), for no CPU saved on the pages
 * (bench of issue 50: 0.98× the CPU per request, 370 MB instead of 485 under load).
 */
export const YOUNG_GENERATION_FLAG = '--max-semi-space-size=16';

function withYoungGenerationBound(): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (given.some((flag) => flag.startsWith('--max-semi-space-size'))) return;
  cluster.setupPrimary({ execArgv: [...process.execArgv, YOUNG_GENERATION_FLAG] });
}

/**
 * In production, the primary when the server runs in several processes (WEB_CONCURRENCY > 1, or the jobs in a process
 * of their own, the default on SQLite): supervises and answers true; it then never goes on with server.ts. False when
 * one process serves alone: the caller does it all, as in development.
 */
export async function superviseWithoutApp(): Promise<boolean> {
  let lock: DataDirLock | null = null;
  const stop = (error: unknown): never => {
    console.error(describeStartupFailure(error));
    forgetCreatedSecrets();
    lock?.release();
    process.exit(1);
  };
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    return stop(error);
  }
  // One process serves by default: a second brought no throughput on the bench machine's 2 cores (issue 50). The jobs
  // run in a process of their own by the rule of services.ts (jobsRunInProcess): on SQLite unless told otherwise.
  const web = config.WEB_CONCURRENCY ?? 1;
  const sqlite = configuredStore()?.backend === 'sqlite';
  const jobsWorker = config.JOBS_IN_PROCESS ?? sqlite;
  if (web === 1 && !jobsWorker) return false;
  try {
    checkDataDir(config.DATA_DIR, config.MIN_FREE_DISK_MB * MB);
    if (sqlite) lock = lockDataDir(config.DATA_DIR);
  } catch (error) {
    return stop(error);
  }
  withYoungGenerationBound();
  const env = await prepared();
  superviseWorkers({
    web,
    jobsWorker,
    env,
    jobsEntry: path.resolve(JOBS_ENTRY),
    onListening: () =>
      console.log(
        `Agenda romand à l’écoute sur http://localhost:${config.PORT} (Node ${process.versions.node}, ${config.NODE_ENV}, ${web} processus${jobsWorker ? ' et celui des tâches' : ''}, données : ${config.DATA_DIR})`,
      ),
    onStopped: () => {
      if (sqlite) lastCheckpoint(config.DATA_DIR);
      lock?.release();
    },
  });
  return true;
}

/** The environment of the workers, from the process that prepared the data; the primary stops if that one fails. */
function prepared(): Promise<Record<string, string>> {
  return new Promise((resolve) => {
    let env: Record<string, string> | null = null;
    const worker = cluster.fork({ AGENDA_ROLE: PREPARE_ROLE, [LOCK_HELD_ENV]: '1' });
    worker.on('message', (message: { type?: string; env?: Record<string, string> }) => {
      if (message?.type === PREPARED && message.env) env = message.env;
    });
    // Its reason was already written (startup-checks.ts): the primary takes back the session secret its reading of the
    // settings created (a first start that never served leaves DATA_DIR as it found it, issue 46), and stops.
    worker.on('exit', (code) => {
      if (env && code === 0) return resolve(env);
      forgetCreatedSecrets();
      process.exit(1);
    });
  });
}

/**
 * Every process gone: the write-ahead log is written back into the database file and emptied, so that the file alone
 * (a copy, a backup by hand) holds everything.
 */
export function lastCheckpoint(dataDir: string): void {
  try {
    const db = new Database(path.join(dataDir, 'agenda.sqlite'), { fileMustExist: true, timeout: 5000 });
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  } catch (error) {
    console.error('[base] dernier point de contrôle impossible', error);
  }
}
