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
