// The production server in several processes (WEB_CONCURRENCY): limits count for the whole server, even when the
// primary process is stopped; the jobs run in a worker of their own, so a stopped jobs worker never stops the site; a
// dead worker is replaced, and nothing keeps serving once the primary is gone. Runs its own server on its own port and
// data.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { Agent, fetch as undiciFetch } from 'undici';
import { hiddenFields, newestMailTo, type OwnServer, startOwnServer } from './own-server';

const childrenOf = (pid: number): number[] => {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
  } catch {
    return [];
  }
};

/** The role a worker was started with (AGENDA_ROLE in its environment). */
const roleOf = (pid: number) =>
  /(?:^|\0)AGENDA_ROLE=(\w+)/.exec(fs.readFileSync(`/proc/${pid}/environ`, 'latin1'))?.[1] ?? 'web';
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// @sqlite-only: the supervision of the processes of one installation is the same on both backends; it is shown on a
// server of its own on SQLite (on Firestore it would need the emulators' settings and add nothing).
test.describe('serveur en plusieurs processus @js-only @sqlite-only', () => {
  // Starting a server of its own takes a while on a busy machine.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let own: OwnServer;
  /** One request on its own connection, so that successive ones are spread over the workers. */
  const fresh = (urlPath: string, init: RequestInit = {}) =>
    fetch(`${own.base}${urlPath}`, { ...init, headers: { Connection: 'close', ...init.headers } });
  const primary = () => own.child.pid as number;

  test.beforeAll(async () => {
    own = await startOwnServer({ portOffset: 57, env: { WEB_CONCURRENCY: '2', RATE_LIMIT_FORMS_PER_MINUTE: '3' } });
    // Two serving processes and the jobs worker.
    await expect.poll(() => childrenOf(primary()).length, { timeout: 20_000 }).toBe(3);
  });

  test.afterAll(async () => {
    if (alive(primary())) own.child.kill('SIGKILL');
    await own.stop();
  });

  test('le processus principal ne fait que superviser : il ne charge pas l’application et reste léger', async () => {
    const rssMb = (pid: number) =>
      Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
    // The app's native modules (the password hashing of @node-rs/argon2) are loaded where pages are made, never in the
    // primary; sharp's libvips only with the first image received (platform/on-first-use.ts).
    const web = childrenOf(primary()).find((pid) => roleOf(pid) === 'web') as number;
    const maps = (pid: number) => fs.readFileSync(`/proc/${pid}/maps`, 'utf8');
    expect(maps(web)).toContain('argon2');
    expect(maps(web)).not.toContain('libvips');
    expect(maps(primary())).not.toContain('argon2');
    // About 80 MB on the bench machine (a process that serves: about 140 MB).
    expect(rssMb(primary())).toBeLessThan(150);
    // The jobs worker's heap favours memory over speed (primary.ts JOBS_V8_FLAGS), the serving ones' does not.
    const flags = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0');
    const jobs = childrenOf(primary()).find((pid) => roleOf(pid) === 'jobs') as number;
    expect(flags(jobs)).toContain('--optimize-for-size');
    expect(flags(web)).not.toContain('--optimize-for-size');
    // The jobs worker runs its own bundle, not the server build with its routes, React and Remix (primary.ts
    // JOBS_ENTRY); the serving ones may give their heap back once idle (server/idle-collect.ts), the jobs one needs not.
    expect(flags(jobs).some((arg) => arg.endsWith('build/jobs.js'))).toBe(true);
    expect(flags(jobs).some((arg) => arg.endsWith('build/server.js'))).toBe(false);
    expect(flags(web)).toContain('--expose-gc');
    expect(flags(jobs)).not.toContain('--expose-gc');
  });

  test('la limite d’envois par minute vaut pour tout le serveur, pas pour chaque processus', async () => {
    const post = () =>
      fresh('/contact', {
        method: 'POST',
        body: new URLSearchParams({ name: 'Robot', email: 'robot@exemple.ch', message: 'Encore un essai.' }),
      });
    // Each worker alone would allow 3: spread over two of them, a per-process limit would let all 6 through.
    const answers: Response[] = [];
    for (let i = 0; i < 6; i++) answers.push(await post());
    const statuses = answers.map((a) => a.status);
    expect(statuses.slice(0, 3)).toEqual([403, 403, 403]); // counted, then refused for the missing CSRF token
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
    // Each refusal says when to try again (the header used to be lost on the way out of Remix).
    for (const refused of answers.slice(3)) expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  test('la limite reste exacte quand le processus principal ne répond plus : aucun processus ne compte seul', async () => {
    // Connections opened while the primary hands them out, then kept: each is served by one worker on its own.
    const agent = new Agent({ connections: 6, pipelining: 1, keepAliveTimeout: 60_000, keepAliveMaxTimeout: 60_000 });
    const send = (path: string, init: Parameters<typeof undiciFetch>[1] = {}) =>
      undiciFetch(`${own.base}${path}`, { ...init, dispatcher: agent }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      });
    try {
      expect(await Promise.all(Array.from({ length: 6 }, () => send('/livez')))).toEqual([
        200, 200, 200, 200, 200, 200,
      ]);
      process.kill(primary(), 'SIGSTOP');
      // Another bucket than the test above (the allowance is per minute): the reset form's.
      const body = () => new URLSearchParams({ token: 'x', password: 'une phrase pas si courte' });
      const statuses = await Promise.all(
        Array.from({ length: 6 }, () => send('/auth/reset-password', { method: 'POST', body: body() })),
      );
      // Each worker alone would let its share through; counted for the whole server, three pass the limit, three not.
      expect(statuses.sort()).toEqual([403, 403, 403, 429, 429, 429]);
    } finally {
      process.kill(primary(), 'SIGCONT');
      await agent.close();
    }
  });

  test('les tâches ont leur processus : arrêté, le site répond et garde les mails, qui partent à sa reprise', async () => {
    const jobs = childrenOf(primary()).find((pid) => roleOf(pid) === 'jobs');
    expect(jobs).toBeDefined();
    process.kill(jobs as number, 'SIGSTOP');
    const address = 'alerte-en-attente@exemple.ch';
    try {
      for (let i = 0; i < 4; i++) expect((await fresh('/healthz')).status).toBe(200);
      expect((await fresh('/evenements')).status).toBe(200);
      const form = await fresh('/alertes/nouvelle?canton=VD');
      const cookie = form.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const asked = await fresh('/alertes/nouvelle', {
        method: 'POST',
        body: new URLSearchParams({
          ...hiddenFields(await form.text()),
          email: address,
          rythme: 'weekly',
          filtre: 'canton=VD',
        }),
        headers: { Origin: own.base, ...(cookie ? { Cookie: cookie } : {}) },
        redirect: 'manual',
      });
      expect(asked.headers.get('location')).toBe('/alertes/demandee');
      // Recorded, not sent: the process that sends is stopped, the answer did not wait for it.
      expect(newestMailTo(own.dataDir, address)).toBeNull();
    } finally {
      process.kill(jobs as number, 'SIGCONT');
    }
    await expect.poll(() => newestMailTo(own.dataDir, address), { timeout: 20_000 }).toContain('Confirmer mon alerte');
  });

  test('un processus tué est remplacé, le site répond toujours ; sans principal, plus rien ne sert', async () => {
    const [victim, survivor] = childrenOf(primary()).filter((pid) => roleOf(pid) === 'web');
    process.kill(victim, 'SIGKILL');
    await expect
      .poll(
        () => childrenOf(primary()).filter((pid) => pid !== survivor && pid !== victim && roleOf(pid) === 'web').length,
        { timeout: 20_000 },
      )
      .toBe(1);
    for (let i = 0; i < 6; i++) expect((await fresh('/healthz')).status).toBe(200);

    const workers = childrenOf(primary());
    own.child.kill('SIGKILL');
    // The jobs worker ends its current run and closes the database first (a few seconds on a busy machine).
    await expect.poll(() => workers.filter(alive).length, { timeout: 20_000 }).toBe(0);
    await expect(fresh('/healthz')).rejects.toThrow();
  });
});
