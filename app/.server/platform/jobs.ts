// Scheduled jobs (decision 051): work that runs on a clock rather than on a request (extending the occurrences of
// series, importing sources, sending alert digests). Each job is registered once, in app/.server/jobs.ts, and runs
// either in this process on its interval (the default install: one server) or when Cloud Scheduler calls
// `POST /taches/:name` with the shared token (Firebase: instances come and go, and each would run it). A job must be
// idempotent: run twice, or by two callers at once, it does the work once.
import crypto from 'node:crypto';
import type { Services } from '../services';

export interface Job {
  /** Its name in `POST /taches/:name` and in the logs: lowercase letters and dashes. */
  name: string;
  /** How often this process runs it when jobs run in process. */
  everyMs: number;
  /** Does the work due at `now`; answers one line for the operator (« 3 séries prolongées »). */
  run(services: Services, now: Date): Promise<string>;
}

const running = new Map<string, Promise<string>>();

/** Runs a job; a second call while it runs in this process waits for the same run instead of starting another. */
export function runJob(services: Services, job: Job, now: Date = new Date()): Promise<string> {
  const current = running.get(job.name);
  if (current) return current;
  const run = job.run(services, now).finally(() => running.delete(job.name));
  running.set(job.name, run);
  return run;
}

/** Starts every job now, then on its interval; failures are logged, never thrown; timers do not keep the process up. */
export function startJobs(services: Services, jobs: readonly Job[]): void {
  if (!services.jobsInProcess) return;
  for (const job of jobs) {
    const tick = () =>
      runJob(services, job).catch((error: unknown) => console.error(`[tâche ${job.name}] en échec`, error));
    void tick();
    setInterval(tick, job.everyMs).unref();
  }
}

/** Whether an `Authorization` header carries the jobs token (compared in constant time; no token configured: never). */
export function hasJobsToken(config: Services['config'], authorization: string | null): boolean {
  const expected = config.JOBS_TOKEN;
  if (!expected || !authorization?.startsWith('Bearer ')) return false;
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(authorization.slice('Bearer '.length)), digest(expected));
}
