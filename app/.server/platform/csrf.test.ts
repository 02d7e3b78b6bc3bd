// CSRF tokens bound to the session: what a signed-in visitor's form must carry, and what changes at login.
import { beforeAll, describe, expect, it } from 'vitest';
import { storeUser } from '../../../tests/support/factories';
import { getServices } from '../services';
import { getCsrf } from './csrf';
import { csrfTokenFor, verifyCsrf } from './security';
import { createUserSession, destroyUserSession, signIn } from './session';
import { prepareStore } from './startup';

const SITE = 'http://agenda.test';

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  await prepareStore(getServices());
});

async function account(label: string) {
  const uid = `${label}-${Math.random().toString(36).slice(2, 8)}`;
  await storeUser(getServices().store, { uid, displayName: label });
  return uid;
}

const cookieOf = (setCookie: string | null) => (setCookie ?? '').split(';')[0];
const post = (cookies: string[], csrf: string) => {
  const form = new FormData();
  form.set('csrf', csrf);
  const request = new Request(`${SITE}/contact`, {
    method: 'POST',
    headers: { Cookie: cookies.filter(Boolean).join('; '), Origin: SITE },
  });
  return verifyCsrf(form, request).then(
    () => 'accepté',
    (refused: { init?: { status?: number } }) => refused.init?.status,
  );
};

describe('jetons CSRF liés à la session', () => {
  it('connecté, seul le jeton de sa session passe : ni celui d’avant la connexion, ni celui d’une autre session', async () => {
    const [anonymous, anonymousSetCookie] = await getCsrf().commitToken(new Request(SITE));
    const anonymousCookie = cookieOf(anonymousSetCookie);
    expect(await post([anonymousCookie], anonymous)).toBe('accepté');

    const uid = await account('lea');
    const session = cookieOf(await createUserSession(new Request(SITE), uid));
    const [token, setCookie] = await csrfTokenFor(new Request(SITE, { headers: { Cookie: session } }));
    expect(setCookie).toBeNull();
    expect(await post([session], token)).toBe('accepté');
    // The anonymous pair from before the login, still in the browser: refused once signed in.
    expect(await post([anonymousCookie, session], anonymous)).toBe(403);

    const other = cookieOf(await createUserSession(new Request(SITE), uid));
    const [otherToken] = await csrfTokenFor(new Request(SITE, { headers: { Cookie: other } }));
    expect(otherToken).not.toBe(token);
    expect(await post([session], otherToken)).toBe(403);
    expect(await post([other], otherToken)).toBe('accepté');
  });

  it('se connecter change le jeton et efface celui de visiteur ; après la déconnexion, l’ancien ne vaut plus rien', async () => {
    const uid = await account('zoe');
    const [, anonymousSetCookie] = await getCsrf().commitToken(new Request(SITE));
    const anonymousCookie = cookieOf(anonymousSetCookie);
    const first = cookieOf(await createUserSession(new Request(SITE), uid));
    const [before] = await csrfTokenFor(new Request(SITE, { headers: { Cookie: first } }));

    const headers = await signIn(new Request(SITE, { headers: { Cookie: `${anonymousCookie}; ${first}` } }), uid);
    const cookies = headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('csrf='))).toMatch(/Max-Age=0/);
    const second = cookieOf(cookies.find((c) => c.startsWith('__session=')) ?? null);
    const [after] = await csrfTokenFor(new Request(SITE, { headers: { Cookie: second } }));
    expect(after).not.toBe(before);
    expect(await post([second], before)).toBe(403);
    expect(await post([second], after)).toBe('accepté');

    await destroyUserSession(new Request(SITE, { headers: { Cookie: second } }));
    expect(await post([second], after)).toBe(403);
  });
});
