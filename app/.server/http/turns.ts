// Turns for the inbox's POSTs (decisions 091 and 094): few at once, spread out in time, after the pages being served, a
// bounded line of those waiting.

/**
 * At most `size` holders at once, and a new one every `gapMs` at most (a burst is spread out instead of taking the
 * process from its pages); a turn is given once `before` resolves (the pages first); null when `waitingMax` already
 * wait (the caller answers 503).
 */
export function createTurns(
  size: number,
  {
    gapMs = 0,
    waitingMax = Number.POSITIVE_INFINITY,
    before,
  }: { gapMs?: number; waitingMax?: number; before?: () => Promise<void> } = {},
) {
  let free = size;
  let nextAt = 0;
  const waiting: (() => void)[] = [];
  const start = (grant: () => void) => {
    const at = Date.now();
    const wait = Math.max(0, nextAt - at);
    nextAt = Math.max(at, nextAt) + gapMs;
    const go = before ? () => void before().then(grant) : grant;
    if (wait === 0) go();
    else setTimeout(go, wait);
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

/**
 * The requests for pages this process is serving: `idle()` resolves once it serves none, or after `maxWaitMs` at most
 * (the pages come first, and a sender is never made to wait for ever).
 */
export function createPagesFirst(maxWaitMs: number) {
  let serving = 0;
  let waiters: (() => void)[] = [];
  return {
    serving: () => serving,
    /** A page's request begins; the function returned ends it (once, however often it is called). */
    enter(): () => void {
      serving++;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        serving--;
        if (serving > 0) return;
        const woken = waiters;
        waiters = [];
        for (const wake of woken) wake();
      };
    },
    idle(): Promise<void> {
      if (serving === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters = waiters.filter((w) => w !== done);
          resolve();
        };
        const timer = setTimeout(done, maxWaitMs);
        waiters.push(done);
      });
    },
  };
}
