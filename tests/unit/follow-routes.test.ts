// « Suivre » from an organizer's page (issue 74, decision 173), as a browser without JavaScript posts it: an account
// follows it (CSRF of its session required), with the weekly mail as an alert of its verified address, and is sent
// back to the page, which then says so; a visitor without an account gets the page everyone gets. And at sign-in, the
// browser's `favoris` cookie, once merged into the account, is cleared.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../app/.server/identity/password';
import { getHoneypot } from '../../app/.server/platform/security';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { action as login } from '../../app/routes/auth.login';
import { loader as organizerPage } from '../../app/routes/organisateurs.$slug';
import { action as follow } from '../../app/routes/suivre';
import { makeOrganizer, storeUser } from '../support/factories';
import { loadContext } from '../support/load-context';
import { routeAnswer } from '../support/route-answer';
import { formPost, signedIn, visitorWithCookie } from '../support/signed-in';

const SITE = 'http://localhost';
const PAGE = '/organisateurs/suivi-jazz';
let ip = 0;
const context = () => loadContext(`10.74.0.${++ip}`);
const page = (cookie?: string) =>
  routeAnswer(() =>
    organizerPage({
      request: new Request(`${SITE}${PAGE}`, cookie ? { headers: { Cookie: cookie } } : {}),
      context: context(),
      params: { slug: 'suivi-jazz' },
    } as LoaderFunctionArgs),
  );
const post = (request: Request) =>
  routeAnswer(() => follow({ request, context: context(), params: {} } as ActionFunctionArgs));

beforeAll(async () => {
  const { store } = getServices();
  await prepareStore(getServices());
  await store.organizers.insertMany([makeOrganizer({ id: 'suivi-jazz', slug: 'suivi-jazz', name: 'Suivi Jazz' })]);
  await storeUser(store, { uid: 'suiveuse', email: 'suiveuse@exemple.ch', emailVerified: true });
});

describe('« Suivre » sans JavaScript', () => {
  it('un compte suit l’organisateur, avec l’email du jeudi ; la page le dit ensuite', async () => {
    const who = await signedIn('suiveuse');
    expect(await page(who.cookie)).toMatchObject({ data: { follow: { following: false, mail: false } } });
    const fields = { kind: 'organisateur', slug: 'suivi-jazz', intent: 'follow', mail: '1', redirectTo: PAGE };
    // Without the session's CSRF token: refused (back to a page with the message), nothing followed.
    expect(await post(formPost('/suivre', who, fields))).toMatchObject({ status: 302, location: '/favoris' });
    expect(await getServices().store.favourites.follows('suiveuse')).toEqual([]);

    const done = await post(formPost('/suivre', who, { ...fields, csrf: who.csrf }));
    expect(done).toMatchObject({ status: 302, location: PAGE });
    expect(await page(who.cookie)).toMatchObject({ data: { follow: { following: true, mail: true } } });
    const alerts = await getServices().store.alerts.listByEmail('suiveuse@exemple.ch');
    expect(alerts).toMatchObject([{ filter: 'organisateur=suivi-jazz', rhythm: 'weekly', status: 'active' }]);

    const stop = { ...fields, intent: 'unfollow', csrf: who.csrf };
    expect(await post(formPost('/suivre', who, stop))).toMatchObject({ status: 302, location: PAGE });
    expect(await page(who.cookie)).toMatchObject({ data: { follow: { following: false, mail: false } } });
    expect(await getServices().store.alerts.listByEmail('suiveuse@exemple.ch')).toEqual([]);
  });

  it('sans compte : la page de tous (rien de personnel), et l’envoi mène à la connexion', async () => {
    expect(await page()).toMatchObject({ data: { follow: null } });
    const visitor = await visitorWithCookie();
    const fields = { kind: 'organisateur', slug: 'suivi-jazz', intent: 'follow', csrf: visitor.token };
    const answer = await post(formPost('/suivre', visitor, fields));
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/auth\/login\?redirect=/);
  });
});

describe('la connexion et le cookie favoris', () => {
  it('les favoris du navigateur rejoignent le compte, puis son cookie favoris est effacé', async () => {
    const { store } = getServices();
    const password = 'une phrase pour les favoris';
    await store.users.upsert({
      uid: 'gardienne',
      email: 'gardienne@exemple.ch',
      displayName: 'Gardienne',
      role: 'organizer',
      passwordHash: await hashPassword(password),
      emailVerified: true,
      now: new Date().toISOString(),
    });
    const visitor = await visitorWithCookie();
    const who = { cookie: `${visitor.cookie}; favoris=fav-login-a%20fav-login-b` };
    const honeypot = getHoneypot(getServices()).getInputProps();
    const fields = {
      email: 'gardienne@exemple.ch',
      password,
      csrf: visitor.token,
      [honeypot.nameFieldName]: '',
      ...(honeypot.validFromFieldName ? { [honeypot.validFromFieldName]: honeypot.encryptedValidFrom } : {}),
    };
    const answer = await routeAnswer(() =>
      login({ request: formPost('/auth/login', who, fields), context: context(), params: {} } as ActionFunctionArgs),
    );
    expect(answer.status).toBe(302);
    const cookies = answer.response?.headers.getSetCookie() ?? [];
    expect(cookies.find((c) => c.startsWith('favoris='))).toMatch(/^favoris=; Path=\/; Max-Age=0/);
    // The session is the last `__session` written: the browser is signed in.
    expect(cookies.at(-1)).toMatch(/^__session=[^;]+/);
    expect((await store.favourites.list('gardienne')).map((f) => f.eventId)).toEqual(['fav-login-a', 'fav-login-b']);
  });
});
