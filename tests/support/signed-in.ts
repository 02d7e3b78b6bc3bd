// A signed-in visitor for route tests: the session cookie, and the CSRF token of that session (a signed-in visitor's
// token is bound to their session: the anonymous `csrf` cookie's token is refused once signed in).
import { csrfTokenFor } from '../../app/.server/platform/security';
import { createUserSession } from '../../app/.server/platform/session';

export async function signedIn(uid: string, site = 'http://localhost'): Promise<{ cookie: string; csrf: string }> {
  const cookie = (await createUserSession(new Request(`${site}/`), uid)).split(';')[0];
  const [csrf] = await csrfTokenFor(new Request(`${site}/`, { headers: { Cookie: cookie } }));
  return { cookie, csrf };
}
