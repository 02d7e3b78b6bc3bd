// Turns for the inbox's POSTs (decision 091): few at once, spread out in time, a bounded line of those waiting.

/**
 * At most `size` holders at once, and a new one every `gapMs` at most (a burst is spread out instead of taking the
 * process from its pages); null when `waitingMax` already wait (the caller answers 503).
 */
export function createTurns(size: number, { gapMs = 0, waitingMax = Number.POSITIVE_INFINITY } = {}) {
  let free = size;
  let nextAt = 0;
  const waiting: (() => void)[] = [];
  const start = (grant: () => void) => {
    const at = Date.now();
    const wait = Math.max(0, nextAt - at);
    nextAt = Math.max(at, nextAt) + gapMs;
    if (wait === 0) grant();
    else setTimeout(grant, wait);
  };
  const release = () => {
    const next = waiting.shift();
    if (next) start(next);
    else free++;
  };
  return {
    take(): Promise<() => void> | null {
      if (free === 0 && waiting.length >= waitingMax) return null;
      return new Promise((resolve) => {
        let released = false;
        const grant = () =>
          resolve(() => {
            if (released) return;
            released = true;
            release();
          });
        if (free > 0) {
          free--;
          start(grant);
        } else waiting.push(grant);
      });
    },
  };
}
