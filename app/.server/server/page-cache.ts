// The page cache of this process (decisions 037, 075, 104): which request may be answered from it and under which key,
// the hit answered as early as a static file, and a public answer kept, compressed once, for the next visitor. What
// may be kept at all (Cache-Control, ETag) is the one policy of http-cache.ts; this module decides when the process
// answers from its copy.
import type { ServerBuild } from '@remix-run/node';
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from 'express';
import type { Config } from '../platform/config';
import { hasVisitorCookie } from '../platform/visitor';
import { writeHeaders } from './answer-headers';
import { PROBE_PATHS } from './health';
import {
  type CachedAnswer,
  canonicalFeedUrl,
  createPageCache,
  encodeBodyAsync,
  encodeForOneAnswer,
  isNotModified,
  type PageCache,
  preferredCoding,
  representationEtag,
  strongEtag,
  withoutTrackingParams,
} from './http-cache';
import { remixUrl } from './request-host';
import { type SecretUrls, secretUrls } from './secret-urls';

/** What the cache needs of the process's services: the store's revision (its key) and its settings. */
export interface PageCacheServices {
  readonly store: { revision(): number };
  readonly config: Pick<Config, 'PAGE_CACHE_MB' | 'PUBLIC_S_MAXAGE'>;
}

/** How a request stands with the cache: -1 as revision when it may be neither served from it nor kept in it. */
export interface PageLookup {
  secretUrl: boolean;
  isApi: boolean;
  anonymous: boolean;
  url: string | null;
  revision: number;
}

export interface PageKeeper {
  /** How the request stands with the cache, worked out once per request. */
  lookup(req: ExpressRequest): Promise<PageLookup>;
  /**
   * A kept answer, or next(). `beforeHit` may answer instead (the API's allowance, decision 046): it returns true when
   * it did.
   */
  serveKept(
    req: ExpressRequest,
    res: ExpressResponse,
    next: NextFunction,
    beforeHit: (lookup: PageLookup) => Promise<boolean>,
  ): Promise<void>;
  /** A public answer: kept when its lookup allows it, then sent (or a 304). */
  answerPublic(
    req: ExpressRequest,
    res: ExpressResponse,
    lookup: PageLookup,
    response: Response,
    headers: Headers,
  ): Promise<void>;
}

function revisionOrNone(store: PageCacheServices['store']): number {
  try {
    return store.revision();
  } catch {
    return -1;
  }
}

/**
 * A public answer's body whole: a page is one buffer (entry.server's `pageBody`), taken as it is; anything else is read
 * and joined (`arrayBuffer()` copies even a single chunk).
 */
export async function bodyBytes(response: Response): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  const [only] = chunks;
  return chunks.length === 1 && only
    ? Buffer.from(only.buffer, only.byteOffset, only.byteLength)
    : Buffer.concat(chunks);
}

/** A kept page in the coding the client takes (brotli, then gzip), or a 304 when the client already has it. */
function sendCached(req: ExpressRequest, res: ExpressResponse, answer: CachedAnswer, hit: boolean) {
  const coding = preferredCoding(req.headers);
  const body = answer.bodies[coding];
  const encoded = body !== answer.bodies.identity;
  const etag = representationEtag(answer.etag, coding, encoded);
  res.status(answer.status);
  writeHeaders(res, answer.headers);
  res.setHeader('X-Page-Cache', hit ? 'hit' : 'miss');
  res.setHeader('ETag', etag);
  res.vary('Accept-Encoding');
  if (encoded) res.setHeader('Content-Encoding', coding);
  if (isNotModified(req.get('If-None-Match'), etag)) {
    res.status(304);
    res.removeHeader('Content-Length');
    res.removeHeader('Content-Encoding');
    return res.end();
  }
  res.setHeader('Content-Length', body.byteLength);
  res.end(req.method === 'HEAD' ? undefined : body);
}

export function createPageKeeper(
  build: ServerBuild | (() => Promise<ServerBuild>),
  services: PageCacheServices,
): PageKeeper {
  const { config, store } = services;
  let cache: PageCache | null | undefined;
  const pageCache = () => {
    cache ??= createPageCache(config.PAGE_CACHE_MB * 1024 * 1024);
    return cache;
  };
  // The URLs that carry a token, from the routes of the build that answers: read once from the production build, again
  // from each development build (Vite may have reloaded a route).
  const fixedSecrets = typeof build === 'function' ? null : secretUrls(build.routes);
  const secrets = async (): Promise<SecretUrls> =>
    fixedSecrets ?? secretUrls((typeof build === 'function' ? await build() : build).routes);

  // One lookup per request: a miss of serveKept goes on to Remix with the lookup it made (the store's revision of then).
  const lookups = new WeakMap<ExpressRequest, Promise<PageLookup>>();
  function lookup(req: ExpressRequest): Promise<PageLookup> {
    let found = lookups.get(req);
    if (!found) {
      found = lookUp(req);
      lookups.set(req, found);
    }
    return found;
  }

  async function lookUp(req: ExpressRequest): Promise<PageLookup> {
    // A page reached by a token is never kept, nor served from what was kept; nor a probe, whose answer is of now and
    // which must answer when the store (read for the cache's key) does not (health.ts).
    const secretUrl = (await secrets()).carriesSecret(req.originalUrl);
    const isRead = (req.method === 'GET' || req.method === 'HEAD') && !secretUrl && !PROBE_PATHS.has(req.path);
    // The public API never reads the session: its answers are everyone's, cookie or not (decision 046).
    const isApi = req.path.startsWith('/api/v1/');
    const anonymous = isApi || !hasVisitorCookie(req.get('Cookie'));
    const full = remixUrl(req);
    const url = full === null ? null : canonicalFeedUrl(withoutTrackingParams(full));
    // The store's revision before rendering: a write during it makes the kept copy stale at once. A store that cannot
    // say it (a damaged database) keeps nothing and serves nothing kept: the route answers, in French
    // (storage-answer.ts).
    const revision = isRead && anonymous && pageCache() && url !== null ? revisionOrNone(store) : -1;
    return { secretUrl, isApi, anonymous, url, revision };
  }

  return {
    lookup,
    async serveKept(req, res, next, beforeHit) {
      const found = await lookup(req);
      const kept =
        found.revision === -1 || found.url === null ? undefined : pageCache()?.get(found.url, found.revision);
      if (!kept) return next();
      if (await beforeHit(found)) return;
      sendCached(req, res, kept, true);
    },
    async answerPublic(req, res, found, response, headers) {
      const bytes = await bodyBytes(response);
      const etag = strongEtag(bytes);
      headers.set('ETag', etag);
      headers.delete('Content-Length');
      const keeper = found.revision !== -1 && found.url !== null && req.method === 'GET' ? pageCache() : null;
      // Compressed once here in both codings when the page is kept; otherwise in the one its client takes, fast.
      const bodies = keeper
        ? await encodeBodyAsync(bytes)
        : // A HEAD gets the headers of the page as rendered, as the compression middleware gave it.
          await encodeForOneAnswer(bytes, req.method === 'HEAD' ? 'identity' : preferredCoding(req.headers));
      const answer: CachedAnswer = {
        status: response.status,
        headers: [...headers],
        bodies,
        etag,
        revision: found.revision,
      };
      if (keeper && found.url !== null) keeper.set(found.url, answer, config.PUBLIC_S_MAXAGE * 1000);
      sendCached(req, res, answer, false);
    },
  };
}
