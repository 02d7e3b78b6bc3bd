// CSRF tokens. A signed-in visitor's token is an HMAC of their session's id: it needs no cookie of its own, belongs
// to that session only, and changes with it (a new one at each login). A visitor without a session gets remix-utils'
// double-submit token (a signed random value in the `csrf` cookie), which ends at login.
import crypto from 'node:crypto';
import { createCookie } from '@remix-run/node';
import { CSRF } from 'remix-utils/csrf/server';
import { getServices } from '../services';
import { once } from './once';

/**
 * remix-utils' CSRF, with tokens made by node:crypto instead of crypto-js: every page view of a new visitor
 * generates one, and crypto-js cost a few percent of the CPU of a page. Same format (random base64url, a dot, the
 * HMAC-SHA256 base64url of it), so the library's own validation of posted forms is unchanged.
 */
class NodeCryptoCSRF extends CSRF {
  readonly #secret: string;
  constructor(options: ConstructorParameters<typeof CSRF>[0] & { secret: string }) {
    super(options);
    this.#secret = options.secret;
  }
  override generate(bytes = 32): string {
    const token = crypto.randomBytes(bytes).toString('base64url');
    return `${token}.${crypto.createHmac('sha256', this.#secret).update(token).digest('base64url')}`;
  }
}

const anonymousCookie = once(() => {
  const { config } = getServices();
  return createCookie('csrf', {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.SECURE_COOKIES,
    path: '/',
    secrets: [config.SESSION_SECRET],
  });
});

const csrf = once(
  () =>
    new NodeCryptoCSRF({ cookie: anonymousCookie(), formDataKey: 'csrf', secret: getServices().config.SESSION_SECRET }),
);

/** The token of visitors without a session (double submit: the form's field must equal the `csrf` cookie). */
export function getCsrf(): CSRF {
  return csrf();
}

/** The token of a signed-in visitor: derived from the session id and the server's secret, never stored. */
export function sessionCsrfToken(sessionId: string): string {
  const mac = crypto
    .createHmac('sha256', getServices().config.SESSION_SECRET)
    .update(`csrf:${sessionId}`)
    .digest('base64url');
  return `s.${mac}`;
}

/** True when `sent` is the session's token (compared in constant time). */
export function isSessionCsrfToken(sent: unknown, sessionId: string): boolean {
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(sessionCsrfToken(sessionId));
  const given = Buffer.from(sent);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** Set-Cookie that ends the visitor's anonymous token (at login: a token from before it must not outlive it). */
export function endAnonymousCsrf(): Promise<string> {
  return anonymousCookie().serialize('', { maxAge: 0 });
}
