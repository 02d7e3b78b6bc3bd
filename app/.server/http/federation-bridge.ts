// Fedify behind Express (decision 087): the request handed to `federation.fetch` as a web Request on the site's own
// origin (SITE_URL: the ids we sign and serve never depend on a client's Host header), its answer written back as a
// stream, any failure passed to Express's error handling. A path Fedify does not know goes on to the site. A few
// lines of our own rather than @fedify/express, which exists for Fedify 2 only as a prerelease.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Federation } from '@fedify/fedify';
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction, RequestHandler } from 'express';

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
    let unknownPath = false;
    const response = await federation.fetch(request, {
      contextData: contextData(),
      onNotFound: () => {
        unknownPath = true;
        return new Response(null, { status: 404 });
      },
      // An actor or a collection asked for as a web page: nothing of the site lives at these paths.
      onNotAcceptable: () =>
        new Response('Ce document se lit en ActivityPub (application/activity+json).', {
          status: 406,
          headers: { 'Content-Type': 'text/plain; charset=utf-8', Vary: 'Accept' },
        }),
    });
    if (unknownPath) return next();
    res.status(response.status);
    for (const [key, value] of response.headers) res.setHeader(key, value);
    if (!response.body || req.method === 'HEAD') return void res.end();
    Readable.fromWeb(response.body as WebReadableStream<Uint8Array>)
      .on('error', (error) => res.destroy(error))
      .pipe(res);
  })().catch(next);
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

function webRequest(req: ExpressRequest, siteUrl: string): Request {
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.originalUrl, siteUrl), {
    method: req.method,
    headers: webHeaders(req),
    body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>) : undefined,
    // Node's fetch needs it for a streamed body.
    duplex: 'half',
  });
}
