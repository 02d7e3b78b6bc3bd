// Account use cases: register, verify, reset, change password, profile, delete; passwords and links through the
// identity provider (local or Firebase Auth).

import {
  ALREADY_VERIFIED,
  EMAIL_TAKEN,
  NO_USER,
  NO_USER_OR_EMAIL,
  RESET_LINK_INVALID,
  VERIFICATION_MAILS_EXHAUSTED,
  WRONG_CURRENT_PASSWORD,
} from '~/domain/auth';
import { isReservedName, RESERVED_NAME_MESSAGE } from '~/domain/reserved-names';
import { createLocalIdentity, RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from '../identity/local';
import { passwordProblem } from '../identity/password-policy';
import type { IdentityProvider, SignedIn } from '../identity/ports';
import type { Config } from '../platform/config';
import { UseCaseError } from '../platform/use-case-error';
import type { MailPort, Store, UserProfile } from '../ports';
import { mayMail } from './deferred-mails';

/** What the account use cases take; a route passes `context.services`, which has it all. */
export interface AccountDeps {
  store: Store;
  mailer: MailPort;
  /** The site's address, in the links the mails carry. */
  config: Pick<Config, 'SITE_URL'>;
  /** Local (our store) unless given: Firebase Auth with DATA_BACKEND=firestore. */
  identity?: IdentityProvider;
  now?: () => Date;
}

export { MAILS_PER_HOUR } from './deferred-mails';
export { RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS };

const clock = (deps: AccountDeps) => (deps.now ? deps.now() : new Date());

const identityOf = (deps: AccountDeps) => deps.identity ?? createLocalIdentity(deps.store, deps.config.SITE_URL);

/** The verification mail is written when it leaves, with a fresh link (accounts/deferred-mails.ts). */
async function sendVerification(deps: AccountDeps, user: UserProfile): Promise<void> {
  await deps.mailer.sendLater({ kind: 'verification', uid: user.uid, email: user.email });
}

export interface Registered {
  user: UserProfile;
  signedIn: SignedIn;
}

/**
 * Registration answers the same whether or not the address already has an account (nobody can learn who is
 * registered): no session is opened, the same work is done (the password is hashed either way, one mail recorded),
 * and the mail written when it leaves says a verification link for a new account, « vous avez déjà un compte » for
 * an existing one.
 * Returns the new account, or null when the address was taken (for tests: the route ignores it).
 */
export async function registerAccount(
  deps: AccountDeps,
  input: { email: string; password: string; displayName: string },
): Promise<UserProfile | null> {
  const problem = passwordProblem(input.password);
  if (problem) throw new UseCaseError(problem, 'password');
  if (isReservedName(input.displayName)) throw new UseCaseError(RESERVED_NAME_MESSAGE, 'displayName');
  const identity = identityOf(deps);
  const account = await identity.createAccount(input);
  // docs/specification.md §7: the profile is written beside the sign-in account (role organizer, not a supporter yet).
  const user = account
    ? await deps.store.users.create({
        uid: account.uid,
        email: input.email,
        displayName: input.displayName,
        role: 'organizer',
        passwordHash: account.passwordHash,
        now: clock(deps).toISOString(),
      })
    : null;
  if (account && !user) await identity.deleteAccount(account.uid);
  if (!user) {
    await deps.mailer.sendLater({ kind: 'account-exists', email: input.email.trim().toLowerCase() });
    return null;
  }
  // The account exists whatever happens to the mail: it can be sent again from the profile.
  await sendVerification(deps, user);
  return user;
}

export async function resendVerification(deps: AccountDeps, user: UserProfile | null): Promise<void> {
  if (!user) throw new UseCaseError(NO_USER);
  if (user.emailVerified) throw new UseCaseError(ALREADY_VERIFIED);
  // An account registered with someone else's address must not flood it either.
  if (!(await mayMail('verification', user.uid))) throw new UseCaseError(VERIFICATION_MAILS_EXHAUSTED, 'form', 429);
  await sendVerification(deps, user);
}

/** Follows a verification link: returns the verified account, or null when the link is not valid. */
export async function verifyEmail(deps: AccountDeps, token: string): Promise<UserProfile | null> {
  const now = clock(deps).toISOString();
  const uid = await identityOf(deps).applyVerification(token, now);
  if (!uid) return null;
  await deps.store.users.setEmailVerified(uid, now);
  return deps.store.users.findById(uid);
}

/**
 * Always answers the same, in the same time, whether or not the email has an account: the request is recorded either
 * way; the lookup, the link and the mail happen when the `mails` job writes it (accounts/deferred-mails.ts), at most
 * MAILS_PER_HOUR links an hour per account: past it, the link sent last stays the valid one.
 */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  await deps.mailer.sendLater({ kind: 'password-reset', email: email.trim() });
}

export async function isResetTokenValid(deps: AccountDeps, token: string): Promise<boolean> {
  return (await identityOf(deps).peekReset(token, clock(deps).toISOString())) !== null;
}

/**
 * After any password change (profile, reset link, operator): reset links still unused stop working, on either
 * identity provider (they are ours: app/.server/identity/link-tokens.ts). A verification link stays valid: it
 * proves the address, not the password.
 */
export async function passwordChanged(deps: Pick<AccountDeps, 'store'>, uid: string): Promise<void> {
  await deps.store.authTokens.revokeForUser(uid, 'reset-password');
}

/** Uses a reset link once: new password, every session of the account ended. */
export async function resetPassword(deps: AccountDeps, token: string, password: string): Promise<UserProfile> {
  const problem = passwordProblem(password);
  if (problem) throw new UseCaseError(problem, 'password');
  const now = clock(deps).toISOString();
  const uid = await identityOf(deps).applyReset(token, password, now);
  if (!uid) throw new UseCaseError(RESET_LINK_INVALID);
  await passwordChanged(deps, uid);
  await deps.store.sessions.revokeAllForUser(uid);
  const user = await deps.store.users.findById(uid);
  if (!user) throw new UseCaseError(RESET_LINK_INVALID);
  return user;
}

/**
 * docs/specification.md §5 and §7: needs a logged-in user with an email, re-authenticated with the current password; other sessions
 * end. Returns a fresh sign-in when the provider also ended this one (Firebase), to open a new session here.
 */
export async function changePassword(
  deps: AccountDeps,
  current: { user: UserProfile | null; sessionId: string | null },
  input: { currentPassword: string; newPassword: string },
): Promise<SignedIn | null> {
  const { user } = current;
  if (!user?.email) throw new UseCaseError(NO_USER_OR_EMAIL);
  const identity = identityOf(deps);
  const reauthenticated = await identity.checkPassword(user.email, input.currentPassword);
  if (!reauthenticated || reauthenticated.uid !== user.uid) {
    throw new UseCaseError(WRONG_CURRENT_PASSWORD, 'currentPassword');
  }
  const problem = passwordProblem(input.newPassword);
  if (problem) throw new UseCaseError(problem, 'newPassword');
  const signedIn = await identity.setPassword(user, input.newPassword, clock(deps).toISOString());
  await passwordChanged(deps, user.uid);
  await deps.store.sessions.revokeAllForUser(user.uid, signedIn ? undefined : (current.sessionId ?? undefined));
  return signedIn;
}

/**
 * docs/specification.md §5: a profile update needs a logged-in user. The team's names (« Admin », « Modération »…) are for admins only:
 * an organizer keeps any other name, and an admin made by the command line may use them.
 */
export async function updateProfile(deps: AccountDeps, user: UserProfile | null, input: { displayName: string }) {
  if (!user) throw new UseCaseError(NO_USER);
  if (user.role !== 'admin' && isReservedName(input.displayName))
    throw new UseCaseError(RESERVED_NAME_MESSAGE, 'displayName');
  return deps.store.users.updateProfile(user.uid, input, clock(deps).toISOString());
}

/** Deletes the account after checking its password; its events stay published, without an owner. */
export async function deleteAccount(deps: AccountDeps, user: UserProfile | null, password: string): Promise<void> {
  if (!user) throw new UseCaseError(NO_USER);
  const identity = identityOf(deps);
  const reauthenticated = await identity.checkPassword(user.email, password);
  if (!reauthenticated || reauthenticated.uid !== user.uid) {
    throw new UseCaseError(WRONG_CURRENT_PASSWORD, 'deletePassword');
  }
  await deps.store.users.delete(user.uid);
  await identity.deleteAccount(user.uid);
}

/**
 * Google sign-in (docs/specification.md §7, Firebase only): the browser's fresh ID token is verified, the profile is written the
 * first time (organizer, photoURL from Google) and the sign-in opens a session. Null when the token is not valid.
 */
export async function signInExternal(deps: AccountDeps, idToken: string): Promise<Registered | null> {
  const identity = identityOf(deps);
  const person = identity.verifyExternalSignIn ? await identity.verifyExternalSignIn(idToken) : null;
  if (!person) return null;
  const now = clock(deps).toISOString();
  let user = await deps.store.users.findById(person.uid);
  if (!user) {
    user = await deps.store.users.create({
      uid: person.uid,
      email: person.email,
      // A Google account named like the team's gets a plain name, which its owner can change in the profile.
      displayName: isReservedName(person.displayName) ? 'Organisateur·rice' : person.displayName.slice(0, 60),
      role: 'organizer',
      passwordHash: null,
      now,
    });
    // Another account of ours already has this email (registered with a password): sign in with it instead.
    if (!user) throw new UseCaseError(EMAIL_TAKEN);
    if (person.photoURL) user = (await deps.store.users.setPhotoURL(user.uid, person.photoURL, now)) ?? user;
    if (person.emailVerified) await deps.store.users.setEmailVerified(user.uid, now);
    user = (await deps.store.users.findById(user.uid)) ?? user;
  }
  if (user.disabled) return null;
  return { user, signedIn: { uid: person.uid, idToken } };
}

/** The account's open sessions (its devices), most recent first as the store lists them. */
export function openSessions({ store }: { store: Pick<Store, 'sessions'> }, user: UserProfile) {
  return store.sessions.listForUser(user.uid);
}

/** Signs the account out everywhere but on `currentSessionId` (« Déconnecter mes autres appareils »). */
export async function endOtherSessions(
  { store }: { store: Pick<Store, 'sessions'> },
  user: UserProfile | null,
  currentSessionId: string | null,
): Promise<void> {
  if (!user || !currentSessionId) throw new UseCaseError('Aucun utilisateur connecté');
  await store.sessions.revokeAllForUser(user.uid, currentSessionId);
}
