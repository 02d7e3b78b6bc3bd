// The Firebase Auth identity provider (docs/specification.md §7). Passwords live in Firebase Auth: the login action signs in through
// the Auth REST API (so it works without JavaScript), then firebase-admin turns the ID token into a session cookie
// that every request checks with revocation. Mails keep our French templates and our pages: the verification link
// Firebase generates is read for its code, which our page applies through the REST API. Reset links carry our own
// single-use token (as with the local provider), so that a password change revokes them: a Firebase action code
// cannot be revoked, and anyone holding one could use it against Firebase directly.
import crypto from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import type { AuthTokenStore, UserProfile } from '../ports';
import { linkTokens, resetLinks } from './link-tokens';
import type { ExternalIdentity, IdentityProvider, SignedIn } from './ports';

const NONCE_SEPARATOR = '~';
const NONCE = /^[A-Za-z0-9_-]{22}$/;

/** Firebase's session cookie in one of our session tokens (a session opened before the random part: the whole token). */
function sessionCookieOf(token: string): string | null {
  const at = token.lastIndexOf(NONCE_SEPARATOR);
  if (at === -1) return token;
  return NONCE.test(token.slice(at + 1)) ? token.slice(0, at) : null;
}

/** Firebase allows session cookies of at most two weeks. */
export const FIREBASE_SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export interface FirebaseIdentityOptions {
  auth: Auth;
  apiKey: string;
  siteUrl: string;
  /** Where the tokens of our reset links are kept (the store's). */
  tokens: AuthTokenStore;
  /** host:port of the Auth emulator, when used. */
  emulatorHost?: string;
  fetch?: typeof fetch;
}

export class FirebaseRestError extends Error {}

/** Firebase refusals that mean « not this password » or « not this link » rather than a failure of ours. */
const REFUSALS =
  /^(EMAIL_NOT_FOUND|INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS|USER_DISABLED|INVALID_EMAIL|MISSING_PASSWORD|TOO_MANY_ATTEMPTS_TRY_LATER|INVALID_OOB_CODE|EXPIRED_OOB_CODE|WEAK_PASSWORD)/;

const errorCode = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? '');

export function createFirebaseIdentity(options: FirebaseIdentityOptions): IdentityProvider {
  const { auth, apiKey, siteUrl } = options;
  const tokens = linkTokens(options.tokens);
  const doFetch = options.fetch ?? fetch;
  const base = options.emulatorHost
    ? `http://${options.emulatorHost}/identitytoolkit.googleapis.com/v1`
    : 'https://identitytoolkit.googleapis.com/v1';

  async function rest<T>(method: string, body: Record<string, unknown>): Promise<T> {
    const response = await doFetch(`${base}/${method}?key=${encodeURIComponent(apiKey)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as T & { error?: { message?: string } };
    if (!response.ok) throw new FirebaseRestError(json.error?.message ?? `HTTP ${response.status}`);
    return json;
  }

  /** Null when Firebase refuses for a reason a visitor can cause (wrong password, used link…). */
  async function refusedAsNull<T>(work: () => Promise<T>): Promise<T | null> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof FirebaseRestError && REFUSALS.test(error.message)) return null;
      throw error;
    }
  }

  async function signIn(email: string, password: string): Promise<SignedIn | null> {
    const result = await refusedAsNull(() =>
      rest<{ localId: string; idToken: string }>('accounts:signInWithPassword', {
        email,
        password,
        returnSecureToken: true,
      }),
    );
    return result ? { uid: result.localId, idToken: result.idToken } : null;
  }

  const uidOfEmail = async (email: string) => (await auth.getUserByEmail(email)).uid;

  /** The code of an action link (verify, reset) made by firebase-admin, carried to our own page. */
  const codeOf = (link: string) => {
    const code = new URL(link).searchParams.get('oobCode');
    if (!code) throw new Error('Lien Firebase sans code');
    return code;
  };

  return {
    kind: 'firebase',
    checkPassword: signIn,
    async createAccount(input) {
      // One call whether or not the address is taken (registration signs nobody in: it answers the same either way).
      try {
        const created = await auth.createUser({
          email: input.email,
          password: input.password,
          displayName: input.displayName,
        });
        return { uid: created.uid, idToken: null, passwordHash: null };
      } catch (error) {
        if (errorCode(error) === 'auth/email-already-exists') return null;
        throw error;
      }
    },
    async deleteAccount(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if (errorCode(error) !== 'auth/user-not-found') throw error;
      }
    },
    async ensureAccount(input) {
      const fields = { password: input.password, displayName: input.displayName, emailVerified: true };
      try {
        const existing = await auth.getUserByEmail(input.email);
        await auth.updateUser(existing.uid, fields);
        return { uid: existing.uid, passwordHash: null };
      } catch (error) {
        if (errorCode(error) !== 'auth/user-not-found') throw error;
      }
      const created = await auth.createUser({ uid: input.uid, email: input.email, ...fields });
      return { uid: created.uid, passwordHash: null };
    },
    async setPassword(user: UserProfile, password) {
      await auth.updateUser(user.uid, { password });
      await auth.revokeRefreshTokens(user.uid);
      // Every session ended, this browser's too: sign in again with the new password to keep it.
      return signIn(user.email, password);
    },
    async verificationLink(user) {
      // docs/specification.md §7: the verification continues to the site root; if Firebase refuses that URL (domain not authorised),
      // the default link is sent.
      let link: string;
      try {
        link = await auth.generateEmailVerificationLink(user.email, { url: `${siteUrl}/` });
      } catch (error) {
        console.error('[firebase] lien de vérification avec retour au site refusé, lien par défaut', error);
        link = await auth.generateEmailVerificationLink(user.email);
      }
      return `${siteUrl}/auth/verify-email?token=${encodeURIComponent(codeOf(link))}`;
    },
    async applyVerification(code) {
      const result = await refusedAsNull(() => rest<{ email: string }>('accounts:update', { oobCode: code }));
      return result ? uidOfEmail(result.email) : null;
    },
    ...resetLinks(tokens, siteUrl),
    async applyReset(code, password, now) {
      const uid = await tokens.consume(code, 'reset-password', now);
      if (!uid) return null;
      await auth.updateUser(uid, { password });
      await auth.revokeRefreshTokens(uid);
      return uid;
    },
    async signInVerified(uid) {
      // A session cookie is made from a recent ID token: one from a custom token of this account (the service account
      // must be allowed to sign, roles/iam.serviceAccountTokenCreator); refused, the login page as before.
      try {
        const token = await auth.createCustomToken(uid);
        const result = await rest<{ idToken: string }>('accounts:signInWithCustomToken', {
          token,
          returnSecureToken: true,
        });
        return { uid, idToken: result.idToken };
      } catch (error) {
        console.error('[firebase] connexion après vérification impossible, page de connexion', error);
        return null;
      }
    },
    async openSession(signedIn) {
      if (!signedIn.idToken) throw new Error('Une session Firebase s’ouvre avec un jeton d’identité');
      const cookie = await auth.createSessionCookie(signedIn.idToken, { expiresIn: FIREBASE_SESSION_TTL_MS });
      // Firebase's cookie is the same for two sign-ins in the same second (its times are in seconds): a random part of
      // ours makes each login its own session, with its own id and CSRF token (a tab of the old one is refused).
      return {
        token: `${cookie}${NONCE_SEPARATOR}${crypto.randomBytes(16).toString('base64url')}`,
        ttlMs: FIREBASE_SESSION_TTL_MS,
      };
    },
    async checkSession(token, uid) {
      const cookie = sessionCookieOf(token);
      if (cookie === null) return false;
      try {
        const decoded = await auth.verifySessionCookie(cookie, true);
        return decoded.uid === uid;
      } catch {
        return false;
      }
    },
    async endSessions(uid) {
      try {
        await auth.revokeRefreshTokens(uid);
      } catch (error) {
        // A deleted account has no session left to end.
        if (errorCode(error) !== 'auth/user-not-found') throw error;
      }
    },
    async verifyExternalSignIn(idToken): Promise<ExternalIdentity | null> {
      try {
        const decoded = await auth.verifyIdToken(idToken, true);
        if (!decoded.email) return null;
        return {
          uid: decoded.uid,
          email: decoded.email,
          displayName: String(decoded.name ?? decoded.email.split('@')[0]),
          photoURL: typeof decoded.picture === 'string' ? decoded.picture : null,
          emailVerified: Boolean(decoded.email_verified),
        };
      } catch {
        return null;
      }
    },
  };
}
