// The primary process of the production server (decisions 020 and 061): it only supervises. It starts the serving
// processes (WEB_CONCURRENCY) and, when the server runs its own jobs, one jobs worker; replaces any that dies (and
// stops if they die in a loop); passes the jobs' messages between them; and on SIGTERM stops them all, then lets the
// caller close what it holds (the last checkpoint of the database, the DATA_DIR lock).
import cluster, { type Worker } from 'node:cluster';
import { JOB_DONE, JOB_MESSAGE, type JobAnswer, type JobRequest } from './job-runner';
import { FIRST_JOBS_WORKER_ENV } from './job-worker';

export type Role = 'web' | 'jobs';

export interface SupervisorPlan {
  web: number;
  jobsWorker: boolean;
  /** Environment given to every worker (the shared rate-limit database, platform/limiter.ts). */
  env: Record<string, string>;
  /** V8 flags of the jobs worker's alone, after the others (primary.ts JOBS_V8_FLAGS). */
  jobsV8Flags?: readonly string[];
  /** V8 flags of the serving workers alone, after the others (primary.ts WEB_V8_FLAGS). */
  webV8Flags?: readonly string[];
  /** The script the jobs worker runs (`build/jobs.js`: the jobs without the server build); the primary's by default. */
  jobsEntry?: string;
  /** Once every serving process listens. */
  onListening(): void;
  /** Once every worker has stopped, before the process exits. */
  onStopped(): Promise<void> | void;
}

/** The exit code of a jobs worker that makes way for a fresh one (job-worker.ts RECYCLE_GROWTH_BYTES): not a death. */
export const JOBS_RECYCLE_EXIT = 75;

/** Gives a worker at most this long to stop cleanly after SIGTERM before it is killed. */
const STOP_GRACE_MS = 8000;

export function superviseWorkers(plan: SupervisorPlan): void {
  const roles = new Map<number, Role>();
  let stopping = false;
  let listening = 0;
  const recentDeaths: number[] = [];
  const inFlight = new Map<string, number>();

  const serverEntry = cluster.settings.exec ?? process.argv[1];
  const serverArgv = cluster.settings.execArgv ?? process.execArgv;
  const jobsArgv = [...serverArgv, ...(plan.jobsV8Flags ?? [])];
  const webArgv = [...serverArgv, ...(plan.webV8Flags ?? [])];
  let jobsForks = 0;
  const fork = (role: Role) => {
    cluster.setupPrimary({
      exec: role === 'jobs' && plan.jobsEntry ? plan.jobsEntry : serverEntry,
      execArgv: role === 'jobs' ? jobsArgv : webArgv,
    });
    const worker = cluster.fork({
      ...plan.env,
      AGENDA_ROLE: role,
      AGENDA_JOBS_WORKER: plan.jobsWorker ? '1' : '',
      // The first jobs worker of this start may make way as soon as a job left it heavy (job-worker.ts).
      [FIRST_JOBS_WORKER_ENV]: role === 'jobs' && jobsForks++ === 0 ? '1' : '',
    });
    roles.set(worker.id, role);
    return worker;
  };
  const jobsWorker = (): Worker | undefined =>
    Object.values(cluster.workers ?? {}).find((w) => w && roles.get(w.id) === 'jobs' && w.isConnected());
  const answer = (to: number | undefined, message: JobAnswer) => {
    if (to !== undefined) cluster.workers?.[to]?.send(message);
  };

  cluster.on('listening', () => {
    listening += 1;
    if (listening !== plan.web) return;
    plan.onListening();
    // The jobs start once the site serves: at start, its processes have the machine to themselves.
    if (plan.jobsWorker && !jobsWorker()) fork('jobs');
  });
  cluster.on('message', (worker, message: JobRequest | JobAnswer) => {
    if (message?.type === JOB_MESSAGE) {
      const target = jobsWorker();
      if (!target) {
        if (message.action === 'run' && message.id)
          answer(worker.id, {
            type: JOB_DONE,
            id: message.id,
            error: 'Le processus des tâches redémarre : réessayez dans un instant.',
          });
        return;
      }
      if (message.action === 'run' && message.id) inFlight.set(message.id, worker.id);
      target.send({ ...message, from: worker.id } satisfies JobRequest);
    } else if (message?.type === JOB_DONE) {
      inFlight.delete(message.id);
      answer(message.to, message);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    const role = roles.get(worker.id) ?? 'web';
    roles.delete(worker.id);
    if (role === 'jobs')
      for (const [id, to] of inFlight) {
        inFlight.delete(id);
        answer(to, { type: JOB_DONE, id, error: 'Le processus des tâches s’est arrêté pendant la tâche.' });
      }
    if (stopping) return;
    if (role === 'jobs' && code === JOBS_RECYCLE_EXIT) {
      console.log(`[serveur] processus des tâches ${worker.process.pid} remplacé : une tâche l’avait alourdi`);
      fork(role);
      return;
    }
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths.length && now - recentDeaths[0] > 60_000) recentDeaths.shift();
    const label = role === 'jobs' ? 'processus des tâches' : 'processus';
    console.error(`[serveur] ${label} ${worker.process.pid} arrêté (${signal ?? code}), remplacé`);
    // A worker that keeps dying at start (port taken, broken build) must not loop forever.
    if (recentDeaths.length > (plan.web + 1) * 5) {
      console.error('[serveur] les processus s’arrêtent en boucle : arrêt');
      process.exit(1);
    }
    fork(role);
  });

  for (let i = 0; i < plan.web; i++) fork('web');

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopping = true;
      const workers = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
      for (const worker of workers()) worker.process.kill('SIGTERM');
      const finish = async () => {
        try {
          await plan.onStopped();
        } finally {
          process.exit(0);
        }
      };
      const kill = setTimeout(() => {
        for (const worker of workers()) worker.process.kill('SIGKILL');
      }, STOP_GRACE_MS);
      kill.unref();
      const done = () => {
        if (workers().length > 0) return;
        clearTimeout(kill);
        void finish();
      };
      cluster.on('exit', done);
      done();
    });
  }
}
