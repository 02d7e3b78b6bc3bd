// CSRF with one cookie (decision 037): a visitor without `__session` is trusted only when the browser says the post
// comes from this site; a visitor with one needs the token derived from it; a signed-in visitor, their session's.
import { beforeAll, describe, expect, it } from 'vitest';
import { storeUser } from '../../../tests/support/factories';
import { prepareStore } from '../server/startup';
import { getServices } from '../services';
import { consentCookieHeader } from './consent';
import { guardPost } from './guard';
import { csrfTokenFor } from './security';
import { createUserSession, destroyUserSession, signIn } from './session';

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
/** The guard's answer to a form posted with these cookies and this token: accepted, or the refusal's status. */
const post = (cookies: string[], csrf: string | null, headers: Record<string, string> = { Origin: SITE }) => {
  const request = new Request(`${SITE}/contact`, {
    method: 'POST',
    headers: {
      Cookie: cookies.filter(Boolean).join('; '),
      'Content-Type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body: new URLSearchParams(csrf === null ? {} : { csrf }),
  });
  return guardPost(request, { services: getServices(), clientIp: '192.0.2.40' }, { audience: 'signed-in' }).then(
    () => 'accepté',
    (refused: Response) => refused.status,
  );
};
const tokenOf = (cookie: string) => csrfTokenFor(new Request(SITE, { headers: { Cookie: cookie } }), getServices());
const consent = {
  preferences: { necessary: true, analytics: false, marketing: false, functional: false },
  date: new Date().toISOString(),
} as const;

describe('jetons CSRF tirés de __session', () => {
  it('sans __session, pas de jeton : seul un envoi que le navigateur dit venir de ce site passe', async () => {
    expect(await tokenOf('')).toBe('');
    expect(await post([], null, { Origin: SITE })).toBe('accepté');
    expect(await post([], null, { 'Sec-Fetch-Site': 'same-origin' })).toBe('accepté');
    // A forged form on another site, or a client that says nothing of where it comes from.
    expect(await post([], null, { Origin: 'https://evil.example' })).toBe(403);
    expect(await post([], null, { 'Sec-Fetch-Site': 'same-site' })).toBe(403);
    expect(await post([], null, {})).toBe(403);
  });

  it('avec un __session sans session (un choix de cookies), le jeton qui en dérive est exigé', async () => {
    const mine = cookieOf(await consentCookieHeader(new Request(SITE), getServices(), consent));
    const theirs = cookieOf(await consentCookieHeader(new Request(SITE), getServices(), consent));
    const token = await tokenOf(mine);
    expect(token).toMatch(/^v\.[\w-]{43}$/);
    expect(await post([mine], token)).toBe('accepté');
    expect(await post([mine], null)).toBe(403);
    expect(await post([mine], await tokenOf(theirs))).toBe(403);
  });

  it('connecté, seul le jeton de sa session passe : ni celui d’avant la connexion, ni celui d’une autre session', async () => {
    const visitor = cookieOf(await consentCookieHeader(new Request(SITE), getServices(), consent));
    const before = await tokenOf(visitor);
    const uid = await account('lea');
    const session = cookieOf(
      await createUserSession(new Request(SITE, { headers: { Cookie: visitor } }), getServices(), uid),
    );
    const token = await tokenOf(session);
    expect(token).toMatch(/^s\./);
    expect(await post([session], token)).toBe('accepté');
    expect(await post([session], before)).toBe(403);
    // Same origin, but no token: a session's forms always carry one.
    expect(await post([session], null)).toBe(403);

    const other = cookieOf(await createUserSession(new Request(SITE), getServices(), uid));
    const otherToken = await tokenOf(other);
    expect(otherToken).not.toBe(token);
    expect(await post([session], otherToken)).toBe(403);
    expect(await post([other], otherToken)).toBe('accepté');
  });

  it('se connecter change le jeton et garde le choix de cookies ; après la déconnexion, l’ancien ne vaut plus rien', async () => {
    const uid = await account('zoe');
    const first = cookieOf(await createUserSession(new Request(SITE), getServices(), uid));
    const before = await tokenOf(first);

    const headers = await signIn(new Request(SITE, { headers: { Cookie: first } }), getServices(), uid);
    const cookies = headers.getSetCookie();
    expect(cookies.map((c) => c.split('=')[0])).toEqual(['__session']);
    const second = cookieOf(cookies[0]);
    const after = await tokenOf(second);
    expect(after).not.toBe(before);
    expect(await post([second], before)).toBe(403);
    expect(await post([second], after)).toBe('accepté');

    const cleared = await destroyUserSession(new Request(SITE, { headers: { Cookie: second } }), getServices());
    expect(cleared).toMatch(/^__session=;.*Max-Age=0/);
    expect(await post([second], after)).toBe(403);
  });
});
