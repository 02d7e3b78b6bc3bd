import type { AddressInfo } from 'node:net';
import type { ServerBuild } from '@remix-run/node';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageKeeper } from './page-cache';

// The keeper between Express's two mounts, as server.ts mounts it: the kept copy first, then the route (here a page
// answered by hand instead of Remix). Each lookup reads the store's revision: counting its reads counts the lookups.
let reads = 0;
const keeper = createPageKeeper({ routes: {} } as unknown as ServerBuild, {
  store: {
    revision: () => {
      reads++;
      return 7;
    },
  },
  config: { PAGE_CACHE_MB: 1, PUBLIC_S_MAXAGE: 30 },
});
const app = express();
app.use((req, res, next) => keeper.serveKept(req, res, next, async () => false).catch(next));
app.all('*', async (req, res) => {
  const found = await keeper.lookup(req);
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=0' });
  await keeper.answerPublic(req, res, found, new Response('<p>La page</p>', { headers }), headers);
});
let server: ReturnType<typeof app.listen>;
let base = '';
beforeAll(async () => {
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('le cache des pages du processus', () => {
  it('une page manquée puis gardée : une seule consultation du cache (une lecture de la révision) par requête', async () => {
    reads = 0;
    const miss = await fetch(`${base}/evenements`);
    expect(miss.headers.get('X-Page-Cache')).toBe('miss');
    expect(await miss.text()).toBe('<p>La page</p>');
    expect(reads).toBe(1);
    const hit = await fetch(`${base}/evenements`);
    expect(hit.headers.get('X-Page-Cache')).toBe('hit');
    expect(await hit.text()).toBe('<p>La page</p>');
    expect(reads).toBe(2);
  });

  it('un visiteur qui garde des favoris (le cookie « favoris », décision 170) reçoit la page gardée', async () => {
    await fetch(`${base}/evenement/concert`);
    const kept = await fetch(`${base}/evenement/concert`, {
      headers: { Cookie: 'favoris=concert%20marche~2030-03-09T07%3A00%3A00.000Z' },
    });
    expect(kept.headers.get('X-Page-Cache')).toBe('hit');
    expect(await kept.text()).toBe('<p>La page</p>');
  });
});
