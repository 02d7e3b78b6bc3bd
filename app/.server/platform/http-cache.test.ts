// The one cache policy (decision 037): what each kind of answer may be kept as, and the in-process page cache.
import { describe, expect, it } from 'vitest';
import { keepSessionCookie, sharedCacheLife } from '../../../tests/support/hosting-proxy';
import { cacheControl, cacheKind, createPageCache, isNotModified, strongEtag } from './http-cache';

const page = {
  method: 'GET',
  status: 200,
  hasVisitorCookie: false,
  setsCookie: false,
  routeCacheControl: null,
  contentType: 'text/html; charset=utf-8',
  secretUrl: false,
};
const config = { PUBLIC_S_MAXAGE: 30, PUBLIC_SWR: 30 };

describe('politique de cache', () => {
  it('une page publique sans __session est publique ; avec __session ou un cookie posé, privée ; le reste jamais gardé', () => {
    expect(cacheControl(cacheKind(page), config)).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    expect(cacheKind({ ...page, method: 'HEAD' })).toBe('public');
    expect(cacheControl(cacheKind({ ...page, hasVisitorCookie: true }), config)).toBe('private, no-store');
    expect(cacheKind({ ...page, setsCookie: true })).toBe('private');
    expect(cacheKind({ ...page, routeCacheControl: 'private, no-store' })).toBe('private');
    // A route may only say less: its own `public, max-age=3600` does not make the answer live longer.
    expect(cacheKind({ ...page, routeCacheControl: 'public, max-age=3600' })).toBe('public');
    expect(cacheControl(cacheKind({ ...page, routeCacheControl: 'no-store' }), config)).toBe('no-store');
    for (const never of [
      { method: 'POST' },
      { status: 302 },
      { status: 404 },
      { status: 500 },
      { contentType: 'text/event-stream' },
    ]) {
      expect(cacheControl(cacheKind({ ...page, ...never }), config)).toBe('no-store');
    }
  });

  it('une page atteinte par un jeton (lien de réinitialisation, d’alerte, aperçu d’image) est privée, quel que soit son statut', () => {
    for (const answer of [{}, { status: 404 }, { status: 302 }, { method: 'POST' }, { routeCacheControl: 'public' }]) {
      expect(cacheControl(cacheKind({ ...page, ...answer, secretUrl: true }), config)).toBe('private, no-store');
    }
  });

  it('ETag fort : l’empreinte des octets ; If-None-Match la reconnaît, faible ou dans une liste', () => {
    const etag = strongEtag(Buffer.from('<html>a</html>'));
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(strongEtag(Buffer.from('<html>b</html>'))).not.toBe(etag);
    expect(isNotModified(etag, etag)).toBe(true);
    expect(isNotModified(`"x", W/${etag}`, etag)).toBe(true);
    expect(isNotModified('"autre"', etag)).toBe(false);
    expect(isNotModified(null, etag)).toBe(false);
  });

  it('le cache des pages : par URL et révision du stockage, borné en octets (les moins récemment lues partent)', () => {
    const cache = createPageCache(10_000);
    const answer = (bytes: number, revision = 1) => ({
      status: 200,
      headers: [] as [string, string][],
      body: Buffer.alloc(bytes),
      etag: '"e"',
      revision,
    });
    cache?.set('/a', answer(3_000), 60_000);
    expect(cache?.get('/a', 1)?.body.byteLength).toBe(3_000);
    // The store changed: the copy is stale at once.
    expect(cache?.get('/a', 2)).toBeUndefined();
    cache?.set('/a', answer(3_000, 2), 60_000);
    cache?.set('/b', answer(3_000, 2), 60_000);
    cache?.get('/a', 2);
    cache?.set('/c', answer(3_000, 2), 60_000);
    expect(cache?.get('/b', 2)).toBeUndefined();
    expect(cache?.get('/a', 2)).toBeDefined();
    expect(cache?.get('/c', 2)).toBeDefined();
    // Larger than the whole cache: not kept.
    cache?.set('/d', answer(20_000, 2), 60_000);
    expect(cache?.get('/d', 2)).toBeUndefined();
    expect(createPageCache(0)).toBeNull();
  });
});

describe('le mandataire de test fait comme Firebase Hosting', () => {
  it('ne transmet que __session, et ne garde que les réponses publiques avec s-maxage, sans cookie', () => {
    expect(keepSessionCookie('a=1; __session=xyz; cookie_consent=2')).toBe('__session=xyz');
    expect(keepSessionCookie('csrf=1')).toBeUndefined();
    const headers = { 'cache-control': 'public, max-age=0, s-maxage=30, stale-while-revalidate=15' };
    expect(sharedCacheLife(200, headers)).toEqual({ maxAgeMs: 30_000, staleMs: 15_000 });
    expect(sharedCacheLife(200, { ...headers, 'set-cookie': ['__session=x'] })).toBeNull();
    expect(sharedCacheLife(200, { 'cache-control': 'public, max-age=60' })).toBeNull();
    expect(sharedCacheLife(200, { 'cache-control': 'private, no-store' })).toBeNull();
    expect(sharedCacheLife(302, headers)).toBeNull();
  });
});
