// CSRF tokens, derived from `__session` and never stored (docs/decisions/037-un-seul-cookie-et-pages-en-cache.md). A
// signed-in visitor's token is an HMAC of their session's id: it belongs to that session only and changes with it (a
// new one at each login). A visitor with a `__session` but no session (a message, a cookie choice) gets an HMAC of the
// cookie's own random secret. A visitor without the cookie gets no token at all: their pages come from a shared cache,
// and their posts are accepted only when the browser says they come from this site (security.ts).
import crypto from 'node:crypto';
import { getServices } from '../services';

const mac = (value: string) =>
  crypto.createHmac('sha256', getServices().config.SESSION_SECRET).update(value).digest('base64url');

/** The token of a signed-in visitor: derived from the session id and the server's secret. */
export function sessionCsrfToken(sessionId: string): string {
  return `s.${mac(`csrf:${sessionId}`)}`;
}

/** The token of a visitor whose `__session` holds no session: derived from the cookie's CSRF secret. */
export function visitorCsrfToken(secret: string): string {
  return `v.${mac(`csrf-visitor:${secret}`)}`;
}

/** True when `sent` equals `expected` (compared in constant time). */
export function sameToken(sent: unknown, expected: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(sent);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** True when `sent` is the session's token. */
export function isSessionCsrfToken(sent: unknown, sessionId: string): boolean {
  return sameToken(sent, sessionCsrfToken(sessionId));
}
