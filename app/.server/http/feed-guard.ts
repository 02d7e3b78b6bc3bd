// What a feed (/evenements.ics, /evenements.rss) may cost the site when it is not in the page cache (issue 46): each
// address makes a bounded number per minute, and only FEED_CONCURRENT are made at once, the others waiting their turn
// in a short queue; beyond it, a French 503 that says when to come back. A feed reader asks a few times an hour: only
// a loop ever meets these limits.
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createLimiter, type Limiter } from '../platform/limiter';

/** Feeds one address may have made per minute (those served from the page cache do not count). */
export const FEED_MAKES_PER_MINUTE = 30;
/** Feeds made at the same time; the next ones wait. */
export const FEED_CONCURRENT = 1;
/** Feeds that may wait for their turn; one more is refused (503). */
export const FEED_QUEUE = 16;

let limiter: Limiter | null = null;
let active = 0;
const waiting: (() => void)[] = [];

const refusal = (status: number, message: string, retryAfter: string) =>
  new Response(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': retryAfter, 'Cache-Control': 'no-store' },
  });

/** Makes the feed with `make` within the allowance of `clientIp` and its turn, or answers the refusal. */
export async function guardedFeed(clientIp: string, make: () => Promise<Response>): Promise<Response> {
  limiter ??= createLimiter({ points: FEED_MAKES_PER_MINUTE, duration: 60, keyPrefix: 'flux', requestsOnly: true });
  try {
    await limiter.consume(clientIp);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const seconds = String(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    return refusal(429, `Trop de flux demandés depuis cette adresse : réessayez dans ${seconds} s.`, seconds);
  }
  if (active >= FEED_CONCURRENT) {
    if (waiting.length >= FEED_QUEUE) {
      return refusal(503, 'Trop de flux demandés en même temps : réessayez dans quelques secondes.', '5');
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else active += 1;
  try {
    return await make();
  } finally {
    // The turn goes to the next in line (`active` stays counted for it), or is given back.
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  }
}
