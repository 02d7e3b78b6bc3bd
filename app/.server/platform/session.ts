// Server-side sessions (revocable rows keyed by the hash of the cookie's secret: a random token, or a Firebase session
// cookie checked with revocation on every request) and the route guards of docs/specification.md §2.
import crypto from 'node:crypto';
import { redirect } from '@remix-run/node';
import {
  ACCOUNT_FAVOURITES_MAX,
  browserFavourites,
  favouritesCookieValue,
  favouritesSetCookie,
} from '~/domain/favourites';
import type { IdentityProvider, SignedIn } from '../identity/ports';
import type { Store, UserProfile } from '../ports';
import { audit, auditFromRequest } from './audit';
import { type Flash, setFlash } from './flash';
import { readVisitor, SESSION_IDLE_TIMEOUT_MS, serializeVisitor, updateVisitor, type VisitorServices } from './visitor';

export { SESSION_IDLE_TIMEOUT_MS };

// Refreshing last_seen_at on every request would write on every page view; once an hour is enough.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

/**
 * What sessions need of the services, passed by the caller (a route passes `context.services`, which has all of it):
 * the session rows, the accounts, the identity provider that made the session's secret, and the cookie's settings.
 */
export interface SessionServices extends VisitorServices {
  readonly store: Pick<Store, 'sessions' | 'users' | 'organizerMembers'>;
  readonly identity: Pick<IdentityProvider, 'openSession' | 'checkSession' | 'endSessions'>;
}

export interface CurrentSession {
  sessionId: string;
  user: UserProfile;
}

const perRequest = new WeakMap<Request, Promise<CurrentSession | null>>();
/** The requests whose session was extended: their answer sends the cookie again, for as long (root.tsx). */
const extended = new WeakSet<Request>();

/**
 * The Set-Cookie that gives the browser's cookie the session's new length, when this request extended the session
 * (once an hour at most); null otherwise.
 */
export async function extendedSessionCookie(request: Request, services: SessionServices): Promise<string | null> {
  await getCurrentSession(request, services);
  return extended.has(request) ? updateVisitor(request, services, {}) : null;
}

/** The logged-in user of this request, or null. Looked up once per request. */
export function getCurrentSession(request: Request, services: SessionServices): Promise<CurrentSession | null> {
  let found = perRequest.get(request);
  if (!found) {
    found = lookUpSession(request, services);
    perRequest.set(request, found);
  }
  return found;
}

async function lookUpSession(request: Request, services: SessionServices): Promise<CurrentSession | null> {
  const token = (await readVisitor(request, services)).t;
  if (!token) return null;
  const { store, identity } = services;
  const id = hashToken(token);
  const session = await store.sessions.find(id);
  if (!session) return null;
  const now = Date.now();
  if (Date.parse(session.expiresAt) <= now) {
    await store.sessions.revoke(id);
    return null;
  }
  // Firebase: verifySessionCookie(cookie, true), so a revoked or expired cookie ends the session here too.
  if (!(await identity.checkSession(token, session.uid))) return null;
  const user = await store.users.findById(session.uid);
  if (!user || user.disabled) return null;
  // The organizations of the account, read now: rights follow a member's removal at the next request (decision 167).
  const organizerIds = (await store.organizerMembers.listByAccount(user.uid)).map((m) => m.organizerId);
  if (now - Date.parse(session.lastSeenAt) > TOUCH_INTERVAL_MS) {
    await store.sessions.touch(id, new Date(now).toISOString(), new Date(now + SESSION_IDLE_TIMEOUT_MS).toISOString());
    extended.add(request);
  }
  return { sessionId: id, user: { ...user, organizerIds } };
}

export async function getCurrentUser(request: Request, services: SessionServices): Promise<UserProfile | null> {
  return (await getCurrentSession(request, services))?.user ?? null;
}

/** Where to send a logged-out visitor: the login page, remembering the intended path. */
export function loginRedirectUrl(request: Request): string {
  const url = new URL(request.url);
  const intended = url.pathname.replace(/\.data$/, '') + url.search;
  return `/auth/login?redirect=${encodeURIComponent(intended)}`;
}

export async function requireUser(request: Request, services: SessionServices): Promise<UserProfile> {
  const user = await getCurrentUser(request, services);
  if (!user) throw redirect(loginRedirectUrl(request));
  return user;
}

export async function requireAdmin(request: Request, services: SessionServices): Promise<UserProfile> {
  const user = await requireUser(request, services);
  if (user.role !== 'admin') {
    audit('access.denied', { ...auditFromRequest(request), uid: user.uid, reason: 'role' });
    throw redirect('/');
  }
  return user;
}

/** Login, register and forgot-password send a logged-in user to Home. */
export async function requireAnonymous(request: Request, services: SessionServices): Promise<void> {
  if (await getCurrentUser(request, services)) throw redirect('/');
}

const REDIRECT_BASE = 'http://agenda.invalid';

/**
 * True for a path of this site written as a browser will read it in a Location header: one leading slash, no
 * backslash, no control character, and unchanged by the URL parser (so what was checked is what the browser gets).
 */
function isSameSitePath(path: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
  if (!path.startsWith('/') || path.startsWith('//') || /[\u0000-\u0020\u007f\\]/.test(path)) return false;
  try {
    const url = new URL(path, REDIRECT_BASE);
    return url.origin === REDIRECT_BASE && `${url.pathname}${url.search}${url.hash}` === path;
  } catch {
    return false;
  }
}

/**
 * Only paths on this site, as a valid Location header: anything else (another host, `//`, a backslash, control
 * characters such as a CR/LF injection) falls back to `fallback`. The URL parser normalises what it is given (dot
 * segments, percent-encoding): `/.//evil.example` becomes `//evil.example`. So the normalised form is the one checked
 * and returned, never the raw input.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.length > 2000) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  let normalised: string;
  try {
    const url = new URL(target, REDIRECT_BASE);
    if (url.origin !== REDIRECT_BASE) return fallback;
    normalised = `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
  return isSameSitePath(normalised) ? normalised : fallback;
}

/**
 * Opens a session for a signed-in account: the identity provider's secret (a random token, or a Firebase session cookie
 * made from the sign-in's ID token) and its row in the session store; returns the secret, which the signed `__session`
 * cookie carries (visitor.ts). The one way a session starts: the login, register and password actions (through
 * createUserSession) and the end-to-end fixtures that log in by cookie (openSessionCookie).
 */
async function openSession(services: SessionServices, signedIn: SignedIn, userAgent: string): Promise<string> {
  const { identity, store } = services;
  const { token, ttlMs } = await identity.openSession(signedIn);
  const now = new Date();
  await store.sessions.create({
    id: hashToken(token),
    uid: signedIn.uid,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + Math.min(ttlMs, SESSION_IDLE_TIMEOUT_MS)).toISOString(),
    userAgent: userAgent.slice(0, 300),
  });
  return token;
}

/** A new visitor's `__session` with a session in it (the end-to-end fixtures log in so). */
export async function openSessionCookie(
  services: SessionServices,
  signedIn: SignedIn,
  userAgent = '',
): Promise<string> {
  return serializeVisitor(services, { t: await openSession(services, signedIn, userAgent) });
}

/**
 * Starts a new session (the previous one of this browser is revoked: the id rotates at login). With Firebase Auth,
 * `idToken` is the fresh sign-in's ID token, exchanged for a session cookie.
 */
export async function createUserSession(
  request: Request,
  services: SessionServices,
  uid: string,
  idToken: string | null = null,
): Promise<string> {
  const previous = await getCurrentSession(request, services);
  if (previous) await services.store.sessions.revoke(previous.sessionId);
  const token = await openSession(services, { uid, idToken }, request.headers.get('User-Agent') ?? '');
  // The CSRF secret of the visitor before the login ends with it (csrf.ts): a token from before must not outlive it.
  return updateVisitor(request, services, { t: token, c: undefined });
}

/**
 * A login: a new session (the session's own CSRF token replaces the visitor's, see csrf.ts), and the browser's
 * favourites merged into the account, its `favoris` cookie then cleared (decision 173): the account holds them now.
 * The answer's headers: a route that writes `__session` again after it appends its own after these.
 */
export async function signIn(
  request: Request,
  services: SessionServices & { readonly store: Pick<Store, 'favourites'> },
  uid: string,
  idToken: string | null = null,
): Promise<Headers> {
  const headers = new Headers({ 'Set-Cookie': await createUserSession(request, services, uid, idToken) });
  // What this browser kept without an account follows it into the account (decision 170).
  const cookie = request.headers.get('Cookie');
  await mergeBrowserFavourites(services.store, cookie, uid, new Date());
  if (favouritesCookieValue(cookie) !== null)
    headers.append('Set-Cookie', favouritesSetCookie([], services.config.SECURE_COOKIES));
  return headers;
}

/** At sign-in: what this browser kept (its `favoris` cookie) goes into the account, within its bound. How many. */
export async function mergeBrowserFavourites(
  store: Pick<Store, 'favourites'>,
  cookieHeader: string | null,
  uid: string,
  now: Date,
): Promise<number> {
  const keys = browserFavourites(cookieHeader);
  return keys.length ? store.favourites.add(uid, keys, now.toISOString(), ACCOUNT_FAVOURITES_MAX) : 0;
}

/**
 * Revokes this browser's session (Firebase: the account's refresh tokens too); returns the Set-Cookie of `__session`
 * without it (gone altogether unless a message or a cookie choice remains in it).
 */
export async function destroyUserSession(request: Request, services: SessionServices): Promise<string> {
  const session = await getCurrentSession(request, services);
  if (session) {
    await services.store.sessions.revoke(session.sessionId);
    await services.identity.endSessions(session.user.uid);
  }
  return updateVisitor(request, services, { t: undefined, c: undefined });
}

/** Ends the session and goes to `to`, where the next page says why (a password changed, an account deleted). */
export async function signOutWith(request: Request, services: SessionServices, flash: Flash, to: string) {
  const headers = new Headers();
  headers.append('Set-Cookie', await destroyUserSession(request, services));
  headers.append('Set-Cookie', await setFlash(request, services, flash));
  return redirect(to, { headers });
}
