// Rate limiters that count for the whole server: in memory when one process serves, through the primary process
// when several workers do (WEB_CONCURRENCY, see docs/decisions/020-plusieurs-processus.md), so a client cannot
// double its allowance by landing on another worker.
import cluster from 'node:cluster';
import {
  type IRateLimiterOptions,
  RateLimiterCluster,
  RateLimiterMemory,
  type RateLimiterRes,
} from 'rate-limiter-flexible';

export interface Limiter {
  /** Resolves while the key has points left; rejects with a RateLimiterRes past the limit. */
  consume(key: string, points?: number): Promise<RateLimiterRes>;
  get(key: string): Promise<RateLimiterRes | null>;
  delete(key: string): Promise<boolean>;
}

export function createLimiter(options: IRateLimiterOptions & { keyPrefix: string }): Limiter {
  const local = new RateLimiterMemory(options);
  if (!cluster.isWorker) return local;
  const shared = new RateLimiterCluster({ ...options, timeoutMs: 2000 });
  // A primary that does not answer in time (busy, restarting) must not turn a page into an error: count locally.
  const orLocal = <T>(call: Promise<T>, fallback: () => Promise<T>) =>
    call.catch((error: unknown) => {
      if (!(error instanceof Error)) throw error;
      console.warn(`[limite] ${options.keyPrefix} : processus principal muet, compte local`);
      return fallback();
    });
  return {
    consume: (key, points = 1) => orLocal(shared.consume(key, points), () => local.consume(key, points)),
    get: (key) => orLocal(shared.get(key), () => local.get(key)),
    delete: (key) => orLocal(shared.delete(key), () => local.delete(key)),
  };
}
