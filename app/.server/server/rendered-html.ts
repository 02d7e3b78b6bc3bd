// A page rendered whole by React 18.3's renderToPipeableStream (the CSP hashes need the whole page, decision 038), and
// its bytes without the NUL bytes React inserts: when a two- or three-byte character (é, à, «) does not
// fit at the end of its 2,048-byte buffer, React writes the whole buffer, unfilled bytes included (fixed in React 19).
// Browsers show them as « � » (an aria-label read « �Événements … »). HTML never carries a NUL byte of ours: every
// text field refuses control characters (app/domain/text.ts), so removing them all restores the intended page.
import { PassThrough } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

/**
 * Renders `element` whole (React's onAllReady), given up after `abortMs`. The give-up timer is cleared as soon as the
 * page is rendered: left to run, it held React's request, hence the page's chunks and their copy, for `abortMs` after
 * the answer; at 200 pages a second, 1,000 pages at once, 122 MB of buffers kept alive (issue 50).
 */
export function renderWhole(
  element: ReactElement,
  abortMs: number,
  onError: (error: unknown) => void,
): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle =
      <T>(then: (value: T) => void) =>
      (value: T) => {
        clearTimeout(timer);
        then(value);
      };
    const { pipe, abort } = renderToPipeableStream(element, {
      onAllReady() {
        const body = new PassThrough();
        const chunks: Buffer[] = [];
        body.on('data', (chunk: Buffer) => chunks.push(chunk));
        body.on('error', settle(reject));
        body.on('end', () => settle(resolve)(collectRenderedHtml(chunks)));
        pipe(body);
      },
      onShellError: settle(reject),
      onError,
    });
    timer = setTimeout(abort, abortMs);
  });
}

export function collectRenderedHtml(chunks: readonly Uint8Array[]): Buffer<ArrayBuffer> {
  const html = Buffer.concat(chunks);
  let nul = html.indexOf(0);
  if (nul === -1) return html;
  // Copied between the NUL bytes, found by indexOf (native): a byte-by-byte loop cost a large page several percent of
  // its render (bench/profile-pages.ts).
  const clean = Buffer.allocUnsafe(html.length);
  let length = 0;
  let from = 0;
  while (nul !== -1) {
    length += html.copy(clean, length, from, nul);
    from = nul + 1;
    nul = html.indexOf(0, from);
  }
  length += html.copy(clean, length, from);
  return clean.subarray(0, length);
}
