// The local identity provider: Argon2id hashes in our store (decision 021), single-use tokens for the links of our mails, random
// session secrets (decision 002).
import crypto from 'node:crypto';
import { newId } from '../platform/ids';
import type { Store } from '../ports';
import { linkTokens, resetLinks } from './link-tokens';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password';
import type { IdentityProvider } from './ports';

export { RESET_TOKEN_TTL_MS } from './link-tokens';

export const VERIFY_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const LOCAL_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function createLocalIdentity(store: Store, siteUrl: string): IdentityProvider {
  const tokens = linkTokens(store.authTokens);

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
      // Always hashed, even when the address turns out to be taken: registration costs the same time either way.
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
      const token = await tokens.issue(user.uid, 'verify-email', VERIFY_TOKEN_TTL_MS, now);
      return `${siteUrl}/auth/verify-email?token=${token}`;
    },
    async applyVerification(code, now) {
      return tokens.consume(code, 'verify-email', now);
    },
    ...resetLinks(tokens, siteUrl),
    async applyReset(code, password, now) {
      const passwordHash = await hashPassword(password);
      const uid = await tokens.consume(code, 'reset-password', now);
      if (uid) await store.users.setPassword(uid, passwordHash, now);
      return uid;
    },
    async signInVerified(uid) {
      return { uid, idToken: null };
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
