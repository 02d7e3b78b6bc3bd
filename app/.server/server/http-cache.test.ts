// The one cache policy (decision 037): what each kind of answer may be kept as, and the in-process page cache.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { keepSessionCookie, sharedCacheLife } from '../../../tests/support/hosting-proxy';
import {
  CODINGS,
  cacheControl,
  cacheKind,
  createPageCache,
  encodeBody,
  encodeForOneAnswer,
  isNotModified,
  preferredCoding,
  representationEtag,
  strongEtag,
  withoutTrackingParams,
} from './http-cache';

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
    // Each entry holds its body in three codings (here three buffers of the same size).
    const answer = (bytes: number, revision = 1) => ({
      status: 200,
      headers: [] as [string, string][],
      bodies: { br: Buffer.alloc(bytes), gzip: Buffer.alloc(bytes), identity: Buffer.alloc(bytes) },
      etag: '"e"',
      revision,
    });
    cache?.set('/a', answer(1_000), 60_000);
    expect(cache?.get('/a', 1)?.bodies.identity.byteLength).toBe(1_000);
    // The store changed: the copy is stale at once.
    expect(cache?.get('/a', 2)).toBeUndefined();
    cache?.set('/a', answer(1_000, 2), 60_000);
    cache?.set('/b', answer(1_000, 2), 60_000);
    cache?.get('/a', 2);
    cache?.set('/c', answer(1_000, 2), 60_000);
    expect(cache?.get('/b', 2)).toBeUndefined();
    expect(cache?.get('/a', 2)).toBeDefined();
    expect(cache?.get('/c', 2)).toBeDefined();
    // Larger than the whole cache: not kept.
    cache?.set('/d', answer(4_000, 2), 60_000);
    expect(cache?.get('/d', 2)).toBeUndefined();
    expect(createPageCache(0)).toBeNull();
  });

  it('une page gardée l’est en brotli et en gzip, faits une fois ; chaque codage a son ETag fort', () => {
    const html = Buffer.from(`<!doctype html><main>${'<p>Marché de Noël à Vevey</p>'.repeat(200)}</main>`);
    const bodies = encodeBody(html);
    expect(zlib.brotliDecompressSync(bodies.br)).toEqual(html);
    expect(zlib.gunzipSync(bodies.gzip)).toEqual(html);
    expect(bodies.br.byteLength).toBeLessThan(html.byteLength / 10);
    // A tiny body stays as it is, in every coding.
    const tiny = Buffer.from('ok');
    expect(encodeBody(tiny)).toEqual({ br: tiny, gzip: tiny, identity: tiny });
    const etag = strongEtag(html);
    expect(new Set(CODINGS.map((coding) => representationEtag(etag, coding, true))).size).toBe(3);
    expect(representationEtag(etag, 'br', false)).toBe(etag);
  });

  it('une page rendue pour une seule réponse est compressée d’un coup dans le codage du client, et seulement celui-là', async () => {
    const html = Buffer.from(`<!doctype html><main>${'<p>Concert à Fribourg « ce soir »</p>'.repeat(400)}</main>`);
    const br = await encodeForOneAnswer(html, 'br');
    expect(zlib.brotliDecompressSync(br.br)).toEqual(html);
    expect(br.br.byteLength).toBeLessThan(html.byteLength / 5);
    expect(br.gzip).toBe(html);
    const gz = await encodeForOneAnswer(html, 'gzip');
    expect(zlib.gunzipSync(gz.gzip)).toEqual(html);
    expect(gz.br).toBe(html);
    expect(await encodeForOneAnswer(html, 'identity')).toEqual({ br: html, gzip: html, identity: html });
    // A large answer (a feed of hundreds of events) is compressed out of the request's turn, the same way.
    const feed = Buffer.from(`<rss>${'<item><title>Marché de Noël à Vevey</title></item>'.repeat(8000)}</rss>`);
    expect(zlib.brotliDecompressSync((await encodeForOneAnswer(feed, 'br')).br)).toEqual(feed);
    expect(zlib.gunzipSync((await encodeForOneAnswer(feed, 'gzip')).gzip)).toEqual(feed);
  });

  it('le codage suit ce que le navigateur accepte : brotli d’abord à poids égal, jamais un codage refusé', () => {
    const coding = (accept?: string) => preferredCoding(accept === undefined ? {} : { 'accept-encoding': accept });
    expect(coding('gzip, deflate, br, zstd')).toBe('br');
    expect(coding('gzip, deflate')).toBe('gzip');
    expect(coding('br;q=0.5, gzip')).toBe('gzip');
    expect(coding('gzip;q=0, br;q=0')).toBe('identity');
    expect(coding('identity')).toBe('identity');
    expect(coding('*')).toBe('br');
    expect(coding(undefined)).toBe('identity');
  });
});

describe('paramètres de suivi', () => {
  it('une page ouverte depuis une campagne ou un réseau social est la même page, au même endroit du cache', () => {
    const base = 'https://agenda.test/evenements?category=musique&canton=VD';
    expect(withoutTrackingParams(`${base}&utm_source=newsletter&utm_medium=email&fbclid=IwAR0x`)).toBe(base);
    expect(withoutTrackingParams('https://agenda.test/?gclid=abc&UTM_Campaign=noel')).toBe('https://agenda.test/');
    expect(withoutTrackingParams('https://agenda.test/evenement/abc?mc_cid=1&mc_eid=2&_gl=3')).toBe(
      'https://agenda.test/evenement/abc',
    );
    // Everything else stays, in its order, repeated values included.
    const kept = 'https://agenda.test/evenements?q=utm&source=x&du=2026-12-01&category=a&category=b';
    expect(withoutTrackingParams(kept)).toBe(kept);
    expect(withoutTrackingParams(`${kept}&utm_term=y`)).toBe(kept);
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
