// The production server in several processes (WEB_CONCURRENCY): limits count for the whole server, a dead worker is
// replaced, and nothing keeps serving once the primary is gone. Runs its own server on its own port and data.
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { type OwnServer, startOwnServer } from './own-server';

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
    await expect.poll(() => childrenOf(primary()).length, { timeout: 20_000 }).toBe(2);
  });

  test.afterAll(async () => {
    if (alive(primary())) own.child.kill('SIGKILL');
    await own.stop();
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

  test('un processus tué est remplacé, le site répond toujours ; sans principal, plus rien ne sert', async () => {
    const [victim, survivor] = childrenOf(primary());
    process.kill(victim, 'SIGKILL');
    await expect
      .poll(() => childrenOf(primary()).filter((pid) => pid !== survivor && pid !== victim).length, {
        timeout: 20_000,
      })
      .toBe(1);
    for (let i = 0; i < 6; i++) expect((await fresh('/healthz')).status).toBe(200);

    const workers = childrenOf(primary());
    own.child.kill('SIGKILL');
    await expect.poll(() => workers.filter(alive).length, { timeout: 10_000 }).toBe(0);
    await expect(fresh('/healthz')).rejects.toThrow();
  });
});
