// Remix behind Express, as @remix-run/express does it, with two differences: the request body Remix reads is the
// limited stream of request-body.ts (the route's limit holds while the bytes arrive, before any parser sees them), and
// every answer goes through the one cache policy (http-cache.ts): Cache-Control, ETag and 304, the in-process cache
// of anonymous public pages, and a single `__session` Set-Cookie.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type AppLoadContext,
  createRequestHandler,
  type ServerBuild,
  writeReadableStreamToWritable,
} from '@remix-run/node';
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from 'express';
import { apiRateLimit } from '../http/api';
import type { Config } from '../platform/config';
import { limitedBody } from '../platform/request-body';
import { hasVisitorCookie, VISITOR_COOKIE } from '../platform/visitor';
import { PROBE_PATHS } from './health';
import {
  type CachedAnswer,
  cacheControl,
  cacheKind,
  canonicalFeedUrl,
  createPageCache,
  encodeBodyAsync,
  isNotModified,
  type PageCache,
  preferredCoding,
  representationEtag,
  strongEtag,
  withoutTrackingParams,
} from './http-cache';
import { isValidHost, refuseUnreadableTarget, requestHost } from './request-host';
import { type SecretUrls, secretUrls } from './secret-urls';
import { answeringStorageFailures } from './storage-answer';

/** What the handler needs of the process's services: the store's revision (the cache's key) and its settings. */
export interface RemixHandlerServices {
  readonly store: { revision(): number };
  readonly config: Pick<Config, 'PAGE_CACHE_MB' | 'API_RATE_PER_MINUTE' | 'PUBLIC_S_MAXAGE' | 'PUBLIC_SWR'>;
}

export interface RemixHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  /** The services of the process, given by server.ts (which takes them from the build's runtime). */
  services: RemixHandlerServices;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext | Promise<AppLoadContext>;
}

function remixHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

/**
 * The URL of the request for Remix: the protocol Express reads (X-Forwarded-Proto from a trusted proxy only), the host
 * request-host.ts settles (its port with it: never the port of another header), and the path. An absolute-form
 * target (`GET http://other.example/page`) is this site's path all the same. Null when no URL can be built.
 */
function remixUrl(req: ExpressRequest): string | null {
  const host = requestHost(req);
  if (!isValidHost(host)) return null;
  try {
    let path = req.originalUrl;
    if (!path.startsWith('/')) {
      const absolute = new URL(path);
      path = `${absolute.pathname}${absolute.search}`;
    }
    return new URL(`${req.protocol}://${host}${path}`).href;
  } catch {
    return null;
  }
}

/** The answer's Set-Cookie headers, with only the last `__session` one (each builds on the previous, visitor.ts). */
function setCookies(headers: Headers): string[] {
  const all = headers.getSetCookie();
  const last = all.findLastIndex((cookie) => cookie.startsWith(`${VISITOR_COOKIE}=`));
  return all.filter((cookie, i) => i === last || !cookie.startsWith(`${VISITOR_COOKIE}=`));
}

/** Headers a page's own answer replaces rather than adds to (helmet set them before). */
const REPLACED = new Set(['content-security-policy', 'cache-control', 'cross-origin-resource-policy']);

function writeHeaders(res: ExpressResponse, headers: Iterable<[string, string]>) {
  for (const [key, value] of headers) {
    if (key === 'set-cookie') continue;
    if (REPLACED.has(key)) res.setHeader(key, value);
    else res.append(key, value);
    // The one answer other sites may frame (/integrer, decision 047) says so in its own policy: helmet's
    // X-Frame-Options, which would forbid it in older browsers, goes.
    if (key === 'content-security-policy' && /frame-ancestors \*/.test(value)) res.removeHeader('X-Frame-Options');
  }
}

async function sendResponse(
  res: ServerResponse & ExpressResponse,
  status: number,
  statusText: string,
  headers: Headers,
  body: ReadableStream<Uint8Array> | null,
): Promise<void> {
  res.statusMessage = statusText;
  res.status(status);
  writeHeaders(res, headers.entries());
  const cookies = setCookies(headers);
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
  if (/text\/event-stream/i.test(headers.get('Content-Type') ?? '')) res.flushHeaders();
  if (body) await writeReadableStreamToWritable(body, res);
  else res.end();
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

/** The Remix app behind Express, in two parts that server.ts mounts apart. */
export interface RemixHandler {
  /**
   * A kept anonymous page, answered as early as a static file (before the access log and any route code): the cache's
   * hit path. Anything else goes on.
   */
  serveKept: (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => Promise<void>;
  /** Remix itself: loaders and actions, then the one cache policy on the answer (and the kept copy for the next). */
  handle: (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => Promise<void>;
}

function revisionOrNone(store: RemixHandlerServices['store']): number {
  try {
    return store.revision();
  } catch {
    return -1;
  }
}

/** What decides whether a request may be answered from the page cache, and under which key. */
function cacheLookup(
  req: ExpressRequest,
  pageCache: PageCache | null,
  secrets: SecretUrls,
  store: RemixHandlerServices['store'],
) {
  // A page reached by a token is never kept, nor served from what was kept; nor a probe, whose answer is of now and
  // which must answer when the store (read for the cache's key) does not (health.ts).
  const secretUrl = secrets.carriesSecret(req.originalUrl);
  const isRead = (req.method === 'GET' || req.method === 'HEAD') && !secretUrl && !PROBE_PATHS.has(req.path);
  // The public API never reads the session: its answers are everyone's, cookie or not (decision 046).
  const isApi = req.path.startsWith('/api/v1/');
  const anonymous = isApi || !hasVisitorCookie(req.get('Cookie'));
  const full = remixUrl(req);
  const url = full === null ? null : canonicalFeedUrl(withoutTrackingParams(full));
  // The store's revision before rendering: a write during it makes the kept copy stale at once. A store that cannot
  // say it (a damaged database) keeps nothing and serves nothing kept: the route answers, in French (storage-answer.ts).
  const revision = isRead && anonymous && pageCache && url !== null ? revisionOrNone(store) : -1;
  return { secretUrl, isApi, anonymous, url, revision };
}

export function createRemixHandler(options: RemixHandlerOptions): RemixHandler {
  const { build, services } = options;
  const { config } = services;
  const handleRequest = createRequestHandler(
    typeof build === 'function' ? async () => answeringStorageFailures(await build()) : answeringStorageFailures(build),
    options.mode,
  );
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

  async function serveKept(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    const { isApi, url, revision } = cacheLookup(req, pageCache(), await secrets(), services.store);
    const kept = revision === -1 || url === null ? undefined : pageCache()?.get(url, revision);
    if (!kept) return next();
    // A kept API answer counts against the address's allowance as the loader's own would (decision 046).
    if (isApi) {
      const { clientIp } = await options.getLoadContext(req, res);
      const limited = await apiRateLimit(clientIp, config.API_RATE_PER_MINUTE);
      if (limited) return sendResponse(res, limited.status, 'Too Many Requests', limited.headers, limited.body);
    }
    sendCached(req, res, kept, true);
  }

  async function handle(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    const { secretUrl, anonymous, url, revision } = cacheLookup(req, pageCache(), await secrets(), services.store);
    // server.ts settled the host before (request-host.ts): this holds for whatever else calls the handler.
    if (url === null) return refuseUnreadableTarget(req, res, 'adresse');
    // Aborts loaders and actions once no answer can be written (the client left), or once the body was refused.
    let controller: AbortController | null = new AbortController();
    let refused = false;
    res.on('finish', () => {
      controller = null;
    });
    res.on('close', () => controller?.abort());
    try {
      // The request stays paused until its body is read: nothing arrives while the context is made.
      const loadContext = await options.getLoadContext(req, res);
      const body = limitedBody(req, res, loadContext.bodyLimit, () => {
        refused = true;
        controller?.abort();
      });
      // A HEAD is the GET without its body (RFC 9110): rendered as one, so that its ETag and Content-Length are the
      // GET's, never those of an empty body; Node sends no body to a HEAD.
      const request = new Request(url, {
        method: req.method === 'HEAD' ? 'GET' : req.method,
        headers: remixHeaders(req),
        signal: controller.signal,
        ...(body ? { body, duplex: 'half' } : {}),
      } as RequestInit);
      const response = await handleRequest(request, loadContext);
      // The 413 is already sent: what Remix made of the cut body goes nowhere.
      if (refused || res.headersSent) {
        await response.body?.cancel().catch(() => {});
        return;
      }
      const kind = cacheKind({
        method: req.method,
        status: response.status,
        hasVisitorCookie: !anonymous,
        setsCookie: response.headers.has('Set-Cookie'),
        routeCacheControl: response.headers.get('Cache-Control'),
        contentType: response.headers.get('Content-Type'),
        secretUrl,
      });
      const headers = new Headers(response.headers);
      headers.set('Cache-Control', cacheControl(kind, config));
      if (kind !== 'public') {
        return await sendResponse(res, response.status, response.statusText, headers, response.body);
      }
      const bytes = Buffer.from(await response.arrayBuffer());
      const etag = strongEtag(bytes);
      headers.set('ETag', etag);
      headers.delete('Content-Length');
      const keeper = revision !== -1 && req.method === 'GET' ? pageCache() : null;
      // Compressed once here when the page is kept; otherwise the compression middleware does it for this answer.
      const bodies = keeper ? await encodeBodyAsync(bytes) : { br: bytes, gzip: bytes, identity: bytes };
      const answer: CachedAnswer = { status: response.status, headers: [...headers], bodies, etag, revision };
      keeper?.set(url, answer, config.PUBLIC_S_MAXAGE * 1000);
      sendCached(req, res, answer, false);
    } catch (error) {
      if (refused) return;
      next(error);
    }
  }

  // Express 4 does not catch a rejected handler: whatever fails before an answer goes to its error path, never
  // unhandled (which would stop the process).
  return {
    serveKept: (req, res, next) => serveKept(req, res, next).catch(next),
    handle: (req, res, next) => handle(req, res, next).catch(next),
  };
}
