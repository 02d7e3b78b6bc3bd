// How much a request may send, per kind of route, and the one place that holds it: before Remix, on the declared
// length and on the bytes as they arrive (chunked bodies too), before any parser sees them. A body past its limit is
// answered with a French 413 at once; the rest of it is never kept in memory (server.ts reads it and drops it, or
// closes the connection: docs/decisions/024-limites-des-corps-de-requete.md).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { IMAGE_MAX_BYTES } from '~/domain/images';

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

/** The routes whose form carries an image (multipart only: the same routes' url-encoded forms are plain forms). */
const UPLOAD_ROUTES = [
  /^\/organizer\/submit-event$/,
  /^\/organizer\/edit-event\/[^/]+$/,
  /^\/organizer\/image-upload$/,
  /^\/admin\/partners$/,
];

export const BODY_TOO_LARGE = 'Envoi refusé\u00a0: il est plus volumineux que ce que ce formulaire accepte.';
export const TOO_MANY_PARTS = 'Envoi refusé\u00a0: il compte plus de champs que ce que ce formulaire accepte.';
export const IMAGE_TOO_LARGE = 'L’image dépasse 8 Mo. Réduisez-la ou choisissez-en une autre.';

/** The limit of a request, from its path (as Remix sees it, `.data` requests included) and its Content-Type. */
export function bodyLimitFor(pathname: string, contentType: string | undefined): BodyLimit {
  // As Remix matches routes: case aside, one trailing slash aside, `.data` requests as their page.
  const path =
    pathname
      .toLowerCase()
      .replace(/\.data$/, '')
      .replace(/\/+$/, '') || '/';
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (path === '/payment/webhook') return BODY_LIMITS.webhook;
  if (path === '/analytics/pageview') return BODY_LIMITS.beacon;
  if (type === 'multipart/form-data' && UPLOAD_ROUTES.some((route) => route.test(path))) return BODY_LIMITS.upload;
  if (type === 'application/json' || type.endsWith('+json')) return BODY_LIMITS.json;
  return BODY_LIMITS.form;
}

/** The boundary of a multipart Content-Type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  const [type, ...params] = (contentType ?? '').split(';');
  if (type.trim().toLowerCase() !== 'multipart/form-data') return null;
  for (const param of params) {
    const match = param.trim().match(/^boundary=(?:"([^"]{1,70})"|([^\s"]{1,70}))$/i);
    if (match) return match[1] ?? match[2];
  }
  return null;
}

/**
 * Counts the delimiters of a multipart body as its bytes go by (`--boundary`, across chunk edges): a body of N parts
 * has N + 1 of them (the last one closes it). Never holds more than a boundary's length of the body.
 */
export class PartCounter {
  readonly #delimiter: Buffer;
  #tail: Buffer = Buffer.alloc(0);
  delimiters = 0;

  constructor(boundary: string) {
    this.#delimiter = Buffer.from(`--${boundary}`, 'latin1');
  }

  get parts(): number {
    return Math.max(0, this.delimiters - 1);
  }

  add(chunk: Uint8Array): void {
    const window = Buffer.concat([this.#tail, chunk]);
    let at = window.indexOf(this.#delimiter);
    while (at !== -1) {
      this.delimiters += 1;
      at = window.indexOf(this.#delimiter, at + this.#delimiter.length);
    }
    // Keep what could be the start of a delimiter cut by the chunk's end (and was not counted).
    const keep = Math.min(window.length, this.#delimiter.length - 1);
    this.#tail = Buffer.from(window.subarray(window.length - keep));
  }
}

export type BodyRefusal = 'too-large' | 'too-many-parts';

/** The error a body stream ends with when the request is refused (the answer is already on its way). */
export class BodyRefused extends Error {
  constructor(readonly reason: BodyRefusal) {
    super(reason === 'too-large' ? BODY_TOO_LARGE : TOO_MANY_PARTS);
    this.name = 'BodyRefused';
  }
}

function refusalMessage(limit: BodyLimit, reason: BodyRefusal): string {
  if (reason === 'too-many-parts') return TOO_MANY_PARTS;
  return limit.kind === 'upload' ? IMAGE_TOO_LARGE : BODY_TOO_LARGE;
}

/**
 * Answers 413 in the form the client reads: a page for a browser's form, JSON for scripts (the image upload, the
 * push subscription, the cookie choice with JavaScript), plain text for the page-view beacon and Stripe.
 */
export function sendBodyRefusal(req: IncomingMessage, res: ServerResponse, limit: BodyLimit, reason: BodyRefusal) {
  if (res.headersSent) return;
  const message = refusalMessage(limit, reason);
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

/** What the limit layer keeps per request between the middleware and the Remix handler. */
const limits = new WeakMap<IncomingMessage, BodyLimit>();

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

/**
 * Express middleware, before Remix: a request that announces more than its route accepts is answered 413 here, its
 * body unread. Others go on with their limit noted for `limitedBody`.
 */
export function refuseOversizedBodies(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (req.method === 'GET' || req.method === 'HEAD' || !hasBody(req)) {
    next();
    return;
  }
  const limit = bodyLimitFor(pathOf(req), req.headers['content-type']);
  limits.set(req, limit);
  if (Number(req.headers['content-length'] ?? 0) > limit.maxBytes) sendBodyRefusal(req, res, limit, 'too-large');
  else next();
}

/**
 * The request body as the web stream Remix reads, cut at the route's limit: past it (bytes or parts), the stream
 * errors, `onRefused` answers 413, and the rest is left to the connection's drain (never buffered). A client that goes
 * away mid-body errors the stream too, so a truncated form is never parsed as a whole one.
 */
export function limitedBody(
  req: IncomingMessage,
  res: ServerResponse,
  onRefused: () => void,
): ReadableStream<Uint8Array> | undefined {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const limit = limits.get(req) ?? bodyLimitFor(pathOf(req), req.headers['content-type']);
  const boundary = limit.maxParts === null ? null : multipartBoundary(req.headers['content-type']);
  const counter = boundary ? new PartCounter(boundary) : null;
  let received = 0;
  let detach = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const refuse = (reason: BodyRefusal) => {
          detach();
          controller.error(new BodyRefused(reason));
          sendBodyRefusal(req, res, limit, reason);
          onRefused();
        };
        const onData = (chunk: Buffer) => {
          received += chunk.length;
          if (received > limit.maxBytes) return refuse('too-large');
          if (counter && limit.maxParts !== null) {
            counter.add(chunk);
            if (counter.parts > limit.maxParts) return refuse('too-many-parts');
          }
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
