// The jobs worker (decision 061): on the default install, one process of its own runs every job of jobs.ts, and the
// processes that accept connections run none. It starts each job, then runs it again after its interval, or sooner
// when someone asked (a queued mail, an import asked for: `pollMs`, or a wake-up from a serving process).
import type { Job, Services } from '../service-types';
import { isJobRunning, logJobFailure, runJob, runningJobs } from './jobs';

export interface JobScheduler {
  /** Runs the job soon; if it is running, once more after this run (what was just recorded may have come too late). */
  wake(name: string): void;
  /** Stops starting jobs, waits at most `graceMs` for the runs going on. */
  stop(graceMs: number): Promise<void>;
}

/** How often the worker looks at the clock of each job. */
const TICK_MS = 1000;

/**
 * Past this much resident memory above what the process held when the scheduler started, a job took more than V8 will
 * give back (it keeps the pages of its heap, even after a full collection): the jobs worker is then replaced by a
 * fresh one (issue 50; the places migration of 50,000 events left it 170 MB heavier).
 */
export const RECYCLE_GROWTH_BYTES = 64 * 1024 * 1024;

/** A worker younger than this is never replaced: a fresh one whose first jobs weigh much would be replaced in a loop. */
export const RECYCLE_MIN_AGE_MS = 10 * 60 * 1000;

/** Set by the supervisor for the first jobs worker it starts: the only one that may be replaced at any age. */
export const FIRST_JOBS_WORKER_ENV = 'AGENDA_FIRST_JOBS_WORKER';

/**
 * How old a jobs worker must be before it makes way: the first one of a start, at any age (the places migration of a
 * large site, the first import, left it 180 MB heavier for ten minutes at 50,000 events); its replacements, once
 * RECYCLE_MIN_AGE_MS has passed, so that jobs which weigh much at every run never replace it in a loop.
 */
export function recycleMinAgeMs(env: Record<string, string | undefined> = process.env): number {
  return env[FIRST_JOBS_WORKER_ENV] === '1' ? 0 : RECYCLE_MIN_AGE_MS;
}

export interface SchedulerOptions {
  /** Called once when no job runs and the process holds RECYCLE_GROWTH_BYTES more than at start. */
  onGrown?: () => void;
  /** RECYCLE_MIN_AGE_MS unless given (tests). */
  minAgeMs?: number;
  /** The process's resident memory in bytes (tests give their own). */
  residentBytes?: () => number;
}

let current: JobScheduler | null = null;

/** The scheduler of this process, when it runs the jobs (the jobs worker, or the one process in development). */
export const localScheduler = () => current;

export function startJobScheduler(
  services: Services,
  jobs: readonly Job[],
  { onGrown, minAgeMs = RECYCLE_MIN_AGE_MS, residentBytes = () => process.memoryUsage.rss() }: SchedulerOptions = {},
): JobScheduler {
  const lastStart = new Map<string, number>();
  const startBytes = residentBytes();
  const startedAt = Date.now();
  let grown = false;
  const checkGrowth = () => {
    if (!onGrown || grown || stopping || runningJobs().length > 0 || Date.now() - startedAt < minAgeMs) return;
    if (residentBytes() - startBytes < RECYCLE_GROWTH_BYTES) return;
    grown = true;
    onGrown();
  };
  const again = new Set<string>();
  let stopping = false;
  const start = (job: Job) => {
    if (stopping) return;
    if (isJobRunning(job.name)) {
      again.add(job.name);
      return;
    }
    lastStart.set(job.name, Date.now());
    again.delete(job.name);
    runJob(services, job)
      .catch((error: unknown) => logJobFailure(job.name, error))
      .finally(() => {
        if (again.has(job.name)) start(job);
        else checkGrowth();
      });
  };
  const tick = () => {
    for (const job of jobs) {
      const last = lastStart.get(job.name);
      if (last === undefined || Date.now() - last >= (job.pollMs ?? job.everyMs)) start(job);
    }
  };
  tick();
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  current = {
    wake(name) {
      const job = jobs.find((j) => j.name === name);
      if (job) start(job);
    },
    async stop(graceMs) {
      stopping = true;
      clearInterval(timer);
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(runningJobs()),
        new Promise((resolve) => {
          timeout = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timeout);
      if (current === this) current = null;
    },
  };
  return current;
}
