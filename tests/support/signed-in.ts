// Visitors for route tests: a signed-in one with the session cookie and the CSRF token of that session (bound to it:
// a token from before the login is refused once signed in), and one with a `__session` but no session.
import { setFlash } from '../../app/.server/platform/flash';
import { csrfTokenFor } from '../../app/.server/platform/security';
import { createUserSession } from '../../app/.server/platform/session';
import { getServices } from '../../app/.server/services';
import { storeUser } from './factories';

export async function signedIn(uid: string, site = 'http://localhost'): Promise<{ cookie: string; csrf: string }> {
  const cookie = (await createUserSession(new Request(`${site}/`), getServices(), uid)).split(';')[0];
  const csrf = await csrfTokenFor(new Request(`${site}/`, { headers: { Cookie: cookie } }), getServices());
  return { cookie, csrf };
}

/**
 * A visitor with a `__session` but no session (here, a message waiting to be shown), and the CSRF token their pages
 * carry: the token their forms must send (a visitor without the cookie has none, decision 037).
 */
export async function visitorWithCookie(site = 'http://localhost'): Promise<{ cookie: string; token: string }> {
  const cookie = (
    await setFlash(new Request(`${site}/`), getServices(), { kind: 'info', message: 'Bienvenue.' })
  ).split(';')[0];
  return { cookie, token: await csrfTokenFor(new Request(`${site}/`, { headers: { Cookie: cookie } }), getServices()) };
}

/** A new account of this role, stored, signed in (route tests of admin and organizer screens). */
export async function signedInAs(role: 'admin' | 'organizer', site = 'http://localhost') {
  const uid = `${role}-${Math.random().toString(36).slice(2, 8)}`;
  await storeUser(getServices().store, { uid, role });
  return signedIn(uid, site);
}

/** A form POST as a browser sends it from the site (same Origin), with this visitor's cookie. */
export function formPost(
  path: string,
  who: { cookie: string },
  fields: Record<string, string>,
  site = 'http://localhost',
): Request {
  return new Request(`${site}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: site, Cookie: who.cookie },
    body: new URLSearchParams(fields),
  });
}
