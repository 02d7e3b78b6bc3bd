// How much a request may send, per kind of route, and the one place that holds it: before Remix, on the declared
// length and on the bytes as they arrive (chunked bodies too), before any parser sees them. A body past its limit is
// answered with a French 413 at once; the rest of it is never kept in memory (server.ts reads it and drops it, or
// closes the connection: docs/decisions/024-limites-des-corps-de-requete.md). The parts of a form are counted by its
// parser (form-body.ts), with the same limits, passed to the route in the load context (`bodyLimit`).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerBuild } from '@remix-run/node';
import { IMAGE_MAX_BYTES, IMAGE_TOO_BIG } from '~/domain/images';

const KB = 1024;

export type BodyKind = 'form' | 'upload' | 'json' | 'webhook' | 'beacon';

export interface BodyLimit {
  kind: BodyKind;
  /** Bytes of body accepted, on the wire (after any transfer decoding). */
  maxBytes: number;
  /** Parts of a multipart body accepted (fields and files); null when the kind is not multipart. */
  maxParts: number | null;
}

/** The limits. A form is a few kilobytes (a contact message of 5,000 characters is 30 KB url-encoded at worst). */
export const BODY_LIMITS: Record<BodyKind, BodyLimit> = {
  // Url-encoded forms, and the small multipart forms scripts send with fetch(FormData).
  form: { kind: 'form', maxBytes: 64 * KB, maxParts: 40 },
  // The event and partner forms and the image upload: one image of at most 8 MB, its fields, and a margin so that a
  // slightly bigger image still gets the form's own message (« L’image dépasse 8 Mo ») rather than this refusal.
  upload: { kind: 'upload', maxBytes: IMAGE_MAX_BYTES + 512 * KB, maxParts: 80 },
  // JSON sent to a form (never needed: refused by the form's parser, but read no further than this).
  json: { kind: 'json', maxBytes: 8 * KB, maxParts: null },
  // Stripe's events (checkout.session.*) are a few kilobytes.
  webhook: { kind: 'webhook', maxBytes: 64 * KB, maxParts: null },
  // A page view: a path and a title.
  beacon: { kind: 'beacon', maxBytes: 2 * KB, maxParts: null },
};

/**
 * What a route module exports to say that its form carries an image (`export const handle = { body: 'upload' }`):
 * its multipart bodies get the upload limit, before Remix and in its parser. Said once, in the route.
 */
export interface RouteBodyHandle {
  body: 'upload';
}

/** Whether a path is one of the routes that take uploads, read from the build's route modules (their `handle`). */
export type IsUploadPath = (pathname: string) => boolean;

export function uploadPaths(routes: ServerBuild['routes']): IsUploadPath {
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return '';
    const parent = route.parentId ? fullPath(route.parentId) : '';
    return [parent, route.path ?? ''].filter(Boolean).join('/');
  };
  const patterns = Object.entries(routes)
    .filter(([, route]) => (route?.module.handle as Partial<RouteBodyHandle> | undefined)?.body === 'upload')
    .map(([id]) => {
      const segments = fullPath(id)
        .split('/')
        .filter(Boolean)
        .map((segment) =>
          segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        );
      return new RegExp(`^/${segments.join('/')}$`, 'i');
    });
  return (pathname) => patterns.some((pattern) => pattern.test(pathname));
}

export const BODY_TOO_LARGE = 'Envoi refusé\u00a0: il est plus volumineux que ce que ce formulaire accepte.';
export const TOO_MANY_PARTS = 'Envoi refusé\u00a0: il compte plus de champs que ce que ce formulaire accepte.';

/** The limit of a request, from its path (as Remix sees it, `.data` requests included) and its Content-Type. */
export function bodyLimitFor(pathname: string, contentType: string | undefined, isUpload: IsUploadPath): BodyLimit {
  // As Remix matches routes: case aside, one trailing slash aside, `.data` requests as their page.
  const path =
    pathname
      .toLowerCase()
      .replace(/\.data$/, '')
      .replace(/\/+$/, '') || '/';
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (path === '/payment/webhook') return BODY_LIMITS.webhook;
  if (path === '/analytics/pageview' || path === '/analytics/clic') return BODY_LIMITS.beacon;
  if (type === 'multipart/form-data' && isUpload(path)) return BODY_LIMITS.upload;
  if (type === 'application/json' || type.endsWith('+json')) return BODY_LIMITS.json;
  return BODY_LIMITS.form;
}

/** The error a body stream ends with when the request is refused (the answer is already on its way). */
export class BodyRefused extends Error {
  constructor() {
    super(BODY_TOO_LARGE);
    this.name = 'BodyRefused';
  }
}

function refusalMessage(limit: BodyLimit): string {
  return limit.kind === 'upload' ? IMAGE_TOO_BIG : BODY_TOO_LARGE;
}

/**
 * Answers 413 in the form the client reads: a page for a browser's form, JSON for scripts (the image upload, the
 * push subscription, the cookie choice with JavaScript), plain text for the page-view beacon and Stripe.
 */
export function sendBodyRefusal(req: IncomingMessage, res: ServerResponse, limit: BodyLimit) {
  if (res.headersSent) return;
  const message = refusalMessage(limit);
  res.statusCode = 413;
  res.setHeader('Cache-Control', 'no-store');
  const accept = String(req.headers.accept ?? '');
  if (limit.kind === 'webhook' || limit.kind === 'beacon') {
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(message);
  } else if (accept.includes('text/html')) {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html lang="fr-CH"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Envoi trop volumineux · Agenda romand</title><main><h1>Envoi trop volumineux</h1><p>${message}</p><p>Revenez à la page précédente pour corriger votre envoi.</p><p><a href="/">Retour à l’accueil</a></p></main></html>`,
    );
  } else {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify({ ok: false, message, error: message }));
  }
}

/** The path of a request as sent (an unparsable target counts as the site root: the form limit applies). */
function pathOf(req: IncomingMessage): string {
  try {
    return new URL(req.url ?? '/', 'http://x').pathname;
  } catch {
    return '/';
  }
}

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

export interface BodyLimits {
  /**
   * Express middleware, before Remix: a request that announces more than its route accepts is answered 413 here, its
   * body unread. Others go on.
   */
  refuseOversized(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** The limit of a request (the load context carries it to the route's form reader). */
  limitOf(req: IncomingMessage): BodyLimit;
}

/** The body limits of the app whose upload routes `isUpload` knows (uploadPaths of the server build). */
export function createBodyLimits(isUpload: IsUploadPath): BodyLimits {
  const limits = new WeakMap<IncomingMessage, BodyLimit>();
  const limitOf = (req: IncomingMessage) => {
    let limit = limits.get(req);
    if (!limit) {
      limit = bodyLimitFor(pathOf(req), req.headers['content-type'], isUpload);
      limits.set(req, limit);
    }
    return limit;
  };
  return {
    limitOf,
    refuseOversized(req, res, next) {
      if (req.method === 'GET' || req.method === 'HEAD' || !hasBody(req)) return next();
      const limit = limitOf(req);
      if (Number(req.headers['content-length'] ?? 0) > limit.maxBytes) sendBodyRefusal(req, res, limit);
      else next();
    },
  };
}

/**
 * The request body as the web stream Remix reads, cut at the route's limit: past it (bytes or parts), the stream
 * errors, `onRefused` answers 413, and the rest is left to the connection's drain (never buffered). A client that goes
 * away mid-body errors the stream too, so a truncated form is never parsed as a whole one.
 */
export function limitedBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: BodyLimit,
  onRefused: () => void,
): ReadableStream<Uint8Array> | undefined {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  let received = 0;
  let detach = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const refuse = () => {
          detach();
          controller.error(new BodyRefused());
          sendBodyRefusal(req, res, limit);
          onRefused();
        };
        const onData = (chunk: Buffer) => {
          received += chunk.length;
          if (received > limit.maxBytes) return refuse();
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => {
          detach();
          controller.close();
        };
        const onAborted = () => {
          detach();
          controller.error(new Error('Requête interrompue par le client'));
        };
        req.on('data', onData);
        req.once('end', onEnd);
        req.once('error', onAborted);
        req.once('close', onAborted);
        detach = () => {
          req.off('data', onData);
          req.off('end', onEnd);
          req.off('error', onAborted);
          req.off('close', onAborted);
        };
      },
      pull() {
        req.resume();
      },
      cancel() {
        // The reader stopped (a refusal before the end): the request stays paused, and server.ts drops the rest once
        // the answer is sent, keeping the connection (docs/decisions/023).
        detach();
      },
    },
    { highWaterMark: 64 * KB, size: (chunk) => chunk.byteLength },
  );
}
