// Scheduled jobs (decisions 051 and 061): work that runs on a clock rather than on a request (extending the
// occurrences of series, importing sources, sending alert digests and queued mails, clean-ups, backups). Each job is
// registered once, in app/.server/jobs.ts, and runs either in the server's own jobs worker (the default install: the
// processes that accept connections never run one, job-worker.ts) or when Cloud Scheduler calls `POST /taches/:name`
// with the shared token (Firebase: instances come and go, and each would run it). A job must be idempotent and
// resumable: run twice, by two callers at once, or again after a crash, it does the work once.
import crypto from 'node:crypto';
import { storageProblem } from '../platform/storage-failure';
import type { Job, Services } from '../service-types';

const running = new Map<string, Promise<string>>();

/** Whether this job is running in this process. */
export const isJobRunning = (name: string) => running.has(name);

/** The runs going on in this process (to wait for them before stopping). */
export const runningJobs = () => [...running.values()];

/**
 * Runs a job. Without `now` (a tick, a wake-up), a run already going on in this process does the work: the call waits
 * for it. With `now` (an operator, a test, a replayed morning), the job runs at that instant once the current run is
 * over, never two at once.
 */
export function runJob(services: Services, job: Job, now?: Date): Promise<string> {
  const current = running.get(job.name);
  if (current && !now) return current;
  // Async: a job that throws before its first await (the store cannot be opened) fails its run, never the process.
  const go = async () => job.run(services, now ?? new Date());
  const run: Promise<string> = (current ? current.then(go, go) : go()).finally(() => {
    if (running.get(job.name) === run) running.delete(job.name);
  });
  running.set(job.name, run);
  return run;
}

/**
 * A failed run in the log: one French line when the storage is the cause (a damaged base, a full disk; issue 68: the
 * jobs worker printed SQLite's stack at every run), else with its stack.
 */
export function logJobFailure(name: string, error: unknown): void {
  const reason = storageProblem(error);
  if (reason) console.error(`[tâche ${name}] en échec : ${reason}`);
  else console.error(`[tâche ${name}] en échec`, error);
}

/** Whether an `Authorization` header carries the jobs token (compared in constant time; no token configured: never). */
export function hasJobsToken(config: Services['config'], authorization: string | null): boolean {
  const expected = config.JOBS_TOKEN;
  if (!expected || !authorization?.startsWith('Bearer ')) return false;
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(authorization.slice('Bearer '.length)), digest(expected));
}
