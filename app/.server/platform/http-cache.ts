// How long an answer may be kept, decided in one place for every answer of the app (docs/decisions/037-un-seul-
// cookie-et-pages-en-cache.md): an anonymous public page is `public` for shared caches (Firebase Hosting's CDN) with a
// strong ETag, and kept in this process keyed by its URL and the store's revision; anything a visitor with
// `__session` gets, and any answer to a URL that carries a token (secret-urls.ts), is `private, no-store`; posts,
// redirects and errors are never kept.
import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Config } from './config';

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

/** An anonymous public page as it was sent, kept for the next visitors while the store has not changed. */
export interface CachedAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  revision: number;
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
    sizeCalculation: (answer, url) => answer.body.byteLength + url.length + 512,
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
      if (answer.body.byteLength + url.length + 512 > maxBytes || ttlMs <= 0) return;
      cache.set(url, answer, { ttl: ttlMs });
    },
  };
}
