// Server rendering with the per-request CSP nonce; bots get the whole page at once.
import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { getCurrentUser } from './.server/platform/session';
import { NonceProvider } from './components/nonce';

// server.ts reads the services and its HTTP pieces from here (the build), never from the app's source.
export { serverRuntime } from './.server/platform/server-runtime';

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

/** HTML and data carry a CSRF token and maybe a user: never in a shared cache, never stored when logged in. */
async function privateCacheControl(request: Request): Promise<string> {
  return (await getCurrentUser(request)) ? 'private, no-store' : 'private, no-cache';
}

export async function handleDataRequest(response: Response, { request }: { request: Request }) {
  if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', await privateCacheControl(request));
  return response;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? '';
  const cacheControl = await privateCacheControl(request);
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', cacheControl);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A refusal thrown on purpose (400 bad form, 403 CSRF, 404…) is an answer, not a fault of the server.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
}
