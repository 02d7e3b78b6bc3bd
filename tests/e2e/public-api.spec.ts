import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { unique } from './utils';

test.describe('API publique et page Développeurs', () => {
  test('le pied de page mène à /developpeurs, dont l’exemple fetch marche depuis une autre origine, sans les événements non publics', async ({
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
