// CSRF tokens, derived from `__session` and never stored (docs/decisions/037-un-seul-cookie-et-pages-en-cache.md). A
// signed-in visitor's token is an HMAC of their session's id: it belongs to that session only and changes with it (a
// new one at each login). A visitor with a `__session` but no session (a message, a cookie choice) gets an HMAC of the
// cookie's own random secret. A visitor without the cookie gets no token at all: their pages come from a shared cache,
// and their posts are accepted only when the browser says they come from this site (security.ts).
import crypto from 'node:crypto';
import type { Config } from './config';

/** What the tokens need of the services: the server's secret, passed by the caller. */
export interface CsrfServices {
  readonly config: Pick<Config, 'SESSION_SECRET'>;
}

const mac = ({ config }: CsrfServices, value: string) =>
  crypto.createHmac('sha256', config.SESSION_SECRET).update(value).digest('base64url');

/** The token of a signed-in visitor: derived from the session id and the server's secret. */
export function sessionCsrfToken(services: CsrfServices, sessionId: string): string {
  return `s.${mac(services, `csrf:${sessionId}`)}`;
}

/** The token of a visitor whose `__session` holds no session: derived from the cookie's CSRF secret. */
export function visitorCsrfToken(services: CsrfServices, secret: string): string {
  return `v.${mac(services, `csrf-visitor:${secret}`)}`;
}

/** True when `sent` equals `expected` (compared in constant time). */
export function sameToken(sent: unknown, expected: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(sent);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** True when `sent` is the session's token. */
export function isSessionCsrfToken(services: CsrfServices, sent: unknown, sessionId: string): boolean {
  return sameToken(sent, sessionCsrfToken(services, sessionId));
}
