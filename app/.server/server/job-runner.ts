// Where a job runs when a request needs it (decision 061): a serving process never runs one. With a jobs worker (the
// default install), a wake-up or a run asked by `POST /taches/:name` goes there through the primary process; on
// Firebase (no worker: Cloud Scheduler calls the jobs), a wake-up runs the job once the answer has left, and the
// scheduled call catches up on anything that did not finish.

import { afterResponse } from '../platform/background';
import type { Job, JobControl, Services } from '../service-types';
import { localScheduler } from './job-worker';
import { logJobFailure, runJob } from './jobs';

/** The messages between the processes (serving ↔ primary ↔ jobs worker). */
export const JOB_MESSAGE = 'agenda:tache';
export const JOB_DONE = 'agenda:tache-faite';

export interface JobRequest {
  type: typeof JOB_MESSAGE;
  action: 'wake' | 'run';
  name: string;
  /** A run's id and instant. */
  id?: string;
  at?: string;
  /** Set by the primary: the serving process to answer. */
  from?: number;
}

export interface JobAnswer {
  type: typeof JOB_DONE;
  id: string;
  to?: number;
  summary?: string;
  error?: string;
}

/** Set by the primary in the environment of the serving processes when a jobs worker runs beside them. */
const hasJobsWorker = () => process.env.AGENDA_JOBS_WORKER === '1' && typeof process.send === 'function';

const pending = new Map<string, { resolve: (summary: string) => void; reject: (error: Error) => void }>();
let listening = false;
let nextId = 0;

function listen() {
  if (listening) return;
  listening = true;
  process.on('message', (message: JobAnswer) => {
    if (message?.type !== JOB_DONE) return;
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error !== undefined) waiting.reject(new Error(message.error));
    else waiting.resolve(message.summary ?? '');
  });
}

function send(request: JobRequest) {
  process.send?.(request);
}

export function createJobControl(services: Services, jobs: () => readonly Job[]): JobControl {
  const find = (name: string) => jobs().find((job) => job.name === name);
  return {
    wake(name) {
      if (hasJobsWorker()) return send({ type: JOB_MESSAGE, action: 'wake', name });
      const scheduler = localScheduler();
      if (scheduler) return scheduler.wake(name);
      const job = find(name);
      // Firebase: no worker of ours, the instance that recorded the work does it once the answer has left.
      if (job && !services.jobsInProcess) afterResponse(`tâche ${name}`, () => runJob(services, job));
      // Elsewhere (scripts, tests), the server's worker finds the work on its next look.
    },
    run(job, now) {
      if (!hasJobsWorker()) return runJob(services, job, now);
      listen();
      const id = `${process.pid}-${nextId++}`;
      return new Promise<string>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        send({ type: JOB_MESSAGE, action: 'run', name: job.name, id, at: now.toISOString() });
      });
    },
  };
}

/** In the jobs worker: the requests relayed by the primary, run here, answered back. */
export function answerJobRequests(services: Services, jobs: readonly Job[]): void {
  process.on('message', (message: JobRequest) => {
    if (message?.type !== JOB_MESSAGE) return;
    if (message.action === 'wake') return localScheduler()?.wake(message.name);
    const job = jobs.find((j) => j.name === message.name);
    const answer = (fields: Partial<JobAnswer>) =>
      process.send?.({ type: JOB_DONE, id: message.id ?? '', to: message.from, ...fields } satisfies JobAnswer);
    if (!job) return answer({ error: `Tâche inconnue : ${message.name}` });
    runJob(services, job, message.at ? new Date(message.at) : new Date()).then(
      (summary) => answer({ summary }),
      (error: unknown) => {
        logJobFailure(job.name, error);
        answer({ error: error instanceof Error ? error.message : String(error) });
      },
    );
  });
}
