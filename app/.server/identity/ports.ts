// Who someone is: the identity provider checks passwords, keeps them, issues the links of verification and reset
// mails, and opens and checks sessions. `local` (Argon2id hashes in our store, decision 021) by default; `firebase`
// (Firebase Auth) with DATA_BACKEND=firestore. The use cases in accounts/ and platform/session.ts depend only on this
// port.
import type { UserProfile } from '../ports';

/** A fresh sign-in: the account, and for Firebase the ID token that a session cookie is made from. */
export interface SignedIn {
  uid: string;
  idToken: string | null;
}

/** What a verified Google sign-in tells about the person (Firebase only). */
export interface ExternalIdentity {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  emailVerified: boolean;
}

export interface IdentityProvider {
  readonly kind: 'local' | 'firebase';
  /** Email and password; null when they do not match an enabled sign-in account. */
  checkPassword(email: string, password: string): Promise<SignedIn | null>;
  /** Creates the sign-in account; null when its email is taken. `passwordHash` goes to the profile (local only). */
  createAccount(input: {
    email: string;
    password: string;
    displayName: string;
  }): Promise<(SignedIn & { passwordHash: string | null }) | null>;
  /** Undoes createAccount when the profile could not be written. */
  deleteAccount(uid: string): Promise<void>;
  /** Creates or updates a sign-in account with a verified email (CLI, demo accounts): its uid and hash. */
  ensureAccount(input: {
    uid: string;
    email: string;
    password: string;
    displayName: string;
  }): Promise<{ uid: string; passwordHash: string | null }>;
  /** Sets a new password; returns a fresh sign-in when the provider ended the current one (Firebase). */
  setPassword(user: UserProfile, password: string, now: string): Promise<SignedIn | null>;
  /** The link of a verification mail (continues to the site root). */
  verificationLink(user: UserProfile, now: Date): Promise<string>;
  /** Follows a verification link: the verified account, or null when the link is not valid. */
  applyVerification(code: string, now: string): Promise<string | null>;
  /** The link of a reset mail. */
  resetLink(user: UserProfile, now: Date): Promise<string>;
  /** The account of a valid reset link, without using it. */
  peekReset(code: string, now: string): Promise<string | null>;
  /** Uses a reset link once to set a new password: its account, or null. */
  applyReset(code: string, password: string, now: string): Promise<string | null>;
  /**
   * A fresh sign-in for an account whose address was just proved by its verification link, in the browser that
   * registered it (decision 153); null when the provider cannot make one (the login page then, as before).
   */
  signInVerified(uid: string): Promise<SignedIn | null>;
  /** Opens a session: the secret the cookie carries and how long it may live. */
  openSession(signedIn: SignedIn): Promise<{ token: string; ttlMs: number }>;
  /** Every request: is this cookie secret still valid for this account (Firebase checks revocation)? */
  checkSession(token: string, uid: string): Promise<boolean>;
  /** Logout and password changes: every session of the account ends at the provider. */
  endSessions(uid: string): Promise<void>;
  /** Google sign-in: the person behind a fresh ID token from the browser (Firebase only). */
  verifyExternalSignIn?(idToken: string): Promise<ExternalIdentity | null>;
}
