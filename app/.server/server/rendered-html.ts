// A page rendered whole by React 18.3's renderToPipeableStream (the CSP hashes need the whole page, decision 038), and
// its bytes without the NUL bytes React inserts: when a two- or three-byte character (é, à, «) does not
// fit at the end of its 2,048-byte buffer, React writes the whole buffer, unfilled bytes included (fixed in React 19).
// Browsers show them as « � » (an aria-label read « �Événements … »). HTML never carries a NUL byte of ours: every
// text field refuses control characters (app/domain/text.ts), so removing them all restores the intended page.
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
        const chunks: Uint8Array[] = [];
        pipe(
          chunkSink(
            (chunk) => chunks.push(chunk),
            () => settle(resolve)(collectRenderedHtml(chunks)),
            settle(reject),
          ),
        );
      },
      onShellError: settle(reject),
      onError,
    });
    timer = setTimeout(abort, abortMs);
  });
}

/**
 * What React's `pipe` writes to, keeping its chunks: only what it calls (`write`, `end`, `destroy`, `on`). A PassThrough
 * did the same through a stream's machinery, then said 'close' after the end, which React took for an abort and
 * answered by ending it again: Node made an error of it (ERR_STREAM_ALREADY_FINISHED) and its stack, on every page.
 */
function chunkSink(
  onChunk: (chunk: Uint8Array) => void,
  onEnd: () => void,
  onFail: (error: unknown) => void,
): NodeJS.WritableStream {
  let ended = false;
  const sink = {
    write(chunk: Uint8Array) {
      onChunk(chunk);
      return true;
    },
    end() {
      if (ended) return sink;
      ended = true;
      onEnd();
      return sink;
    },
    destroy(error?: unknown) {
      if (ended) return;
      ended = true;
      onFail(error ?? new Error('rendu interrompu'));
    },
    // 'drain', 'error' and 'close': this sink never emits them.
    on: () => sink,
  };
  return sink as unknown as NodeJS.WritableStream;
}

export function collectRenderedHtml(chunks: readonly Uint8Array[]): Buffer<ArrayBuffer> {
  const html = Buffer.concat(chunks);
  let nul = html.indexOf(0);
  if (nul === -1) return html;
  // Moved down over each NUL byte within the page's own buffer (Buffer#copy allows overlapping regions), found by
  // indexOf (native): a byte-by-byte loop cost a large page several percent of its render (bench/profile-pages.ts), and
  // a second buffer one more copy of the page per request.
  let length = nul;
  let from = nul + 1;
  nul = html.indexOf(0, from);
  while (nul !== -1) {
    length += html.copy(html, length, from, nul);
    from = nul + 1;
    nul = html.indexOf(0, from);
  }
  length += html.copy(html, length, from);
  return html.subarray(0, length);
}

/**
 * The rendered page as a Response's body, without the copy `new Response(bytes)` makes of it (the Fetch body of a
 * buffer is a copy): a stream of the one buffer, which the page keeper takes back whole (page-cache.ts, `bodyBytes`).
 */
export function pageBody(html: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(html);
      controller.close();
    },
  });
}
