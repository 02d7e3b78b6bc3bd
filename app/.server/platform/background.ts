// Work that must not delay an answer nor show in it (mails and what they depend on): started once the current
// request has moved on, failures logged, and awaited before the process stops (server.ts).
const running = new Set<Promise<void>>();

export function afterResponse(label: string, work: () => Promise<unknown>): void {
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .then(
      () => undefined,
      (error: unknown) => {
        console.error(`[${label}] tâche différée en échec`, error);
      },
    )
    .finally(() => running.delete(run));
  running.add(run);
}

/** Resolves once every piece of work started so far (and any it started) is done. */
export async function backgroundSettled(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}

/**
 * Lets the event loop run (sockets, timers, messages) before going on: a job whose store calls never wait for I/O
 * (SQLite answers synchronously) would otherwise hold its process for its whole run. Batches call it between items.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The longest a batch holds its process between two yields (timeSlices). */
export const SLICE_MS = 10;

/** How long a batch waits, at most, for one run of urgent work (a mail server that hangs must not stop an import). */
export const URGENT_WAIT_MS = 2000;

const urgentRuns = new Set<Promise<unknown>>();

/**
 * Work that goes before the batches of this process (the mails a visitor waits for): while it runs, a batch that
 * reaches its next slice waits for it (at most URGENT_WAIT_MS), instead of sharing the process with it.
 */
export function urgent<T>(work: Promise<T>): Promise<T> {
  const run = work.finally(() => urgentRuns.delete(run));
  urgentRuns.add(run);
  return run;
}

/**
 * A yield by time rather than by count, with urgent work first (issue 68): called between items, it lets the event
 * loop run once `sliceMs` of work has passed since the last time, and waits for the urgent work running then. Counted in
 * items, a slice of 25 imported events held the process about 50 ms, and a verification mail, which needs the loop at
 * each reply of the SMTP server, left 1.2 s after the one before it.
 */
export function timeSlices(sliceMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  const waited = new WeakSet<Promise<unknown>>();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await yieldToEventLoop();
    const pending = [...urgentRuns].filter((run) => !waited.has(run));
    if (pending.length > 0) {
      for (const run of pending) waited.add(run);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(pending),
        new Promise((resolve) => {
          timer = setTimeout(resolve, URGENT_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    }
    since = performance.now();
  };
}
