// Remix behind Express, as @remix-run/express does it, with one difference: the request body Remix reads is the
// limited stream of request-body.ts (the route's limit holds while the bytes arrive, before any parser sees them).
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type AppLoadContext,
  createRequestHandler,
  type ServerBuild,
  writeReadableStreamToWritable,
} from '@remix-run/node';
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from 'express';
import { limitedBody } from './request-body';

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

async function sendResponse(res: ServerResponse & ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

export function createRemixHandler(options: RemixHandlerOptions) {
  const handleRequest = createRequestHandler(options.build, options.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
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
      const request = new Request(remixUrl(req), {
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
      await sendResponse(res, response);
    } catch (error) {
      if (refused) return;
      next(error);
    }
  };
}
