// How long an answer may be kept, decided in one place for every answer of the app (docs/decisions/037-un-seul-
// cookie-et-pages-en-cache.md): an anonymous public page is `public` for shared caches (Firebase Hosting's CDN) with a
// strong ETag, and kept in this process keyed by its URL and the store's revision; anything a visitor with
// `__session` gets, and any answer to a URL that carries a token (secret-urls.ts), is `private, no-store`; posts,
// redirects and errors are never kept.
import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import { searchKey } from '~/domain/search-text';
import type { Config } from '../platform/config';

export type CacheKind = 'public' | 'private' | 'never';

export interface AnswerFacts {
  method: string;
  status: number;
  /** The request carries `__session`: the answer is this visitor's own. */
  hasVisitorCookie: boolean;
  /** The answer sets a cookie. */
  setsCookie: boolean;
  /** What the route itself said (a route may only make its answer more private). */
  routeCacheControl: string | null;
  contentType: string | null;
  /** The URL carries a secret (secret-urls.ts: a link's token in its query or path). */
  secretUrl: boolean;
}

export function cacheKind(answer: AnswerFacts): CacheKind {
  // A page reached by a token is its holder's alone, whatever its status: a shared cache would show a used reset
  // link's form again, or one person's alert to the next (issue 31).
  if (answer.secretUrl) return 'private';
  if (answer.method !== 'GET' && answer.method !== 'HEAD') return 'never';
  if (answer.status !== 200) return 'never';
  if ((answer.contentType ?? '').startsWith('text/event-stream')) return 'never';
  if (answer.hasVisitorCookie || answer.setsCookie) return 'private';
  // A route may only say less: `private` (its answer depends on who asks) or `no-store` (never kept at all).
  if (/\bprivate\b/i.test(answer.routeCacheControl ?? '')) return 'private';
  if (/\b(no-store|no-cache)\b/i.test(answer.routeCacheControl ?? '')) return 'never';
  return 'public';
}

export function cacheControl(kind: CacheKind, config: Pick<Config, 'PUBLIC_S_MAXAGE' | 'PUBLIC_SWR'>): string {
  if (kind === 'never') return 'no-store';
  if (kind === 'private') return 'private, no-store';
  // Browsers ask again each time (a 304 when nothing changed); shared caches keep it a little.
  return `public, max-age=0, s-maxage=${config.PUBLIC_S_MAXAGE}, stale-while-revalidate=${config.PUBLIC_SWR}`;
}

/** A strong validator: the hash of the exact bytes of the body. */
export function strongEtag(body: Uint8Array): string {
  return `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** True when the client's copy (If-None-Match) is this one. */
export function isNotModified(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** The content codings a kept page is stored in: every browser asks for one of them. */
export type ContentCoding = 'br' | 'gzip' | 'identity';
export const CODINGS: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

/**
 * The coding of a kept page for a request: brotli, then gzip, among those the client accepts with the same weight
 * (browsers list `gzip, deflate, br` with no preference between them); the page as rendered otherwise.
 */
export function preferredCoding(headers: IncomingHttpHeaders): ContentCoding {
  const [best] = new Negotiator({ headers }).encodings(CODINGS, { preferred: CODINGS });
  return best === 'br' || best === 'gzip' ? best : 'identity';
}

/** A body this small is sent as it is: compression would save less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;

/** From this size (a feed of hundreds of events), brotli at quality 4: ~6 % larger, in less than half the time. */
const LARGE_BODY_BYTES = 128 * 1024;

/** Brotli for text of this size, at `quality` (by default, the kept pages' one: 5, or 4 for a large body). */
const brotliOptions = (body: Buffer, quality = body.byteLength >= LARGE_BODY_BYTES ? 4 : 5): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
  },
});

/**
 * A page's body in each coding, made once when it is kept (brotli at a fast quality, and gzip): a hit is then a copy
 * of bytes, never a compression (issue 35).
 */
export function encodeBody(body: Buffer): Record<ContentCoding, Buffer> {
  if (body.byteLength < COMPRESS_FROM_BYTES) return { br: body, gzip: body, identity: body };
  const br = zlib.brotliCompressSync(body, brotliOptions(body));
  return { br, gzip: zlib.gzipSync(body, { level: 6 }), identity: body };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * encodeBody, the compressing done in libuv's threads: a large answer (a 400 KB feed) does not hold the process
 * while it is compressed, and the other requests go on meanwhile (issue 46).
 */
export async function encodeBodyAsync(body: Buffer): Promise<Record<ContentCoding, Buffer>> {
  if (body.byteLength < COMPRESS_FROM_BYTES) return { br: body, gzip: body, identity: body };
  const [br, gz] = await Promise.all([brotli(body, brotliOptions(body)), gzip(body, { level: 6 })]);
  return { br, gzip: gz, identity: body };
}

/** Past this size, a body made for one answer is compressed in libuv's threads rather than in the request's turn. */
const ONE_ANSWER_SYNC_BYTES = 256 * 1024;

/**
 * A public answer that is not kept, in the one coding its client takes, at the fastest levels (brotli 1, gzip 1): the
 * page is whole in memory, compressed in one call. Through the compression middleware's stream the same levels cost
 * 1–13 % of a render in brotli and 10–20 % in gzip; in one call, 3 and 7 % for the list (bench/compression.ts, issue 50).
 */
export async function encodeForOneAnswer(body: Buffer, coding: ContentCoding): Promise<Record<ContentCoding, Buffer>> {
  const same = { br: body, gzip: body, identity: body };
  if (coding === 'identity' || body.byteLength < COMPRESS_FROM_BYTES) return same;
  const sync = body.byteLength < ONE_ANSWER_SYNC_BYTES;
  if (coding === 'gzip')
    return { ...same, gzip: sync ? zlib.gzipSync(body, { level: 1 }) : await gzip(body, { level: 1 }) };
  const options = brotliOptions(body, 1);
  return { ...same, br: sync ? zlib.brotliCompressSync(body, options) : await brotli(body, options) };
}

/** A strong ETag names one representation: the same page in brotli and in gzip has two (RFC 9110, 8.8.3). */
export function representationEtag(etag: string, coding: ContentCoding, encoded: boolean): string {
  return coding === 'identity' || !encoded ? etag : `${etag.slice(0, -1)}-${coding === 'br' ? 'br' : 'gz'}"`;
}

/** An anonymous public page as it was sent, kept for the next visitors while the store has not changed. */
export interface CachedAnswer {
  status: number;
  headers: [string, string][];
  /** The body in each coding; `identity` is the page as rendered. */
  bodies: Record<ContentCoding, Buffer>;
  /** The ETag of the page as rendered (representationEtag names the others). */
  etag: string;
  revision: number;
}

/** The bytes an entry holds: every coding of its body. */
function entrySize(answer: CachedAnswer, url: string): number {
  const { br, gzip, identity } = answer.bodies;
  return identity.byteLength + (br === identity ? 0 : br.byteLength + gzip.byteLength) + url.length + 512;
}

export interface PageCache {
  get(url: string, revision: number): CachedAnswer | undefined;
  set(url: string, answer: CachedAnswer, ttlMs: number): void;
}

/** Bounded by the bytes it holds (least recently used pages go first); an entry lives `ttlMs` at most. */
export function createPageCache(maxBytes: number): PageCache | null {
  if (maxBytes <= 0) return null;
  const cache = new LRUCache<string, CachedAnswer>({
    maxSize: maxBytes,
    sizeCalculation: entrySize,
    ttlAutopurge: false,
  });
  return {
    get(url, revision) {
      const hit = cache.get(url);
      if (!hit) return undefined;
      if (hit.revision !== revision) {
        cache.delete(url);
        return undefined;
      }
      return hit;
    },
    set(url, answer, ttlMs) {
      // A page larger than the whole cache is not kept (lru-cache would refuse it anyway).
      if (entrySize(answer, url) > maxBytes || ttlMs <= 0) return;
      cache.set(url, answer, { ttl: ttlMs });
    },
  };
}

/** Parameters that campaign links and ad platforms add, which no page of the site reads. */
const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'msclkid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'yclid',
  'srsltid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
]);
const isTracking = (name: string) => TRACKING_PARAMS.has(name.toLowerCase()) || /^utm_/i.test(name);

/**
 * The URL a page is rendered and kept for: without the tracking parameters (`utm_*`, `fbclid`, `gclid`…), so that a
 * shared link is the page everyone else gets from the cache, not a new render and a new entry. The browser keeps them
 * in its address bar, where an analytics script (with consent) reads them.
 */
export function withoutTrackingParams(url: string): string {
  const parsed = new URL(url);
  const names = [...new Set(parsed.searchParams.keys())];
  if (!names.some(isTracking)) return url;
  for (const name of names) if (isTracking(name)) parsed.searchParams.delete(name);
  return parsed.href;
}

/** The feeds of a selection, whose search text is read as the store reads it. */
const FEED_PATHS = new Set(['/evenements.ics', '/evenements.rss']);

/**
 * The URL a feed is made and kept for: its `q` as the store reads it (searchKey), so that « de », « De », « DE »,
 * « de%20 » and « dé » are one feed, made once and then served from the cache, not five (issue 46). The feed names the
 * search in that form. Any other URL is left as it is.
 */
export function canonicalFeedUrl(url: string): string {
  const parsed = new URL(url);
  if (!FEED_PATHS.has(parsed.pathname)) return url;
  const q = parsed.searchParams.get('q');
  if (q === null) return url;
  const key = searchKey(q);
  if (key === q && parsed.searchParams.getAll('q').length === 1) return url;
  if (key) parsed.searchParams.set('q', key);
  else parsed.searchParams.delete('q');
  return parsed.href;
}
