// The single-use tokens of the links our mails carry (verification, password reset), kept in the store by the hash of
// their value: the same for both identity providers, so that a password change can revoke them on either.
import crypto from 'node:crypto';
import type { AuthTokenPurpose, AuthTokenStore } from '../ports';
import type { IdentityProvider } from './ports';

/** A reset link is valid for an hour (the mail says so). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

export function linkTokens(tokens: AuthTokenStore) {
  return {
    /** A fresh token for the account; earlier unused ones of the same purpose stop working. */
    async issue(uid: string, purpose: AuthTokenPurpose, ttlMs: number, now: Date): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      await tokens.issue({
        id: hashToken(token),
        uid,
        purpose,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
      });
      return token;
    },
    peek: (token: string, purpose: AuthTokenPurpose, now: string) => tokens.peek(hashToken(token), purpose, now),
    consume: (token: string, purpose: AuthTokenPurpose, now: string) => tokens.consume(hashToken(token), purpose, now),
  };
}

/** The password reset link of our mails and the check of its token: the same for both identity providers. */
export function resetLinks(
  tokens: ReturnType<typeof linkTokens>,
  siteUrl: string,
): Pick<IdentityProvider, 'resetLink' | 'peekReset'> {
  return {
    async resetLink(user, now) {
      const token = await tokens.issue(user.uid, 'reset-password', RESET_TOKEN_TTL_MS, now);
      return `${siteUrl}/auth/reset-password?token=${token}`;
    },
    async peekReset(code, now) {
      return tokens.peek(code, 'reset-password', now);
    },
  };
}
