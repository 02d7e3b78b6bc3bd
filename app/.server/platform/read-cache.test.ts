import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache';

describe('cache de lecture', () => {
  it('sert la même lecture tant que la base ne change pas et que le délai court', async () => {
    let clock = 5000;
    let computed = 0;
    const cache = createReadCache({ ttlMs: 1000, now: () => clock });
    const read = () => cache.get(1, 'liste', async () => ++computed);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    clock = 6001;
    expect(await read()).toBe(2);
  });

  it('relit dès que la révision change', async () => {
    let computed = 0;
    const cache = createReadCache();
    expect(await cache.get(1, 'k', async () => ++computed)).toBe(1);
    expect(await cache.get(2, 'k', async () => ++computed)).toBe(2);
  });

  it('ne garde pas une lecture en échec et oublie les plus anciennes au-delà de la limite', async () => {
    const cache = createReadCache({ maxEntries: 2 });
    await expect(cache.get(1, 'a', async () => Promise.reject(new Error('panne')))).rejects.toThrow('panne');
    expect(await cache.get(1, 'a', async () => 'ok')).toBe('ok');
    await cache.get(1, 'b', async () => 'b');
    await cache.get(1, 'c', async () => 'c');
    expect(await cache.get(1, 'a', async () => 'relu')).toBe('relu');
  });
});
