// Local identity provider: email + password checked against the password hash in the store,
// with at most 100 failed attempts per account and hour.
import { RateLimiterRes } from 'rate-limiter-flexible';
import { type AuditFields, audit } from './audit';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './identity/password';
import { createLimiter } from './limiter';
import type { Store, UserProfile } from './ports';
import { tooManyRequests } from './security';
import { singleton } from './singleton';

export const FAILED_LOGINS_PER_HOUR = 100;

const failedLogins = () =>
  singleton('failedLogins', () =>
    createLimiter({ points: FAILED_LOGINS_PER_HOUR, duration: 60 * 60, keyPrefix: 'login-failures' }),
  );

export async function authenticate(
  store: Store,
  email: string,
  password: string,
  who: AuditFields = {},
): Promise<UserProfile | null> {
  const key = email.trim().toLowerCase();
  const seen = await failedLogins().get(key);
  if (seen && seen.consumedPoints >= FAILED_LOGINS_PER_HOUR) {
    audit('login.locked', { ...who, email: key });
    tooManyRequests(seen);
  }
  const user = await store.users.findByEmailWithPassword(key);
  // Unknown emails cost the same time as known ones, so timing does not reveal accounts.
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok || user.disabled) {
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
  // A hash of an earlier scheme or weaker parameters is replaced while the password is at hand.
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    await store.users.setPassword(user.uid, await hashPassword(password), new Date().toISOString());
  }
  const { passwordHash: _hidden, ...profile } = user;
  return profile;
}
