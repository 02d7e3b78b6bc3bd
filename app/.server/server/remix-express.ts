// Remix behind Express, as @remix-run/express does it, through public API only (`createRequestHandler` and
// `writeReadableStreamToWritable` of @remix-run/node; decision 148), with two differences that the published
// @remix-run/express handler cannot take, since it builds the request from the raw `req` and writes the answer to `res`
// itself: the request body Remix reads is the limited stream of request-body.ts (the route's limit holds while the
// bytes arrive, before any parser sees them), and every answer goes through the one cache policy (http-cache.ts:
// Cache-Control, ETag and 304) and, when public, the page cache of this process (page-cache.ts), with a single
// `__session` Set-Cookie. Around the published handler, both would mean wrapping `res` and `req`.
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
import { setCookies, writeHeaders } from './answer-headers';
import { cacheControl, cacheKind } from './http-cache';
import { createPageKeeper } from './page-cache';
import { refuseUnreadableTarget } from './request-host';
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

export function createRemixHandler(options: RemixHandlerOptions): RemixHandler {
  const { build, services } = options;
  const { config } = services;
  const handleRequest = createRequestHandler(
    typeof build === 'function' ? async () => answeringStorageFailures(await build()) : answeringStorageFailures(build),
    options.mode,
  );
  const pages = createPageKeeper(build, services);

  async function serveKept(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    await pages.serveKept(req, res, next, async ({ isApi }) => {
      if (!isApi) return false;
      // A kept API answer counts against the address's allowance as the loader's own would (decision 046).
      const { clientIp } = await options.getLoadContext(req, res);
      const limited = await apiRateLimit(clientIp, config.API_RATE_PER_MINUTE);
      if (!limited) return false;
      await sendResponse(res, limited.status, 'Too Many Requests', limited.headers, limited.body);
      return true;
    });
  }

  async function handle(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    const found = await pages.lookup(req);
    const { secretUrl, anonymous, url } = found;
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
      await pages.answerPublic(req, res, found, response, headers);
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
