// The production server in several processes (WEB_CONCURRENCY): limits count for the whole server, a dead worker is
// replaced, and nothing keeps serving once the primary is gone. Runs its own server on its own port and data.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100) + 57;
const BASE = `http://127.0.0.1:${PORT}`;

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
/** One request on its own connection, so that successive ones are spread over the workers. */
const fresh = (urlPath: string, init: RequestInit = {}) =>
  fetch(`${BASE}${urlPath}`, { ...init, headers: { Connection: 'close', ...init.headers } });

test.describe('serveur en plusieurs processus @js-only', () => {
  test.describe.configure({ mode: 'serial' });
  let server: ChildProcess;
  let dataDir: string;

  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-processes-'));
    server = spawn('node', ['--import', 'tsx', 'server.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        WEB_CONCURRENCY: '2',
        RATE_LIMIT_FORMS_PER_MINUTE: '3',
      },
      stdio: 'ignore',
    });
    await expect.poll(async () => (await fresh('/healthz').catch(() => null))?.status, { timeout: 40_000 }).toBe(200);
    await expect.poll(() => childrenOf(server.pid!).length, { timeout: 20_000 }).toBe(2);
  });

  test.afterAll(() => {
    if (server.pid && alive(server.pid)) server.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('la limite d’envois par minute vaut pour tout le serveur, pas pour chaque processus', async () => {
    const post = () =>
      fresh('/contact', {
        method: 'POST',
        body: new URLSearchParams({ name: 'Robot', email: 'robot@exemple.ch', message: 'Encore un essai.' }),
      });
    // Each worker alone would allow 3: spread over two of them, a per-process limit would let all 6 through.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post()).status);
    expect(statuses.slice(0, 3)).toEqual([403, 403, 403]); // counted, then refused for the missing CSRF token
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
  });

  test('un processus tué est remplacé, le site répond toujours ; sans principal, plus rien ne sert', async () => {
    const [victim, survivor] = childrenOf(server.pid!);
    process.kill(victim, 'SIGKILL');
    await expect
      .poll(() => childrenOf(server.pid!).filter((pid) => pid !== survivor && pid !== victim).length, {
        timeout: 20_000,
      })
      .toBe(1);
    for (let i = 0; i < 6; i++) expect((await fresh('/healthz')).status).toBe(200);

    const workers = childrenOf(server.pid!);
    server.kill('SIGKILL');
    await expect.poll(() => workers.filter(alive).length, { timeout: 10_000 }).toBe(0);
    await expect(fresh('/healthz')).rejects.toThrow();
  });
});
