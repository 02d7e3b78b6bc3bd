import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from './fixtures';
import { type OwnServer, startOwnServer } from './own-server';
import { unique } from './utils';

test.describe('API publique et page Développeurs', () => {
  test('le pied de page mène à /developpeurs, dont l’exemple fetch marche depuis une autre origine, sans les événements non publics @once', async ({
    page,
    baseURL,
    createEvent,
  }) => {
    const word = unique('Zéphyrin').replace(/\s+/g, '');
    const published = await createEvent({ title: `Récital ${word}`, status: 'approved' });
    await createEvent({ title: `Atelier ${word}`, status: 'pending' });

    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Développeurs', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Développeurs' })).toBeVisible();
    await expect(page.getByText(`curl '${baseURL}/api/v1/events?category=musique&canton=VD&limit=5'`)).toBeVisible();

    // A partner's page, served from another local origin, reads the API as the page shows (CORS).
    const partner = http.createServer((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Commune</title>'),
    );
    await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
    let answer: { status: number; body: { data: { title: string; url: string }[] } };
    try {
      await page.goto(`http://127.0.0.1:${(partner.address() as AddressInfo).port}/`);
      answer = await page.evaluate(
        async (url) => {
          const response = await fetch(url);
          return { status: response.status, body: await response.json() };
        },
        `${baseURL}/api/v1/events?q=${encodeURIComponent(word)}`,
      );
    } finally {
      partner.close();
    }
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((e) => [e.title, e.url])).toEqual([
      [`Récital ${word}`, `${baseURL}/evenement/${published.id}`],
    ]);
  });
});

test.describe('API publique : cache, CORS et allocation @http', () => {
  test('la liste porte un ETag, répond 304 à If-None-Match, et le prévol CORS (OPTIONS) est accepté', async ({
    baseURL,
    createEvent,
  }) => {
    const word = unique('Zéphyrin').replace(/\s+/g, '');
    await createEvent({ title: `Récital ${word}`, status: 'approved' });
    const url = `${baseURL}/api/v1/events?q=${encodeURIComponent(word)}`;

    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect((await first.json()).data.map((e: { title: string }) => e.title)).toEqual([`Récital ${word}`]);
    const etag = first.headers.get('ETag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('Cache-Control')).toMatch(/^public, /);
    expect(first.headers.get('Access-Control-Expose-Headers')).toContain('ETag');

    const again = await fetch(url, { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('ETag')).toBe(etag);

    // A partner's page asking before a request with If-None-Match (not a "simple" header).
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://commune.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'if-none-match',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(preflight.headers.get('Access-Control-Allow-Methods')).toContain('GET');
    expect(preflight.headers.get('Access-Control-Allow-Headers')).toMatch(/if-none-match/i);
    expect(preflight.headers.get('Set-Cookie')).toBeNull();
  });
});

test.describe('API publique : allocation par adresse @http @sqlite-only', () => {
  test.describe.configure({ timeout: 120_000 });
  let own: OwnServer | undefined;
  test.afterAll(async () => {
    await own?.stop();
  });

  test('une réponse gardée en mémoire compte aussi : la quatrième requête sur trois permises reçoit 429, comptée sans écrire dans la base des limites', async () => {
    // One process: each process keeps its own page cache, so with two the answers' order between them would decide.
    own = await startOwnServer({ portOffset: 83, env: { API_RATE_PER_MINUTE: '3', WEB_CONCURRENCY: '1' } });
    // Once the start-up writes are done (the store's revision settled), a page is served from memory.
    const base = own.base;
    await expect
      .poll(async () => (await fetch(`${base}/developpeurs`)).headers.get('X-Page-Cache'), { timeout: 30_000 })
      .toBe('hit');
    const url = `${base}/api/v1/categories`;
    const answers: [number, string | null][] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await fetch(url);
      answers.push([answer.status, answer.headers.get('X-Page-Cache')]);
    }
    expect(answers).toEqual([
      [200, 'miss'],
      [200, 'hit'],
      [200, 'hit'],
    ]);
    const limited = await fetch(url);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(limited.headers.get('Cache-Control')).toBe('no-store');
    expect((await limited.json()).detail).toMatch(/^Trop de requêtes depuis cette adresse : réessayez dans \d+ s\.$/);
    // Counted in the one serving process's memory (issue 50): the shared limits database got no write for them.
    const limits = new Database(path.join(own.dataDir, 'limites.sqlite'), { readonly: true });
    try {
      expect(limits.prepare("SELECT count(*) AS n FROM limites WHERE key LIKE 'api-v1%'").get()).toEqual({ n: 0 });
    } finally {
      limits.close();
    }
  });
});
