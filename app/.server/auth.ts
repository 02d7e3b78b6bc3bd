// Login: email + password checked by the identity provider (Argon2id in our store, or Firebase Auth), with at most
// 100 failed attempts per account and hour.
import { RateLimiterRes } from 'rate-limiter-flexible';
import { type AuditFields, audit } from './audit';
import { createLocalIdentity } from './identity/local';
import type { IdentityProvider } from './identity/ports';
import { createLimiter } from './limiter';
import type { Store, UserProfile } from './ports';
import { tooManyRequests } from './security';
import { singleton } from './singleton';

export const FAILED_LOGINS_PER_HOUR = 100;

const failedLogins = () =>
  singleton('failedLogins', () =>
    createLimiter({ points: FAILED_LOGINS_PER_HOUR, duration: 60 * 60, keyPrefix: 'login-failures' }),
  );

/** The account of a successful login, with the ID token a Firebase session is made from (null when local). */
export type Authenticated = UserProfile & { idToken: string | null };

export async function authenticate(
  store: Store,
  email: string,
  password: string,
  identity: IdentityProvider = createLocalIdentity(store, ''),
  who: AuditFields = {},
): Promise<Authenticated | null> {
  const key = email.trim().toLowerCase();
  const seen = await failedLogins().get(key);
  if (seen && seen.consumedPoints >= FAILED_LOGINS_PER_HOUR) {
    audit('login.locked', { ...who, email: key });
    tooManyRequests(seen);
  }
  const signedIn = await identity.checkPassword(key, password);
  const user = signedIn ? await profileOf(store, signedIn.uid, key) : null;
  if (!signedIn || !user || user.disabled) {
    try {
      await failedLogins().consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        audit('login.locked', { ...who, email: key });
        tooManyRequests(error);
      }
      throw error;
    }
    return null;
  }
  await failedLogins().delete(key);
  return { ...user, idToken: signedIn.idToken };
}

/**
 * The profile of a signed-in account. With Firebase Auth an account can exist without one (made in the console):
 * SPEC §4 gives it the default profile, written now.
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
