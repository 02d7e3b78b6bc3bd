// The probes when the database is damaged under a running server (issue 46): /livez still answers 200 (the process
// can answer: restarting it would not repair the file), /healthz 503 with its reasons in French, and a page a French
// 503, never Express's English 500 from the page cache's lookup, which read the store before any route.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type OwnServer, startOwnServer } from './own-server';

test.describe('sondes sur une base endommagée @http @sqlite-only', () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer({ portOffset: 93, env: { WEB_CONCURRENCY: '1' } });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('/livez 200, /healthz 503 avec ses raisons, une page 503 en français', async () => {
    expect((await fetch(`${server.base}/about`)).status).toBe(200);
    // The database file overwritten, and the shared index of its journal, which the server's connection reads at each
    // transaction: it drops what it kept in memory and reads the file again.
    const file = path.join(server.dataDir, 'agenda.sqlite');
    fs.writeFileSync(file, Buffer.alloc(fs.statSync(file).size, 0x42));
    const index = fs.openSync(`${file}-shm`, 'r+');
    fs.writeSync(index, Buffer.alloc(136, 0), 0, 136, 0);
    fs.closeSync(index);

    const live = await fetch(`${server.base}/livez`);
    expect([live.status, await live.text()]).toEqual([200, 'vivant\n']);
    // Readiness is checked again after a second at most (health.ts).
    await expect.poll(async () => (await fetch(`${server.base}/healthz`)).status, { timeout: 5000 }).toBe(503);
    const health = await fetch(`${server.base}/healthz`);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(await health.text()).toContain('la base de données est endommagée.');
    const page = await fetch(`${server.base}/about`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('lang="fr-CH"');
    expect(server.child.exitCode).toBeNull();
  });
});
