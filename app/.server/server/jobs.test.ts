import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { action, loader } from '~/routes/taches.$name';
import { loadConfig } from '../platform/config';
import { BODY_LIMITS } from '../platform/request-body';
import type { Job } from '../service-types';
import { createServices, jobsRunInProcess, type Services } from '../services';
import { FIRST_JOBS_WORKER_ENV, RECYCLE_GROWTH_BYTES, recycleMinAgeMs, startJobScheduler } from './job-worker';
import { runJob } from './jobs';

const TOKEN = 't'.repeat(40);
const opened: Services[] = [];

function services(env: Record<string, string> = {}): Services {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-jobs-'));
  const made = createServices(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 's'.repeat(32), ...env }));
  opened.push(made);
  return made;
}

afterEach(async () => {
  for (const made of opened.splice(0)) await made.close();
});

async function call(made: Services, name: string, authorization?: string, method = 'POST') {
  const request = new Request(`http://localhost/taches/${name}`, {
    method,
    headers: authorization ? { Authorization: authorization } : {},
  });
  const args = {
    request,
    params: { name },
    context: { services: made, clientIp: '127.0.0.1', bodyLimit: BODY_LIMITS.form },
  };
  const response = method === 'GET' ? await loader() : await action(args);
  if (method === 'GET') return { status: response.status, body: null, cache: null };
  return { status: response.status, body: await response.json(), cache: response.headers.get('Cache-Control') };
}

describe('tâches planifiées', () => {
  it('sans JOBS_TOKEN, POST /taches/:name n’existe pas, même avec un jeton', async () => {
    const made = services();
    expect((await call(made, 'occurrences', `Bearer ${TOKEN}`)).status).toBe(404);
  });

  it('un jeton absent ou faux est refusé (401) sans rien lancer ; le bon lance la tâche et dit ce qu’elle a fait', async () => {
    const made = services({ JOBS_TOKEN: TOKEN });
    expect((await call(made, 'occurrences')).status).toBe(401);
    expect((await call(made, 'occurrences', `Bearer ${'x'.repeat(40)}`)).status).toBe(401);
    expect((await call(made, 'occurrences', TOKEN)).status).toBe(401);
    const ran = await call(made, 'occurrences', `Bearer ${TOKEN}`);
    expect(ran.status).toBe(200);
    expect(ran.body).toMatchObject({ job: 'occurrences', summary: expect.stringMatching(/^\d+ séries prolongées$/) });
    expect(ran.cache).toBe('no-store');
    expect((await call(made, 'inconnue', `Bearer ${TOKEN}`)).status).toBe(404);
    expect((await call(made, 'occurrences', undefined, 'GET')).status).toBe(302);
  });

  it('JOBS_TOKEN trop court : la configuration est refusée au démarrage', () => {
    expect(() => services({ JOBS_TOKEN: 'court' })).toThrow(/JOBS_TOKEN/);
  });

  it('dans le processus par défaut sur SQLite, pas sur Firestore, sauf réglage explicite', () => {
    const config = services().config;
    expect(jobsRunInProcess(config)).toBe(true);
    expect(jobsRunInProcess({ ...config, DATA_BACKEND: 'firestore' })).toBe(false);
    expect(jobsRunInProcess({ ...config, DATA_BACKEND: 'firestore', JOBS_IN_PROCESS: true })).toBe(true);
    expect(jobsRunInProcess({ ...config, JOBS_IN_PROCESS: false })).toBe(false);
    expect(services().jobsInProcess).toBe(true);
    expect(services({ JOBS_IN_PROCESS: 'false' }).jobsInProcess).toBe(false);
  });

  it('deux appels simultanés d’une tâche font le travail une fois', async () => {
    const made = services();
    let runs = 0;
    let release: () => void = () => {};
    const job: Job = {
      name: 'essai',
      everyMs: 1000,
      run: async () => {
        runs += 1;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return 'fait';
      },
    };
    const first = runJob(made, job);
    const second = runJob(made, job);
    release();
    expect(await Promise.all([first, second])).toEqual(['fait', 'fait']);
    expect(runs).toBe(1);
    const again = runJob(made, job);
    release();
    await again;
    expect(runs).toBe(2);
  });
});

describe('le processus des tâches', () => {
  it('une tâche demandée à un instant donné attend la fin de celle en cours, puis fait la sienne', async () => {
    const made = services();
    const instants: string[] = [];
    const gates: (() => void)[] = [];
    const job: Job = {
      name: 'instant',
      everyMs: 1000,
      run: async (_, now) => {
        instants.push(now.toISOString());
        await new Promise<void>((resolve) => gates.push(resolve));
        return now.toISOString();
      },
    };
    const tick = runJob(made, job);
    const replay = runJob(made, job, new Date('2030-01-01T07:00:00Z'));
    // Not two at once: the replay waits for the tick's run to end.
    expect(instants).toHaveLength(1);
    gates[0]();
    await tick;
    await vi.waitFor(() => expect(gates).toHaveLength(2));
    gates[1]();
    expect(await replay).toBe('2030-01-01T07:00:00.000Z');
    expect(instants[1]).toBe('2030-01-01T07:00:00.000Z');
  });

  it('réveillée pendant qu’elle tourne, une tâche repasse une fois à la fin ; sans réveil, à son rythme', async () => {
    vi.useFakeTimers();
    try {
      const made = services();
      const runs: number[] = [];
      let release: () => void = () => {};
      const job: Job = {
        name: 'mails-essai',
        everyMs: 60_000,
        pollMs: 5_000,
        run: async () => {
          runs.push(Date.now());
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return 'fait';
        },
      };
      const scheduler = startJobScheduler(made, [job]);
      expect(runs).toHaveLength(1);
      // Two wake-ups during the run: one more run after it, not two.
      scheduler.wake('mails-essai');
      scheduler.wake('mails-essai');
      release();
      await vi.advanceTimersByTimeAsync(0);
      expect(runs).toHaveLength(2);
      release();
      await vi.advanceTimersByTimeAsync(4_000);
      expect(runs).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1_500);
      expect(runs).toHaveLength(3);
      release();
      await scheduler.stop(100);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(runs).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('une tâche qui laisse le processus bien plus lourd qu’au départ le fait remplacer, une fois, quand rien ne tourne', async () => {
    const made = services();
    let resident = 200 * 1024 * 1024;
    let finish: () => void = () => {};
    const light: Job = { name: 'legere', everyMs: 60_000, run: async () => 'rien' };
    const heavy: Job = {
      name: 'lourde',
      everyMs: 60_000,
      run: () =>
        new Promise<string>((resolve) => {
          finish = () => resolve('fait');
        }),
    };
    let replaced = 0;
    const scheduler = startJobScheduler(made, [heavy, light], {
      onGrown: () => {
        replaced += 1;
      },
      residentBytes: () => resident,
      minAgeMs: 0,
    });
    // The light job ends while the heavy one runs, the process already heavier: nothing is replaced under a job.
    resident += RECYCLE_GROWTH_BYTES + 1;
    await new Promise((resolve) => setImmediate(resolve));
    expect(replaced).toBe(0);
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(replaced).toBe(1);
    scheduler.wake('legere');
    await new Promise((resolve) => setImmediate(resolve));
    expect(replaced).toBe(1);
    await scheduler.stop(100);
  });

  it('une tâche qui rend sa mémoire ne fait rien remplacer', async () => {
    const made = services();
    let replaced = 0;
    let resident = 200 * 1024 * 1024;
    const job: Job = {
      name: 'sobre',
      everyMs: 60_000,
      run: async () => {
        resident += RECYCLE_GROWTH_BYTES / 2;
        return 'fait';
      },
    };
    const scheduler = startJobScheduler(made, [job], {
      onGrown: () => {
        replaced += 1;
      },
      residentBytes: () => resident,
      minAgeMs: 0,
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(replaced).toBe(0);
    await scheduler.stop(100);
  });

  it('le premier processus des tâches d’un démarrage fait place dès qu’une tâche l’alourdit ; ses remplaçants, pas avant dix minutes', async () => {
    // The places migration of a large site, the first import: the first worker of the start is replaced at once. A
    // replacement that its jobs weigh down again is not replaced in a loop.
    for (const [env, expected] of [
      [{ [FIRST_JOBS_WORKER_ENV]: '1' }, 1],
      [{}, 0],
    ] as const) {
      const made = services();
      let resident = 200 * 1024 * 1024;
      let replaced = 0;
      const job: Job = {
        name: 'premiere',
        everyMs: 60_000,
        run: async () => {
          resident += 2 * RECYCLE_GROWTH_BYTES;
          return 'fait';
        },
      };
      const scheduler = startJobScheduler(made, [job], {
        onGrown: () => {
          replaced += 1;
        },
        residentBytes: () => resident,
        minAgeMs: recycleMinAgeMs(env),
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(replaced).toBe(expected);
      await scheduler.stop(100);
    }
  });
});
