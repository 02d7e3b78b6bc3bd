// Open redirects through every action that sends the visitor on to a place the request names: each payload of the
// corpus, given to the login and registration forms, the Google sign-in, the cookie choice and the donation form,
// must leave a Location on this site.
import crypto from 'node:crypto';
import type { ActionFunctionArgs } from '@remix-run/node';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../app/.server/identity/password';
import { getHoneypot } from '../../app/.server/platform/security';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { action as login } from '../../app/routes/auth.login';
import { action as logout } from '../../app/routes/auth.logout';
import { action as register } from '../../app/routes/auth.register';
import { action as googleSession } from '../../app/routes/auth.session';
import { action as cookies } from '../../app/routes/cookies';
import { action as donate } from '../../app/routes/support-us/route';
import { loadContext } from '../support/load-context';
import { REDIRECT_PAYLOADS, staysOnSite } from '../support/redirect-corpus';
import { routeAnswer } from '../support/route-answer';
import { visitorWithCookie } from '../support/signed-in';

const SITE = 'http://localhost';
const PASSWORD = 'une phrase pour les redirections';
let csrf: { token: string; cookie: string };
let ip = 0;
let uid = '';

// Hundreds of accounts and logins: passwords hashed with a cheap scrypt (a scheme the verifier still reads), not
// Argon2id, whose cost is not what this test is about.
vi.mock('../../app/.server/identity/password', async (original) => ({
  ...(await original<typeof import('../../app/.server/identity/password')>()),
  hashPassword: async (password: string) => {
    const salt = crypto.randomBytes(16);
    const key = crypto.scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
    return ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
  },
  needsRehash: () => false,
}));

// Mails of the registrations are written to the outbox, not announced on the console.
vi.spyOn(console, 'log').mockImplementation(() => {});

// Google sign-in needs Firebase: its verification is replaced by one that accepts, the route runs as it is.
vi.mock('../../app/.server/accounts/accounts', async (original) => ({
  ...(await original<typeof import('../../app/.server/accounts/accounts')>()),
  signInExternal: async () => {
    const user = await getServices().store.users.findById(uid);
    return user ? { user, signedIn: { uid, idToken: null } } : null;
  },
}));

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  await prepareStore(getServices());
  csrf = await visitorWithCookie(SITE);
  const user = await getServices().store.users.upsert({
    uid: 'redirections',
    email: 'redirections@exemple.ch',
    displayName: 'Redirections',
    role: 'organizer',
    passwordHash: await hashPassword(PASSWORD),
    emailVerified: true,
    now: new Date().toISOString(),
  });
  uid = user.uid;
});

function post(path: string, fields: Record<string, string>) {
  const form = new URLSearchParams({ csrf: csrf.token, ...fields });
  const honeypot = getHoneypot(getServices()).getInputProps();
  form.set(honeypot.nameFieldName, '');
  if (honeypot.validFromFieldName) form.set(honeypot.validFromFieldName, honeypot.encryptedValidFrom);
  return new Request(`${SITE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE, Cookie: csrf.cookie },
    body: form,
  });
}

type Action = (args: ActionFunctionArgs) => Promise<unknown>;

async function locationOf(action: Action, request: Request): Promise<string> {
  const { status, location } = await routeAnswer(() =>
    action({ request, context: loadContext(`10.20.${(++ip >> 8) & 255}.${ip & 255}`), params: {} }),
  );
  expect(status, `${request.url} → ${status}`).toBe(302);
  return location ?? '';
}

/** Where a Location sends the visitor next, when it is our login page with a place to go back to. */
const onward = (location: string) => new URL(location, SITE).searchParams.get('redirect');

describe(`${REDIRECT_PAYLOADS.length} charges d’open redirect, par chaque action qui redirige`, () => {
  it('connexion (champ redirect, rempli depuis ?redirect=)', async () => {
    for (const payload of REDIRECT_PAYLOADS) {
      const location = await locationOf(
        login as Action,
        post('/auth/login', { email: 'redirections@exemple.ch', password: PASSWORD, redirect: payload }),
      );
      expect(staysOnSite(location), `${JSON.stringify(payload)} → ${location}`).toBe(true);
    }
  }, 60_000);

  it('inscription (vers la connexion, puis la page voulue)', async () => {
    let n = 0;
    for (const payload of REDIRECT_PAYLOADS) {
      const email = `inscrite-${++n}@exemple.ch`;
      const fields = { displayName: 'Nouvelle', email, password: 'une phrase assez longue', redirect: payload };
      const location = await locationOf(register as Action, post('/auth/register', fields));
      expect(staysOnSite(location), `${JSON.stringify(payload)} → ${location}`).toBe(true);
      const next = onward(location) ?? '';
      expect(staysOnSite(next), `${JSON.stringify(payload)} → ${next}`).toBe(true);
    }
  }, 60_000);

  it('connexion avec Google', async () => {
    for (const payload of REDIRECT_PAYLOADS) {
      const location = await locationOf(
        googleSession as Action,
        post('/auth/session', { idToken: 'x'.repeat(40), redirect: payload }),
      );
      expect(staysOnSite(location), `${JSON.stringify(payload)} → ${location}`).toBe(true);
    }
  });

  it('choix des cookies sans JavaScript (redirectTo)', async () => {
    for (const payload of REDIRECT_PAYLOADS) {
      const location = await locationOf(
        cookies as Action,
        post('/cookies', { intent: 'necessary-only', redirectTo: payload }),
      );
      expect(staysOnSite(location), `${JSON.stringify(payload)} → ${location}`).toBe(true);
    }
  });

  it('don par carte sans compte (retour après la connexion) et déconnexion', async () => {
    for (const payload of REDIRECT_PAYLOADS) {
      const location = await locationOf(donate as Action, post('/support-us', { montant: payload }));
      expect(staysOnSite(location)).toBe(true);
      expect(staysOnSite(onward(location) ?? ''), `${JSON.stringify(payload)} → ${location}`).toBe(true);
      expect(await locationOf(logout as Action, post('/auth/logout', { redirect: payload }))).toBe('/');
    }
  });
});
