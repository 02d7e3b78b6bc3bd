// Login: email + password checked by the identity provider (Argon2id in our store, or Firebase Auth). Failures are
// limited per (address, client) and per client; an address that many clients fail on is slowed down (a delay before
// each attempt, whoever makes it). The client is an address a caller may forge (X-Forwarded-For sent straight to the
// instance), so failures on an address are also limited whatever the client, for browsers that never signed in to
// it: a browser that did (its `__session` says so) is not stopped by strangers' failures (decision 138).
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createLocalIdentity } from '../identity/local';
import type { IdentityProvider } from '../identity/ports';
import { type AuditFields, audit } from '../platform/audit';
import { createLimiter, type Limiter } from '../platform/limiter';
import { retryAfterSeconds, tooManyRequestsText } from '../platform/security';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';

export const LOGIN_LIMITS = {
  /** Failures on one address from one client: past them, that client waits before trying that address again. */
  perAccountAndClient: { points: 10, seconds: 15 * 60 },
  /** Failures from one client on any addresses (someone trying many accounts). */
  perClient: { points: 100, seconds: 60 * 60 },
  /** Failures on one address from every client, counted for the slowdown only. */
  perAccount: { points: 100_000, seconds: 60 * 60 },
  /**
   * Failures on one address from browsers that never signed in to it, whatever address they come from: past them,
   * such browsers wait the rest of the quarter of an hour; one that signed in to it before is not stopped.
   */
  perAccountUnknownBrowsers: { points: 20, seconds: 15 * 60 },
} as const;

/** Failures on an address that cost nothing; each one after them adds this much wait, up to the cap. */
const FREE_FAILURES = 5;
const DELAY_STEP_MS = 50;
export const MAX_LOGIN_DELAY_MS = 3_000;

/** The wait before a login attempt on an address that has had `failures` failures in the last hour. */
export function loginDelayMs(failures: number): number {
  return Math.min(MAX_LOGIN_DELAY_MS, Math.max(0, failures - FREE_FAILURES) * DELAY_STEP_MS);
}

const limiters = new Map<keyof typeof LOGIN_LIMITS, Limiter>();
function limiter(name: keyof typeof LOGIN_LIMITS): Limiter {
  let made = limiters.get(name);
  if (!made) {
    made = createLimiter({
      points: LOGIN_LIMITS[name].points,
      duration: LOGIN_LIMITS[name].seconds,
      keyPrefix: `login-${name}`,
    });
    limiters.set(name, made);
  }
  return made;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The account of a successful login, with the ID token a Firebase session is made from (null when local). */
export type Authenticated = UserProfile & { idToken: string | null };

export interface LoginOptions {
  /** How the slowdown waits (tests pass a recorder). */
  wait?: (ms: number) => Promise<void>;
  /** This browser signed in to this address before (its signed `__session` says so: rememberedAccount). */
  knownBrowser?: boolean;
}

/** The refusal of a login past its limits: 429, and when to try again (the route sends it as `Retry-After`). */
const tooManyAttempts = (limit: RateLimiterRes) => {
  const wait = retryAfterSeconds(limit);
  return new UseCaseError(tooManyRequestsText(wait), 'form', 429, wait);
};

export async function authenticate(
  { store, identity = createLocalIdentity(store, '') }: { store: Store; identity?: IdentityProvider },
  email: string,
  password: string,
  who: AuditFields = {},
  options: LoginOptions = {},
): Promise<Authenticated | null> {
  const address = email.trim().toLowerCase();
  const client = String(who.ip ?? 'unknown');
  const pair = `${address}|${client}`;
  const limits: [keyof typeof LOGIN_LIMITS, string][] = [
    ['perAccountAndClient', pair],
    ['perClient', client],
  ];
  if (!options.knownBrowser) limits.push(['perAccountUnknownBrowsers', address]);
  for (const [name, key] of limits) {
    const seen = await limiter(name).get(key);
    if (seen && seen.consumedPoints >= LOGIN_LIMITS[name].points) {
      audit('login.locked', { ...who, email: address, reason: name });
      throw tooManyAttempts(seen);
    }
  }
  const failures = (await limiter('perAccount').get(address))?.consumedPoints ?? 0;
  const delay = loginDelayMs(failures);
  if (delay > 0) await (options.wait ?? sleep)(delay);

  const signedIn = await identity.checkPassword(address, password);
  const user = signedIn ? await profileOf(store, signedIn.uid, address) : null;
  if (!signedIn || !user || user.disabled) {
    await countFailure(address, client, pair, who, options.knownBrowser === true);
    return null;
  }
  // The right password: the slowdown of this address and this client's failures on it are over.
  await Promise.all([
    limiter('perAccountAndClient').delete(pair),
    limiter('perAccount').delete(address),
    limiter('perAccountUnknownBrowsers').delete(address),
  ]);
  return { ...user, idToken: signedIn.idToken };
}

async function countFailure(
  address: string,
  client: string,
  pair: string,
  who: AuditFields,
  knownBrowser: boolean,
): Promise<void> {
  const counted = await Promise.allSettled([
    limiter('perAccountAndClient').consume(pair),
    limiter('perClient').consume(client),
    limiter('perAccount').consume(address),
    knownBrowser ? Promise.resolve(null) : limiter('perAccountUnknownBrowsers').consume(address),
  ]);
  for (const result of counted) {
    if (result.status === 'fulfilled') continue;
    if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
  }
  // The failure that reaches a limit is answered like the next attempts: 429, with when to try again.
  const [perPair, perClient, , perAccountUnknown] = counted;
  const reached = [perPair, perClient, perAccountUnknown].find((r) => r.status === 'rejected');
  if (reached?.status === 'rejected') {
    audit('login.locked', { ...who, email: address });
    throw tooManyAttempts(reached.reason as RateLimiterRes);
  }
}

/**
 * The profile of a signed-in account. With Firebase Auth an account can exist without one (made in the console):
 * docs/specification.md §4 gives it the default profile, written now.
 */
async function profileOf(store: Store, uid: string, email: string): Promise<UserProfile | null> {
  const found = await store.users.findById(uid);
  if (found) return found;
  return store.users.create({
    uid,
    email,
    displayName: email.split('@')[0],
    role: 'organizer',
    passwordHash: null,
    now: new Date().toISOString(),
  });
}
