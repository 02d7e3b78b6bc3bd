// The single-use tokens of the links our mails carry (verification, password reset), kept in the store by the hash of
// their value: the same for both identity providers, so that a password change can revoke them on either.
import crypto from 'node:crypto';
import type { AuthTokenPurpose, AuthTokenStore } from '../ports';

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
