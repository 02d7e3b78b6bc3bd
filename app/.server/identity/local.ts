// The local identity provider: Argon2id hashes in our store (decision 021), single-use tokens for the links of our mails, random
// session secrets (decision 002).
import crypto from 'node:crypto';
import { newId } from '../ids';
import type { AuthTokenPurpose, Store } from '../ports';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password';
import type { IdentityProvider } from './ports';

export const VERIFY_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const LOCAL_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

export function createLocalIdentity(store: Store, siteUrl: string): IdentityProvider {
  async function issue(uid: string, purpose: AuthTokenPurpose, ttlMs: number, now: Date): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    await store.authTokens.issue({
      id: hashToken(token),
      uid,
      purpose,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
    });
    return token;
  }

  return {
    kind: 'local',
    async checkPassword(email, password) {
      const user = await store.users.findByEmailWithPassword(email);
      // Unknown emails cost the same time as known ones, so timing does not reveal accounts.
      const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !ok) return null;
      // A hash of an earlier scheme or weaker parameters is replaced while the password is at hand.
      if (user.passwordHash && needsRehash(user.passwordHash)) {
        await store.users.setPassword(user.uid, await hashPassword(password), new Date().toISOString());
      }
      return { uid: user.uid, idToken: null };
    },
    async createAccount(input) {
      return { uid: newId(20), idToken: null, passwordHash: await hashPassword(input.password) };
    },
    async deleteAccount() {},
    async ensureAccount(input) {
      return { uid: input.uid, passwordHash: await hashPassword(input.password) };
    },
    async setPassword(user, password, now) {
      await store.users.setPassword(user.uid, await hashPassword(password), now);
      return null;
    },
    async verificationLink(user, now) {
      const token = await issue(user.uid, 'verify-email', VERIFY_TOKEN_TTL_MS, now);
      return `${siteUrl}/auth/verify-email?token=${token}`;
    },
    async applyVerification(code, now) {
      return store.authTokens.consume(hashToken(code), 'verify-email', now);
    },
    async resetLink(user, now) {
      const token = await issue(user.uid, 'reset-password', RESET_TOKEN_TTL_MS, now);
      return `${siteUrl}/auth/reset-password?token=${token}`;
    },
    async peekReset(code, now) {
      return store.authTokens.peek(hashToken(code), 'reset-password', now);
    },
    async applyReset(code, password, now) {
      const passwordHash = await hashPassword(password);
      const uid = await store.authTokens.consume(hashToken(code), 'reset-password', now);
      if (uid) await store.users.setPassword(uid, passwordHash, now);
      return uid;
    },
    async openSession() {
      return { token: crypto.randomBytes(32).toString('base64url'), ttlMs: LOCAL_SESSION_TTL_MS };
    },
    async checkSession() {
      // The session row is the whole truth: it exists (checked by the caller) or not.
      return true;
    },
    async endSessions() {},
  };
}
