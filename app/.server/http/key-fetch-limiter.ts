// How often the inbox may fetch a sender's public key it does not know yet (decision 103). A key fetched (or failed)
// is kept (federation-inbox.ts: a failure five minutes), but a flood signed with a new random keyId each time would make
// the server fetch each one: a budget per remote host (a bucket that refills, in a bounded memory: the hosts least
// recently seen are forgotten first), one for all hosts together — counted for the whole site, like the rate limits
// (every process, every instance on Firestore: decision 111) — and never a key of this site itself.
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createLimiter, type Limiter } from '../platform/limiter';

export interface KeyFetchLimiterOptions {
  /** Fetches a host may cost at once, refilled at that many per `refillMs`. */
  perHost?: number;
  /** Fetches all hosts together may cost in each window of `refillMs`, counted for the whole site. */
  overall?: number;
  /** Where the budget of all hosts is counted (the site's shared limits by default). */
  overallLimiter?: Limiter;
  refillMs?: number;
  /** Hosts whose bucket is kept (the least recently seen are forgotten). */
  hostsKept?: number;
  now?: () => number;
}

export type KeyFetchAllowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

export function createKeyFetchLimiter(options: KeyFetchLimiterOptions = {}) {
  const { perHost = 20, overall = 200, refillMs = 60_000, hostsKept = 1000, now = Date.now } = options;
  const hosts = new Map<string, Bucket>();
  const all =
    options.overallLimiter ??
    createLimiter({ points: overall, duration: refillMs / 1000, keyPrefix: 'federation-key-fetches' });

  const refill = (bucket: Bucket, capacity: number, at: number) => {
    bucket.tokens = Math.min(capacity, bucket.tokens + ((at - bucket.at) * capacity) / refillMs);
    bucket.at = at;
  };
  const wait = (bucket: Bucket, capacity: number) => Math.ceil(((1 - bucket.tokens) * refillMs) / capacity / 1000);

  return {
    /** Whether one fetch of a key from this host may happen now (it is then counted). */
    async take(host: string): Promise<KeyFetchAllowance> {
      const at = now();
      let bucket = hosts.get(host);
      if (bucket) hosts.delete(host);
      else bucket = { tokens: perHost, at };
      hosts.set(host, bucket);
      if (hosts.size > hostsKept) hosts.delete(hosts.keys().next().value as string);
      refill(bucket, perHost, at);
      if (bucket.tokens < 1) return { allowed: false, retryAfterSeconds: wait(bucket, perHost) };
      try {
        await all.consume('all');
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      }
      bucket.tokens -= 1;
      return { allowed: true };
    },
    /** Hosts whose bucket is kept now (tests). */
    get hostsKept() {
      return hosts.size;
    },
  };
}

/** The keys a request's signatures name: draft-cavage's `keyId`, RFC 9421's `keyid`, a body's signature or proof. */
export function signatureKeyIds(headers: Record<string, string | string[] | undefined>, body: unknown): string[] {
  const ids: string[] = [];
  const header = (name: string) => [headers[name]].flat().filter((v): v is string => typeof v === 'string');
  for (const value of header('signature')) for (const m of value.matchAll(/keyId="([^"]*)"/gi)) ids.push(m[1]);
  for (const value of header('signature-input')) for (const m of value.matchAll(/;keyid="([^"]*)"/gi)) ids.push(m[1]);
  if (body && typeof body === 'object') {
    const { signature, proof } = body as { signature?: { creator?: unknown }; proof?: unknown };
    if (typeof signature?.creator === 'string') ids.push(signature.creator);
    for (const p of [proof].flat()) {
      const method = p && typeof p === 'object' ? (p as { verificationMethod?: unknown }).verificationMethod : null;
      if (typeof method === 'string') ids.push(method);
    }
  }
  return ids;
}
