// Account use cases of the local identity provider: register, verify, reset, change password, profile, delete.
import crypto from 'node:crypto';
import {
  ALREADY_VERIFIED,
  EMAIL_TAKEN,
  NO_USER,
  NO_USER_OR_EMAIL,
  RESET_LINK_INVALID,
  WRONG_CURRENT_PASSWORD,
} from '~/domain/auth';
import { hashPassword, verifyPassword } from './identity/password';
import { passwordProblem } from './identity/password-policy';
import { newId } from './ids';
import { passwordResetMail, verificationMail } from './mail/templates';
import type { AuthTokenPurpose, MailPort, Store, UserProfile } from './ports';

export interface AccountDeps {
  store: Store;
  mailer: MailPort;
  siteUrl: string;
  now?: () => Date;
}

export const VERIFY_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** A use case's refusal: a French message for the form, attached to a field when it is about one. */
export class AccountError extends Error {
  constructor(
    message: string,
    readonly field: string = 'form',
  ) {
    super(message);
  }
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');
const clock = (deps: AccountDeps) => (deps.now ? deps.now() : new Date());

async function issueToken(deps: AccountDeps, uid: string, purpose: AuthTokenPurpose, ttlMs: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = clock(deps);
  await deps.store.authTokens.issue({
    id: hashToken(token),
    uid,
    purpose,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
  });
  return token;
}

async function sendVerification(deps: AccountDeps, user: UserProfile): Promise<void> {
  const token = await issueToken(deps, user.uid, 'verify-email', VERIFY_TOKEN_TTL_MS);
  const mail = verificationMail(user.displayName, `${deps.siteUrl}/auth/verify-email?token=${token}`);
  await deps.mailer.send({ to: user.email, ...mail });
}

export async function registerAccount(
  deps: AccountDeps,
  input: { email: string; password: string; displayName: string },
): Promise<UserProfile> {
  const problem = passwordProblem(input.password);
  if (problem) throw new AccountError(problem, 'password');
  const user = await deps.store.users.create({
    uid: newId(20),
    email: input.email,
    displayName: input.displayName,
    role: 'organizer',
    passwordHash: await hashPassword(input.password),
    now: clock(deps).toISOString(),
  });
  if (!user) throw new AccountError(EMAIL_TAKEN, 'email');
  try {
    await sendVerification(deps, user);
  } catch (error) {
    // The account exists; the mail can be sent again from the profile.
    console.error('[comptes] envoi du mail de vérification impossible', error);
  }
  return user;
}

export async function resendVerification(deps: AccountDeps, user: UserProfile | null): Promise<void> {
  if (!user) throw new AccountError(NO_USER);
  if (user.emailVerified) throw new AccountError(ALREADY_VERIFIED);
  await sendVerification(deps, user);
}

/** Follows a verification link: returns the verified account, or null when the link is not valid. */
export async function verifyEmail(deps: AccountDeps, token: string): Promise<UserProfile | null> {
  const now = clock(deps).toISOString();
  const uid = await deps.store.authTokens.consume(hashToken(token), 'verify-email', now);
  if (!uid) return null;
  await deps.store.users.setEmailVerified(uid, now);
  return deps.store.users.findById(uid);
}

/** Always answers the same, whether or not the email has an account. */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  const user = await deps.store.users.findByEmailWithPassword(email);
  if (!user || user.disabled) return;
  const token = await issueToken(deps, user.uid, 'reset-password', RESET_TOKEN_TTL_MS);
  const mail = passwordResetMail(user.displayName, `${deps.siteUrl}/auth/reset-password?token=${token}`);
  await deps.mailer.send({ to: user.email, ...mail });
}

export async function isResetTokenValid(deps: AccountDeps, token: string): Promise<boolean> {
  return (await deps.store.authTokens.peek(hashToken(token), 'reset-password', clock(deps).toISOString())) !== null;
}

/** Uses a reset link once: new password, every session of the account ended. */
export async function resetPassword(deps: AccountDeps, token: string, password: string): Promise<UserProfile> {
  const problem = passwordProblem(password);
  if (problem) throw new AccountError(problem, 'password');
  const now = clock(deps).toISOString();
  const passwordHash = await hashPassword(password);
  const uid = await deps.store.authTokens.consume(hashToken(token), 'reset-password', now);
  if (!uid) throw new AccountError(RESET_LINK_INVALID);
  await deps.store.users.setPassword(uid, passwordHash, now);
  await deps.store.sessions.revokeAllForUser(uid);
  const user = await deps.store.users.findById(uid);
  if (!user) throw new AccountError(RESET_LINK_INVALID);
  return user;
}

/** SPEC §5: needs a logged-in user with an email and the current password; other sessions end. */
export async function changePassword(
  deps: AccountDeps,
  current: { user: UserProfile | null; sessionId: string | null },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const { user } = current;
  if (!user?.email) throw new AccountError(NO_USER_OR_EMAIL);
  const stored = await deps.store.users.findByEmailWithPassword(user.email);
  if (!stored || !(await verifyPassword(input.currentPassword, stored.passwordHash))) {
    throw new AccountError(WRONG_CURRENT_PASSWORD, 'currentPassword');
  }
  const problem = passwordProblem(input.newPassword);
  if (problem) throw new AccountError(problem, 'newPassword');
  await deps.store.users.setPassword(user.uid, await hashPassword(input.newPassword), clock(deps).toISOString());
  await deps.store.sessions.revokeAllForUser(user.uid, current.sessionId ?? undefined);
}

/** SPEC §5: a profile update needs a logged-in user. */
export async function updateProfile(deps: AccountDeps, user: UserProfile | null, input: { displayName: string }) {
  if (!user) throw new AccountError(NO_USER);
  return deps.store.users.updateProfile(user.uid, input, clock(deps).toISOString());
}

/** Deletes the account after checking its password; its events stay published, without an owner. */
export async function deleteAccount(deps: AccountDeps, user: UserProfile | null, password: string): Promise<void> {
  if (!user) throw new AccountError(NO_USER);
  const stored = await deps.store.users.findByEmailWithPassword(user.email);
  if (!stored || !(await verifyPassword(password, stored.passwordHash))) {
    throw new AccountError(WRONG_CURRENT_PASSWORD, 'deletePassword');
  }
  await deps.store.users.delete(user.uid);
}

export function accountDeps(store: Store, mailer: MailPort, siteUrl: string): AccountDeps {
  return { store, mailer, siteUrl };
}
