// The client layer's endpoints over HTTP-shaped requests, as the server runs them: the cookie choice (POST /cookies),
// the page-view beacon (POST /analytics/pageview) and the admin's push device (POST /push/subscription).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConsent } from '../../app/.server/platform/consent';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { action as pageViewAction } from '../../app/routes/analytics.pageview';
import { action as cookiesAction, loader as cookiesLoader } from '../../app/routes/cookies';
import { action as pushAction } from '../../app/routes/push.subscription';
import { storeUser } from '../support/factories';
import { loadContext } from '../support/load-context';
import { type PushServiceStandIn, startPushService } from '../support/push-service';
import { signedIn, visitorWithCookie } from '../support/signed-in';

const SITE = 'http://localhost';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

let csrf: { token: string; cookie: string };
let ip = 0;
let service: PushServiceStandIn;

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  await prepareStore(getServices());
  csrf = await visitorWithCookie(SITE);
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
});

const context = () => loadContext(`10.1.0.${++ip}`);

async function account(role: 'admin' | 'organizer') {
  const uid = `${role}-${Math.random().toString(36).slice(2, 8)}`;
  await storeUser(getServices().store, { uid, displayName: uid, role });
  return { uid, ...(await signedIn(uid, SITE)) };
}

function formPost(path: string, fields: Record<string, string>, cookies: string[] = [], headers = {}) {
  return new Request(`${SITE}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: SITE,
      // One `__session`: the account's when given, or else the visitor's.
      Cookie: (cookies.length ? cookies : [csrf.cookie]).join('; '),
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
}

/** The `__session` the answer sets when it holds a cookie choice, or null. */
async function consentCookie(response: Response): Promise<string | null> {
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('__session='))
    ?.split(';')[0];
  if (!cookie) return null;
  return (await readConsent(new Request(SITE, { headers: { Cookie: cookie } }), getServices())) ? cookie : null;
}

async function run(action: () => Promise<unknown>): Promise<Response> {
  try {
    return (await action()) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const wrapped = thrown as { data?: unknown; init?: { status?: number } };
    return Response.json(wrapped.data, { status: wrapped.init?.status ?? 500 });
  }
}

const cookies = (fields: Record<string, string>, extra: string[] = []) =>
  run(() => cookiesAction({ request: formPost('/cookies', fields, extra), context: context(), params: {} }));

describe('POST /cookies', () => {
  it('sans JavaScript : « Tout accepter » pose le cookie du choix et revient à la page', async () => {
    const response = await cookies({ csrf: csrf.token, intent: 'accept-all', redirectTo: '/evenements?q=jazz' });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/evenements?q=jazz');
    const setCookies = response.headers.getSetCookie();
    // One cookie, `__session`, with the choice and the message in it.
    expect(setCookies.map((c) => c.split('=')[0])).toEqual(['__session', '__session']);
    expect(setCookies.at(-1)).toMatch(/HttpOnly/);
    expect(setCookies.at(-1)).toMatch(/SameSite=Lax/);
    const cookie = (setCookies.at(-1) ?? '').split(';')[0];
    expect(await readConsent(new Request(SITE, { headers: { Cookie: cookie } }), getServices())).toMatchObject({
      preferences: { analytics: true, marketing: true, functional: true },
    });
  });

  it('avec JavaScript et sans __session : le choix reste dans le navigateur, aucun cookie n’est posé', async () => {
    const request = new Request(`${SITE}/cookies`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE },
      body: new URLSearchParams({ intent: 'accept-all', js: '1' }),
    });
    const response = await run(() => cookiesAction({ request, context: context(), params: {} }));
    expect(response.status).toBe(200);
    expect(
      ((await response.json()) as { consent: { preferences: { analytics: boolean } } }).consent.preferences.analytics,
    ).toBe(true);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('avec JavaScript : la réponse donne le choix enregistré ; sauvegarder garde ce qui est coché', async () => {
    const response = await cookies({ csrf: csrf.token, intent: 'save', analytics: 'on', functional: 'on', js: '1' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; consent: { preferences: Record<string, boolean> } };
    expect(body.ok).toBe(true);
    expect(body.consent.preferences).toEqual({ necessary: true, analytics: true, marketing: false, functional: true });
    expect(await consentCookie(response)).not.toBeNull();
  });

  it('réinitialiser efface le cookie ; une redirection vers un autre site devient l’accueil', async () => {
    const response = await cookies({ csrf: csrf.token, intent: 'reset', redirectTo: '//ailleurs.example/' });
    expect(response.headers.get('Location')).toBe('/');
    const cookie = response.headers.getSetCookie().at(-1)?.split(';')[0] ?? '';
    expect(await readConsent(new Request(SITE, { headers: { Cookie: cookie } }), getServices())).toBeNull();
  });

  it('un choix inconnu est refusé avec un message en français, sans poser de cookie', async () => {
    const response = await cookies({ csrf: csrf.token, intent: 'tout-sauf', js: '1' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'Ce choix de cookies n’est pas reconnu. Rechargez la page et réessayez.',
    );
    expect(await consentCookie(response)).toBeNull();
  });

  it('sans jeton CSRF, ou depuis un autre site, rien n’est enregistré', async () => {
    const withoutJs = await cookies({ intent: 'accept-all', redirectTo: '/faq' });
    expect(withoutJs.status).toBe(302);
    expect(withoutJs.headers.get('Location')).toBe('/faq');
    expect(await consentCookie(withoutJs)).toBeNull();
    const withJs = await cookies({ intent: 'accept-all', js: '1' });
    expect(withJs.status).toBe(403);
    expect(((await withJs.json()) as { message: string }).message).toBe(
      'Votre session de formulaire a expiré. Rechargez la page et réessayez.',
    );
    const crossSite = await run(() =>
      cookiesAction({
        request: formPost('/cookies', { csrf: csrf.token, intent: 'accept-all' }, [], {
          Origin: 'https://ailleurs.example',
        }),
        context: context(),
        params: {},
      }),
    );
    expect(crossSite.status).toBe(403);
    expect(await consentCookie(crossSite)).toBeNull();
  });

  it('au-delà de 60 choix par minute depuis une même adresse : 429, rien n’est enregistré', async () => {
    const from = loadContext('10.9.9.9');
    const answers = [];
    for (let i = 0; i < 61; i++) {
      const request = formPost('/cookies', { csrf: csrf.token, intent: 'necessary-only', js: '1' }, [], {
        Accept: 'application/json',
      });
      answers.push(await run(() => cookiesAction({ request, context: from, params: {} })));
    }
    expect(answers.slice(0, 60).every((a) => a.status === 200)).toBe(true);
    expect(answers[60].status).toBe(429);
    expect(Number(answers[60].headers.get('Retry-After'))).toBeGreaterThan(0);
    // Refused for its rate, without JavaScript: back to the page it came from (its Referer, the form naming none).
    const noJs = formPost('/cookies', { csrf: csrf.token, intent: 'necessary-only' }, [], {
      Referer: `${SITE}/evenements?q=jazz`,
    });
    expect((await run(() => cookiesAction({ request: noJs, context: from, params: {} }))).headers.get('Location')).toBe(
      '/evenements?q=jazz',
    );
  });

  it('un GET renvoie à l’accueil', async () => {
    const response = (await cookiesLoader()) as Response;
    expect(response.status).toBe(302);
  });
});

describe('POST /analytics/pageview', () => {
  async function consentGranted(analytics: boolean) {
    const response = await cookies({
      csrf: csrf.token,
      intent: 'save',
      js: '1',
      ...(analytics ? { analytics: 'on' } : {}),
    });
    return (await consentCookie(response)) as string;
  }

  function beacon(body: string, headers: Record<string, string> = {}, clientIp = `10.2.0.${++ip}`) {
    return run(() =>
      pageViewAction({
        request: new Request(`${SITE}/analytics/pageview`, {
          method: 'POST',
          headers: {
            'Content-Type': 'text/plain;charset=UTF-8',
            'Sec-Fetch-Site': 'same-origin',
            'User-Agent': CHROME,
            ...headers,
          },
          body,
        }),
        context: loadContext(clientIp),
        params: {},
      }),
    );
  }
  const viewsOf = (path: string) =>
    getServices()
      .store.stats.topPages('2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z', 100)
      .then((top) => top.find((p) => p.path === path)?.views ?? 0);

  it('compte la page vue d’un visiteur qui a accepté la mesure d’audience, pas celle d’un visiteur qui l’a refusée', async () => {
    const yes = await consentGranted(true);
    const no = await consentGranted(false);
    const body = JSON.stringify({ path: '/partenaires', title: 'Partenaires' });
    expect((await beacon(body, { Cookie: yes })).status).toBe(204);
    expect((await beacon(body, { Cookie: no })).status).toBe(204);
    expect((await beacon(body)).status).toBe(204);
    expect(await viewsOf('/partenaires')).toBe(1);
    // With JavaScript and no `__session`, the beacon states the choice kept in the browser; a cookie's refusal prevails.
    const stated = JSON.stringify({ path: '/partenaires', title: 'Partenaires', analytics: true });
    expect((await beacon(stated)).status).toBe(204);
    expect(await viewsOf('/partenaires')).toBe(2);
    expect((await beacon(stated, { Cookie: no })).status).toBe(204);
    expect(await viewsOf('/partenaires')).toBe(2);
  });

  it('refuse ce qui ne vient pas de la page même (autre site, ou aucune indication)', async () => {
    const yes = await consentGranted(true);
    const body = JSON.stringify({ path: '/privacy-policy', title: 'x' });
    expect((await beacon(body, { Cookie: yes, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await beacon(body, { Cookie: yes, 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
    const request = new Request(`${SITE}/analytics/pageview`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Cookie: yes, 'User-Agent': CHROME },
      body,
    });
    expect((await run(() => pageViewAction({ request, context: context(), params: {} }))).status).toBe(403);
    // An Origin header alone (older browsers) is enough when it is this site.
    expect((await beacon(body, { Cookie: yes, 'Sec-Fetch-Site': '', Origin: SITE })).status).toBe(204);
    expect(await viewsOf('/privacy-policy')).toBe(1);
  });

  it('répond 4xx, jamais 5xx, à n’importe quoi', async () => {
    const yes = await consentGranted(true);
    expect((await beacon('{"path":', { Cookie: yes })).status).toBe(400);
    expect((await beacon('{}', { Cookie: yes, 'Content-Type': 'image/png' })).status).toBe(415);
    expect((await beacon('{"path":"/x"}', { Cookie: '__session=%%%' })).status).toBe(204);
  });

  it('limite le nombre de pages vues par minute et par client', async () => {
    const yes = await consentGranted(true);
    const body = JSON.stringify({ path: '/limite', title: 'x' });
    const answers: Response[] = [];
    for (let i = 0; i < 62; i++) answers.push(await beacon(body, { Cookie: yes }, '10.3.0.1'));
    expect(answers.filter((a) => a.status === 204)).toHaveLength(60);
    expect(answers.slice(-2).map((a) => a.status)).toEqual([429, 429]);
    expect(Number(answers.at(-1)?.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe('POST /push/subscription', () => {
  async function subscriptionToken() {
    const { subscription } = await service.subscribe((await getServices().push.clientConfig()).vapidPublicKey);
    return JSON.stringify(subscription);
  }
  const push = (fields: Record<string, string>, cookie?: string) =>
    run(() =>
      pushAction({
        request: formPost('/push/subscription', fields, cookie ? [cookie] : []),
        context: context(),
        params: {},
      }),
    );

  it('un admin enregistre l’appareil (jeton, agent, plateforme) puis la régénération le retire', async () => {
    const admin = await account('admin');
    const token = await subscriptionToken();
    const saved = await push(
      {
        csrf: admin.csrf,
        intent: 'save',
        deviceId: 'Ab3_-xYz09KLmnop',
        token,
        userAgent: CHROME,
        platform: 'Linux x86_64',
      },
      admin.cookie,
    );
    expect(saved.status).toBe(200);
    const data = await getServices().store.users.getPushData(admin.uid);
    expect(data?.fcmTokens['Ab3_-xYz09KLmnop']).toMatchObject({ userAgent: CHROME, platform: 'Linux x86_64' });
    expect(JSON.parse(data?.fcmToken ?? '{}').endpoint).toBe(JSON.parse(token).endpoint);

    expect(
      (await push({ csrf: admin.csrf, intent: 'forget', deviceId: 'Ab3_-xYz09KLmnop' }, admin.cookie)).status,
    ).toBe(200);
    expect(await getServices().store.users.getPushData(admin.uid)).toEqual({
      fcmTokens: {},
      fcmToken: null,
      fcmTokenUpdatedAt: null,
    });
  });

  it('refuse un visiteur, un organisateur, un envoi sans CSRF et un identifiant d’appareil mal formé', async () => {
    const token = await subscriptionToken();
    const fields = { csrf: csrf.token, intent: 'save', deviceId: 'Ab3_-xYz09KLmnop', token };
    const anonymous = await push(fields);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { message: string }).message).toBe('Aucun utilisateur connecté');
    const organizer = await account('organizer');
    expect((await push(fields, organizer.cookie)).status).toBe(403);
    expect(await getServices().store.users.getPushData(organizer.uid)).toEqual({
      fcmTokens: {},
      fcmToken: null,
      fcmTokenUpdatedAt: null,
    });
    const admin = await account('admin');
    expect((await push({ ...fields, csrf: 'faux' }, admin.cookie)).status).toBe(403);
    // The anonymous token is not the session's: refused once signed in.
    expect((await push(fields, admin.cookie)).status).toBe(403);
    expect((await push({ ...fields, csrf: admin.csrf, deviceId: 'court' }, admin.cookie)).status).toBe(400);
    expect(
      (await push({ ...fields, csrf: admin.csrf, token: '{"endpoint":"https://x.example"}' }, admin.cookie)).status,
    ).toBe(400);
    expect(await getServices().store.users.getPushData(admin.uid)).toEqual({
      fcmTokens: {},
      fcmToken: null,
      fcmTokenUpdatedAt: null,
    });
  });
});
