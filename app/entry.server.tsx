// Server rendering. The whole page is rendered before it is sent (no streaming: no route defers data), so that its
// Content-Security-Policy can allow each of its inline scripts by hash (decision 038). Cache-Control is decided in one
// place for every answer, after this (app/.server/server/http-cache.ts).
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
import { cspDirectives, inlineScripts, scriptHash, serializeCsp } from './.server/server/csp';
import { pageBody, renderWhole } from './.server/server/rendered-html';
import { platformRuntime, type ServerRuntime } from './.server/server/server-runtime';
import { getServices } from './.server/services';

// server.ts reads the services and its HTTP pieces from here (the build), never from the app's source: the one place
// besides the composition root that reaches the process's services (decision 076). Every request then carries them in
// its load context.
export const serverRuntime: ServerRuntime = { ...platformRuntime, getServices };

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

/** The page's own policy: the site's, plus the hash of every inline script it holds. */
function pageCsp(html: Uint8Array, { services }: AppLoadContext): string {
  const { config, firebase } = services;
  const hashes = [...new Set(inlineScripts(html).map(scriptHash))];
  return serializeCsp(cspDirectives(config, firebase, hashes));
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const html = await renderWhole(
    <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
    ABORT_DELAY,
    (error) => {
      responseStatusCode = 500;
      if (!request.signal.aborted) console.error(error);
    },
  );
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  responseHeaders.set('Content-Security-Policy', pageCsp(html, loadContext));
  return new Response(pageBody(html), { headers: responseHeaders, status: responseStatusCode });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A refusal thrown on purpose (400 bad form, 403 CSRF, 404…) is an answer, not a fault of the server.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
}
