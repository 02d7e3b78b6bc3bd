// What a serving process gives back once its requests stop (issue 72, decision 174). V8 keeps the young generation it
// grew to (two semi-spaces of 16 MB, decision 134) and the old generation's pages as they are as long as nothing is
// allocated, and an idle process allocates nothing: its own memory reducer never ran, and the serving process held
// ~80 MB of its own for ~40 MB alive. Once no request has been under way for IDLE_COLLECT_MS, one collection that
// reduces the heap (V8's « last resort »: the young generation shrunk, the old one compacted) brings it to ~55 MB. It
// runs again only after new requests that grew the heap by HEAP_GROWTH_BYTES: an idle process pays it once, a busy one
// never, and a quiet site (a visit every 15 s) does not pay a major collection per visit.
import type http from 'node:http';
import v8 from 'node:v8';

/** How long a serving process waits without a request before it gives its heap back. */
export const IDLE_COLLECT_MS = 10_000;

/** How much the heap must have grown since the last collection for the next to be worth its pause. */
export const HEAP_GROWTH_BYTES = 8 * 1024 * 1024;

const heapSize = () => v8.getHeapStatistics().total_heap_size;

/** The collection that reduces the heap, as V8's `gc` takes it. */
const reduceHeap = (collect: NodeJS.GCFunction) => collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });

/**
 * Gives the heap back once `server` has answered everything and had no request for `idleMs`. `collect` is V8's `gc`,
 * which `--expose-gc` alone gives JavaScript (primary.ts WEB_V8_FLAGS, for the serving processes it starts); without it
 * (the operator's own command line, one process on Cloud Run), nothing is armed.
 */
export function collectWhenIdle(
  server: http.Server,
  collect: NodeJS.GCFunction | undefined,
  idleMs = IDLE_COLLECT_MS,
  heapBytes: () => number = heapSize,
): void {
  if (!collect) return;
  let underWay = 0;
  // Armed from the start: what loading the app and the first pages left is given back too.
  let afterLast = 0;
  const timer = setTimeout(() => {
    if (underWay > 0 || heapBytes() < afterLast + HEAP_GROWTH_BYTES) return;
    reduceHeap(collect);
    afterLast = heapBytes();
  }, idleMs).unref();
  server.on('request', (_request: http.IncomingMessage, response: http.ServerResponse) => {
    underWay++;
    response.once('close', () => {
      underWay--;
      if (underWay === 0) timer.refresh();
    });
  });
}
