// A loop of feed requests meets its limits (issue 46): a bounded number made per address and minute, one made at a
// time, a short queue, each refusal in French with when to come back.
import { describe, expect, it } from 'vitest';
import { FEED_CONCURRENT, FEED_MAKES_PER_MINUTE, FEED_QUEUE, guardedFeed } from './feed-guard';

const made = () => Promise.resolve(new Response('BEGIN:VCALENDAR'));

describe('flux : ce qu’une adresse peut en faire faire', () => {
  it('au-delà de l’allocation par minute, 429 en français avec Retry-After ; une autre adresse passe', async () => {
    for (let i = 0; i < FEED_MAKES_PER_MINUTE; i++) expect((await guardedFeed('192.0.2.10', made)).status).toBe(200);
    const refused = await guardedFeed('192.0.2.10', made);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(refused.headers.get('Cache-Control')).toBe('no-store');
    expect(await refused.text()).toMatch(/^Trop de flux demandés depuis cette adresse : réessayez dans \d+ s\.$/);
    expect((await guardedFeed('192.0.2.11', made)).status).toBe(200);
  });

  it('un seul flux fait à la fois, les suivants attendent leur tour ; une file pleine répond 503', async () => {
    expect(FEED_CONCURRENT).toBe(1);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const slow = () =>
      new Promise<Response>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        releases.push(() => {
          running -= 1;
          resolve(new Response('ok'));
        });
      });
    // Each from its own address: only the turn is tested here. One more than the one made and the queue.
    const answers = Array.from({ length: 2 + FEED_QUEUE }, (_, i) => guardedFeed(`198.51.100.${i}`, slow));
    let settled = false;
    const all = Promise.all(answers).finally(() => {
      settled = true;
    });
    while (!settled) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    const statuses = (await all).map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1 + FEED_QUEUE);
    const full = (await all)[statuses.indexOf(503)];
    expect(await full.text()).toBe('Trop de flux demandés en même temps : réessayez dans quelques secondes.');
    expect(most).toBe(1);
  });
});
