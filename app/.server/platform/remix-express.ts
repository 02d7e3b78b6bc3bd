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
import { apiRateLimit } from '../api/http';
import { getServices } from '../services';
import {
  type CachedAnswer,
  cacheControl,
  cacheKind,
  createPageCache,
  isNotModified,
  type PageCache,
  strongEtag,
} from './http-cache';
import { limitedBody } from './request-body';
import { answeringStorageFailures } from './storage-answer';
import { hasVisitorCookie, VISITOR_COOKIE } from './visitor';

export interface RemixHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
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

/** The URL as the Express adapter builds it: `req.hostname` honours `trust proxy`, the port comes from the headers. */
function remixUrl(req: ExpressRequest): string {
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(':')[1] ?? '', 10);
  const forwarded = portOf(req.get('X-Forwarded-Host'));
  const direct = portOf(req.get('Host'));
  const port = Number.isSafeInteger(forwarded) ? forwarded : Number.isSafeInteger(direct) ? direct : '';
  return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`).href;
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

/** A kept page, or a 304 when the client already has it. */
function sendCached(req: ExpressRequest, res: ExpressResponse, answer: CachedAnswer, hit: boolean) {
  res.status(answer.status);
  writeHeaders(res, answer.headers);
  res.setHeader('X-Page-Cache', hit ? 'hit' : 'miss');
  if (isNotModified(req.get('If-None-Match'), answer.etag)) {
    res.status(304);
    res.removeHeader('Content-Length');
    return res.end();
  }
  res.setHeader('Content-Length', answer.body.byteLength);
  res.end(req.method === 'HEAD' ? undefined : answer.body);
}

export function createRemixHandler(options: RemixHandlerOptions) {
  const { build } = options;
  const handleRequest = createRequestHandler(
    typeof build === 'function' ? async () => answeringStorageFailures(await build()) : answeringStorageFailures(build),
    options.mode,
  );
  let pageCache: PageCache | null | undefined;
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const { config, store } = getServices();
    pageCache ??= createPageCache(config.PAGE_CACHE_MB * 1024 * 1024);
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    // The public API never reads the session: its answers are everyone's, cookie or not (decision 046).
    const isApi = req.path.startsWith('/api/v1/');
    const anonymous = isApi || !hasVisitorCookie(req.get('Cookie'));
    const url = remixUrl(req);
    // The store's revision before rendering: a write during it makes the kept copy stale at once.
    const revision = isRead && anonymous && pageCache ? store.revision() : -1;
    if (revision !== -1) {
      const kept = pageCache?.get(url, revision);
      if (kept) {
        // A kept API answer counts against the address's allowance as the loader's own would (decision 046).
        if (isApi) {
          const { clientIp } = await options.getLoadContext(req, res);
          const limited = await apiRateLimit(clientIp, config.API_RATE_PER_MINUTE);
          if (limited) return sendResponse(res, limited.status, 'Too Many Requests', limited.headers, limited.body);
        }
        return sendCached(req, res, kept, true);
      }
    }
    // Aborts loaders and actions once no answer can be written (the client left), or once the body was refused.
    let controller: AbortController | null = new AbortController();
    let refused = false;
    res.on('finish', () => {
      controller = null;
    });
    res.on('close', () => controller?.abort());
    try {
      const body = limitedBody(req, res, () => {
        refused = true;
        controller?.abort();
      });
      const request = new Request(url, {
        method: req.method,
        headers: remixHeaders(req),
        signal: controller.signal,
        ...(body ? { body, duplex: 'half' } : {}),
      } as RequestInit);
      const response = await handleRequest(request, await options.getLoadContext(req, res));
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
      const answer: CachedAnswer = { status: response.status, headers: [...headers], body: bytes, etag, revision };
      if (revision !== -1 && req.method === 'GET') pageCache?.set(url, answer, config.PUBLIC_S_MAXAGE * 1000);
      sendCached(req, res, answer, false);
    } catch (error) {
      if (refused) return;
      next(error);
    }
  };
}
