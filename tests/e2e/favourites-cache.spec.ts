// Issue 74: a visitor who keeps favourites still gets the cached pages (decision 170). The `favoris` cookie (with
// JavaScript the consent is in the browser's local storage, not in a cookie) is not `__session`: the home page, the list
// and an event's page come from the process's cache after the first answer, the same bytes as everyone's. A server of
// its own, where only this test writes: the cache keys on the store's revision, which the shared server's other tests
// bump all the time.
import http from 'node:http';
import { loadConfig } from '../../app/.server/platform/config';
import { createServices, type Services } from '../../app/.server/services';
import { favouritesSetCookie } from '../../app/domain/favourites';
import { makeEvent } from '../support/factories';
import { expect, test } from './fixtures';
import { type OwnServer, startOwnServer } from './own-server';
import { unique } from './utils';

function get(url: string, cookie?: string) {
  return new Promise<{ status: number; cache: string; etag: string }>((resolve, reject) => {
    const headers: Record<string, string> = { 'Accept-Encoding': 'br' };
    if (cookie) headers.Cookie = cookie;
    http
      .get(url, { headers, agent: false }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            cache: String(response.headers['x-page-cache'] ?? ''),
            etag: String(response.headers.etag ?? ''),
          }),
        );
      })
      .on('error', reject);
  });
}

test.describe('le cache des pages et les favoris @http @sqlite-only', () => {
  let server: OwnServer;
  let site: Services;
  test.beforeAll(async () => {
    server = await startOwnServer({ portOffset: 6, env: { WEB_CONCURRENCY: '1' } });
    site = createServices(loadConfig({ DATA_DIR: server.dataDir, SEED_DEMO: 'false' }));
  });
  test.afterAll(async () => {
    await site?.close();
    await server?.stop();
  });

  test('un visiteur qui garde des favoris reçoit les pages du cache, les mêmes que tout le monde', async () => {
    const kept = makeEvent({ title: unique('Concert gardé'), status: 'approved' });
    const other = makeEvent({ title: unique('Bal du samedi'), status: 'approved' });
    await site.store.events.insertMany([kept, other]);
    // The cookie the heart sets (two favourites: an event, and one date of another), as the browser sends it back.
    const favoris = favouritesSetCookie(
      [kept.id, `${other.id}~${new Date(other.startsAt).toISOString()}`],
      false,
    ).split(';')[0];
    const paths = ['/', '/evenements', `/evenement/${kept.id}`];
    const rounds = 10;
    const hits: Record<string, number> = {};
    for (const path of paths) {
      const first = await get(`${server.base}${path}`, favoris);
      expect(first.status, path).toBe(200);
      const seen = [];
      for (let n = 1; n < rounds; n++) seen.push(await get(`${server.base}${path}`, favoris));
      hits[path] = seen.filter((answer) => answer.cache === 'hit').length;
      // Everyone's page: a visitor without the cookie gets the same bytes, from the same cached copy.
      const anonymous = await get(`${server.base}${path}`);
      expect(anonymous.cache, path).toBe('hit');
      expect(new Set(seen.map((answer) => answer.etag)), path).toEqual(new Set([anonymous.etag]));
    }
    // Every answer after the first, for each page: a hit rate of 9 in 10.
    expect(hits).toEqual(Object.fromEntries(paths.map((path) => [path, rounds - 1])));
  });
});
