// The primary process of the production server when it only supervises (issue 50): it never loads the app, nor Zod, a
// few tens of MB. It reads the settings that decide its processes (platform/process-settings.ts), takes the DATA_DIR
// lock for its whole life (decision 062), has a short-lived process check the whole configuration and prepare the data
// (checks, migrations, demo content, housekeeping: everything that loads the app), then supervises the processes that
// serve and the jobs' one (server/supervisor.ts); on its way out, the last checkpoint.
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type DataDirLock, LOCK_FILE, lockDataDir } from '../platform/data-dir-lock';
import { listeningAt, processSettings } from '../platform/process-settings';
import { checkDataDir, databaseProblem, describeStartupFailure } from '../platform/startup-checks';
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
 * V8's heap in the processes the primary starts, unless the operator chose otherwise (NODE_OPTIONS, node's flags):
 * - the young generation bounded: left to itself it grew to 128 MB a process (about 320 MB idle instead of 190), for
 *   no CPU saved on the pages (0.98× the CPU per request, 370 MB instead of 485 under load);
 * - the old generation grown to twice what a full collection left alive: left to itself V8 lets it grow up to four
 *   times on a machine with gigabytes to spare, and the serving process took 380 MB under load for 40 MB alive. Bounded,
 *   ~300 MB, for 3 to 12 % more CPU per page rendered (decision 134). A V8 option that NODE_OPTIONS refuses: on the
 *   command line only.
 */
export const V8_HEAP_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=100'];

/** The flags of V8_HEAP_FLAGS that the operator left to us, among those given (node's flags and NODE_OPTIONS). */
export function heapFlagsToAdd(given: readonly string[]): string[] {
  const name = (flag: string) => flag.split('=')[0].replace(/_/g, '-');
  const chosen = new Set(given.map(name));
  return V8_HEAP_FLAGS.filter((flag) => !chosen.has(name(flag)));
}

/**
 * The jobs worker's heap favours memory over speed: it mostly waits, at a lower priority than the pages. Idle, it held
 * 50 MB of its own, 33 MB with this flag (issue 72: an idle instance ≤ 150 MB PSS; decision 166).
 */
export const JOBS_V8_FLAGS = ['--optimize-for-size'];

/**
 * The serving processes may collect their heap once idle (server/idle-collect.ts): V8's `gc`, which only this flag
 * gives JavaScript. Idle, a serving process held ~80 MB of its own, ~55 once collected (decision 174).
 */
export const WEB_V8_FLAGS = ['--expose-gc'];

function withHeapBounds(): void {
  const missing = heapFlagsToAdd([...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)]);
  if (missing.length > 0) cluster.setupPrimary({ execArgv: [...process.execArgv, ...missing] });
}

/**
 * In production, the primary when the server runs in several processes (WEB_CONCURRENCY > 1, or the jobs in a process
 * of their own, the default on SQLite): supervises and answers true; it then never goes on with server.ts. False when
 * one process serves alone: the caller does it all, as in development.
 */
export async function superviseWithoutApp(): Promise<boolean> {
  const settings = processSettings();
  // One process serves by default: a second brought no throughput on the bench machine's 2 cores (issue 50). The server
  // runs its jobs by the rule of services.ts (jobsRunInProcess): on SQLite unless told otherwise, always in a process of
  // their own: beside the serving one (decision 163, suspended), a base locked by another program held the pages behind
  // each job's wait for the lock, and a damaged base went unreported by them.
  const web = settings.WEB_CONCURRENCY ?? 1;
  const { sqlite } = settings;
  const jobsWorker = settings.JOBS_IN_PROCESS ?? sqlite;
  if (web === 1 && !jobsWorker) return false;
  const dataDir = settings.DATA_DIR;
  // A first start that fails leaves no DATA_DIR behind (issue 46), as when the settings were read here in full.
  const dataDirWasThere = fs.existsSync(dataDir);
  let lock: DataDirLock | null = null;
  const giveUp = (): never => {
    lock?.release();
    if (!dataDirWasThere) takeBackDataDir(dataDir);
    process.exit(1);
  };
  try {
    checkDataDir(dataDir, settings.MIN_FREE_DISK_MB * MB);
    if (sqlite) lock = lockDataDir(dataDir);
  } catch (error) {
    console.error(describeStartupFailure(error));
    return giveUp();
  }
  withHeapBounds();
  // The preparing process reads and checks the whole configuration: a refused setting stops it on its sentence.
  const env = await prepared();
  if (!env) return giveUp();
  superviseWorkers({
    web,
    jobsWorker,
    jobsV8Flags: JOBS_V8_FLAGS,
    webV8Flags: WEB_V8_FLAGS,
    env,
    jobsEntry: path.resolve(JOBS_ENTRY),
    onListening: () =>
      console.log(
        `Agenda romand à l’écoute sur ${listeningAt(process.env.SITE_URL, settings.PORT)} (Node ${process.versions.node}, ${settings.NODE_ENV}, ${web} processus${jobsWorker ? ' et celui des tâches' : ''}, données : ${dataDir})`,
      ),
    onStopped: () => {
      if (sqlite) lastCheckpoint(dataDir);
      lock?.release();
    },
  });
  return true;
}

/** DATA_DIR created by a start that failed: removed if nothing but its lock is in it. */
function takeBackDataDir(dataDir: string): void {
  try {
    fs.rmSync(path.join(dataDir, LOCK_FILE), { force: true });
    fs.rmdirSync(dataDir);
  } catch {
    // Something else was written there, or it is gone: left as it is.
  }
}

/**
 * The environment of the workers, from the process that prepared the data; null if that one failed (its reason is
 * written already, startup-checks.ts, and it took back the session secret it created, server.ts).
 */
function prepared(): Promise<Record<string, string> | null> {
  return new Promise((resolve) => {
    let env: Record<string, string> | null = null;
    const worker = cluster.fork({ AGENDA_ROLE: PREPARE_ROLE, [LOCK_HELD_ENV]: '1' });
    worker.on('message', (message: { type?: string; env?: Record<string, string> }) => {
      if (message?.type === PREPARED && message.env) env = message.env;
    });
    worker.on('exit', (code) => resolve(env && code === 0 ? env : null));
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
    // One French line, never a stack (issue 68): SIGTERM on a damaged base printed SQLite's raw trace.
    const file = path.join(dataDir, 'agenda.sqlite');
    console.error(
      `[base] dernier point de contrôle impossible : ${databaseProblem(error, file) ?? String((error as Error)?.message ?? error)}`,
    );
  }
}
