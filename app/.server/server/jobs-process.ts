// The jobs worker of the production server (decision 061), started from a bundle of its own (`build/jobs.js`, built
// from jobs-main.ts): the services and the jobs, never the server build, its routes, React or Remix (issue 50). The
// server build gives the same pieces to server.ts (server-runtime.ts), for development's one process.
import os from 'node:os';
import { JOBS } from '../jobs';
import type { Services } from '../service-types';
import { answerJobRequests } from './job-runner';
import { recycleMinAgeMs, startJobScheduler } from './job-worker';
import { closeServices } from './startup';
import { JOBS_RECYCLE_EXIT } from './supervisor';

/** The jobs worker (decision 061): every job of jobs.ts, at a lower priority than the processes that serve. */
export function runJobsWorker(services: Services): void {
  try {
    os.setPriority(10);
  } catch {
    // Not allowed here (some containers): the same priority, then.
  }
  let stopping: Promise<void> | null = null;
  const stop = (code = 0) => {
    stopping ??= (async () => {
      federationQueue.abort();
      await scheduler.stop(2000);
      await closeServices(services);
      process.exit(code);
    })();
    return stopping;
  };
  // A job left it much heavier: it makes way for a fresh one (the supervisor forks it again).
  const scheduler = startJobScheduler(services, JOBS, {
    onGrown: () => void stop(JOBS_RECYCLE_EXIT),
    minAgeMs: recycleMinAgeMs(),
  });
  answerJobRequests(services, JOBS);
  const federationQueue = startFederationQueue(services);
  // Its primary gone (crash, SIGKILL): it stops too, never running on without supervision.
  process.on('disconnect', () => void stop());
  // Heard twice when the whole process group is signalled (its primary forwards it): the second must not kill the job
  // that the first lets finish.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop());
}

/** Development only (one process, Vite): the jobs run beside the pages. */
export function startJobsHere(services: Services): void {
  if (services.jobsInProcess) {
    startJobScheduler(services, JOBS);
    startFederationQueue(services);
  }
}

/**
 * The federation's queue (deliveries, activities received), read where the jobs run: the jobs worker on SQLite, every
 * instance on Firebase (each message is claimed by one). Stopped by aborting the controller returned.
 */
export function startFederationQueue(services: Services): AbortController {
  const controller = new AbortController();
  services.federation
    ?.startQueue(controller.signal)
    .catch((error) => console.error('[fédération] la file s’est arrêtée', error));
  return controller;
}
