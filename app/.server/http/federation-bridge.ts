// Fedify behind Express (decision 087): the request handed to `federation.fetch` as a web Request on the site's own
// origin (SITE_URL: the ids we sign and serve never depend on a client's Host header), its answer written back as a
// stream, any failure passed to Express's error handling; an error answers in JSON (decision 102). A few
// lines of our own rather than @fedify/express, which exists for Fedify 2 only as a prerelease.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Federation } from '@fedify/fedify';
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction, RequestHandler } from 'express';
import { prefersWebPage } from './activity-negotiation';

export function federationBridge<T>(federation: Federation<T>, siteUrl: string, contextData: () => T): RequestHandler {
  return (req, res, next) => void answerWith(federation, webRequest(req, siteUrl), contextData, req, res, next);
}

/** Fedify's answer to a request already made a web Request (its body read by the inbox, decision 091). */
export function answerWith<T>(
  federation: Federation<T>,
  request: Request,
  contextData: () => T,
  req: ExpressRequest,
  res: ExpressResponse,
  next: NextFunction,
): Promise<void> {
  return (async () => {
    const response = await federation.fetch(request, {
      contextData: contextData(),
      // Every path that reaches Fedify is one of ours (service.ts): an unknown account, actor or path answers in JSON.
      onNotFound: () => jsonResponse(404, { error: 'Introuvable.' }),
      // A document asked for as a web page that has none (a known actor's or object's page is reached before, by
      // http/activity-negotiation.ts).
      onNotAcceptable: () =>
        new Response('Ce document se lit en ActivityPub (application/activity+json).', {
          status: 406,
          headers: { 'Content-Type': 'text/plain; charset=utf-8', Vary: 'Accept' },
        }),
    });
    const answer = await asJsonError(response, request);
    res.status(answer.status);
    for (const [key, value] of answer.headers) res.setHeader(key, value);
    if (!answer.body || req.method === 'HEAD') return void res.end();
    Readable.fromWeb(answer.body as WebReadableStream<Uint8Array>)
      .on('error', (error) => res.destroy(error))
      .pipe(res);
  })().catch(next);
}

/** A JSON answer (an error: `{ error }`), never stored by a cache (a CDN keeps a 404 ten minutes otherwise). */
export function jsonResponse(status: number, body: unknown, type = 'application/json; charset=utf-8'): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': type, 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' },
  });
}

/** The same, written on an Express answer (a document of documents.ts). */
export function sendJson(req: ExpressRequest, res: ExpressResponse, status: number, body: unknown, type: string) {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': bytes.length,
    'Access-Control-Allow-Origin': '*',
    // The same address sends a browser to the event's page (activity-negotiation.ts): a cache keeps them apart.
    Vary: 'Accept',
    ...(status === 200 ? {} : { 'Cache-Control': 'no-store' }),
  });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/**
 * Fedify's own refusals of a read are short texts (« Missing resource parameter. », 400): WebFinger (RFC 7033), an
 * actor or NodeInfo answer in JSON, with the same status. An inbox's answer, and a 406 to a browser, stay as they are.
 */
async function asJsonError(response: Response, request: Request): Promise<Response> {
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  const type = response.headers.get('Content-Type') ?? '';
  if (!isRead || response.status < 400 || response.status === 406 || /json/.test(type)) return response;
  const text = (await response.text()).trim();
  return jsonResponse(response.status, { error: text || response.statusText || 'Requête refusée.' });
}

/** The request's headers as web Headers. */
export function webHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (typeof value === 'string') headers.append(name, value);
  }
  return headers;
}

/**
 * A read of an actor or a collection by a client that does not ask for a web page (curl, `*\/*`, no Accept at all)
 * gets the document, as an event's object does; a browser's (text/html) was sent to the page before, if it has one.
 */
function documentHeaders(req: ExpressRequest): Headers {
  const headers = webHeaders(req);
  const isRead = req.method === 'GET' || req.method === 'HEAD';
  if (isRead && req.path.startsWith('/federation/') && !prefersWebPage(req.get('Accept')))
    headers.set('Accept', 'application/activity+json');
  return headers;
}

function webRequest(req: ExpressRequest, siteUrl: string): Request {
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.originalUrl, siteUrl), {
    method: req.method,
    headers: documentHeaders(req),
    body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>) : undefined,
    // Node's fetch needs it for a streamed body.
    duplex: 'half',
  });
}
