// The posts of an alert's links (decision 048), through the routes and the one guard as a `link`: the token in the URL
// is the authority, so RFC 8058's one-click unsubscribe — posted by a mail client without cookies, form token or
// Origin — ends the alert; a post another site's page makes is refused; 30 posts a minute per client, then a 429.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashAlertToken } from '../../app/.server/alerts/alerts';
import { FORBIDDEN_ORIGIN, TOO_MANY_REQUESTS } from '../../app/.server/platform/security';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { WEEKEND_IS_WEEKLY } from '../../app/domain/alert';
import { DAY_STATUS_ALERT_WORDS } from '../../app/domain/day-status-words';
import { action as confirm, loader as confirmPage } from '../../app/routes/alertes.confirmer.$token';
import { action as unsubscribe } from '../../app/routes/alertes.desabonner.$token';
import { action as manage, loader as managePage } from '../../app/routes/alertes.gerer.$token';
import { makeEvent } from '../support/factories';
import { loadContext } from '../support/load-context';
import { routeAnswer } from '../support/route-answer';

const SITE = 'http://localhost';

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  await prepareStore(getServices());
});

/** An alert of its own address, pending, and the token of its links. */
async function storedAlert(filter = 'canton=VD', rhythm: 'daily' | 'weekly' = 'daily') {
  const token = crypto.randomBytes(32).toString('base64url');
  const id = `lien-${crypto.randomBytes(6).toString('hex')}`;
  const email = `${id}@exemple.ch`;
  await getServices().store.alerts.request({
    id,
    email,
    filter,
    rhythm,
    tokenHash: hashAlertToken(token),
    now: new Date().toISOString(),
  });
  return { token, email };
}

const alertsOf = (email: string) => getServices().store.alerts.listByEmail(email);

/** A post of a link's page, with only the headers given (no cookie, no form token unless the body has one). */
const linkPost = (path: string, headers: Record<string, string> = {}, body = 'List-Unsubscribe=One-Click') =>
  new Request(`${SITE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });

describe('les liens d’une alerte par email', () => {
  it('un désabonnement en un clic (RFC 8058), sans cookie, sans jeton ni Origin, efface l’alerte', async () => {
    const { token, email } = await storedAlert();
    const params = { token };
    const answer = await routeAnswer(() =>
      unsubscribe({ request: linkPost(`/alertes/desabonner/${token}`), params, context: loadContext('192.0.2.51') }),
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ unsubscribed: true, eventTitle: null });
    expect(await alertsOf(email)).toEqual([]);
  });

  it('« Me prévenir » : confirmer, gérer et se désabonner parlent de cet événement, par son titre', async () => {
    await getServices().store.events.insertMany([
      makeEvent({ id: 'fete-du-lac', title: 'Fête du lac', status: 'approved' }),
    ]);
    const { token } = await storedAlert('evenement=fete-du-lac');
    const params = { token };
    const context = loadContext('192.0.2.59');
    const get = (path: string) => ({ request: new Request(`${SITE}${path}`), params, context });
    expect((await routeAnswer(() => confirmPage(get(`/alertes/confirmer/${token}`)))).data).toMatchObject({
      event: { id: 'fete-du-lac', title: 'Fête du lac' },
    });
    expect(DAY_STATUS_ALERT_WORDS.confirmLead('Fête du lac')).toBe(
      'Vous serez prévenu·e par email si l’événement est confirmé, annulé, reporté ou déplacé le jour même, pour «\u00a0Fête du lac\u00a0».',
    );
    await routeAnswer(() => confirm({ request: linkPost(`/alertes/confirmer/${token}`, {}, ''), params, context }));
    const managed = await routeAnswer(() => managePage(get(`/alertes/gerer/${token}?confirmee=1`)));
    expect(managed.data).toMatchObject({ event: { title: 'Fête du lac' }, push: { transport: 'webpush' } });
    const gone = await routeAnswer(() =>
      unsubscribe({ request: linkPost(`/alertes/desabonner/${token}`), params, context }),
    );
    expect(gone.data).toEqual({ unsubscribed: true, eventTitle: 'Fête du lac' });
  });

  it('la confirmation et le rythme se postent aussi sans cookie ni jeton', async () => {
    const { token, email } = await storedAlert();
    const params = { token };
    const context = loadContext('192.0.2.52');
    const confirmed = await routeAnswer(() =>
      confirm({ request: linkPost(`/alertes/confirmer/${token}`, {}, ''), params, context }),
    );
    expect(confirmed.location).toBe(`/alertes/gerer/${token}?confirmee=1`);
    const changed = await routeAnswer(() =>
      manage({ request: linkPost(`/alertes/gerer/${token}`, {}, 'rythme=weekly'), params, context }),
    );
    expect(changed.location).toBe(`/alertes/gerer/${token}?enregistre=1`);
    expect((await alertsOf(email)).map((a) => [a.status, a.rhythm])).toEqual([['active', 'weekly']]);
  });

  it('une sélection « Ce week-end » ne passe pas à « Chaque matin », même par un envoi fait à la main', async () => {
    const { token, email } = await storedAlert('quand=week-end&canton=VD', 'weekly');
    const answer = await routeAnswer(() =>
      manage({
        request: linkPost(`/alertes/gerer/${token}`, {}, 'rythme=daily'),
        params: { token },
        context: loadContext('192.0.2.55'),
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ message: WEEKEND_IS_WEEKLY });
    expect((await alertsOf(email)).map((a) => a.rhythm)).toEqual(['weekly']);
  });

  it('un envoi venu d’un autre site est refusé et l’alerte reste', async () => {
    const { token, email } = await storedAlert();
    const params = { token };
    const crossSite: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const answer = await routeAnswer(() =>
        unsubscribe({
          request: linkPost(`/alertes/desabonner/${token}`, headers),
          params,
          context: loadContext('192.0.2.53'),
        }),
      );
      expect(answer.status).toBe(403);
      expect(answer.data).toEqual({ message: FORBIDDEN_ORIGIN });
    }
    expect(await alertsOf(email)).toHaveLength(1);
  });

  it('au-delà de 30 envois par minute, un client reçoit 429 avec Retry-After, sans cache', async () => {
    const { token, email } = await storedAlert();
    const params = { token };
    const post = (clientIp: string) =>
      routeAnswer(() =>
        manage({
          request: linkPost(`/alertes/gerer/${token}`, {}, 'rythme=daily'),
          params,
          context: loadContext(clientIp),
        }),
      );
    for (let i = 0; i < 30; i++) expect((await post('198.51.100.54')).status).toBe(302);
    const refused = await post('198.51.100.54');
    expect(refused.status).toBe(429);
    expect(Number(refused.response?.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(refused.response?.headers.get('Cache-Control')).toBe('no-store');
    // With the choice sent, to send again as it is (the page's « Réessayer l’envoi »).
    expect(await refused.response?.json()).toEqual({
      message: TOO_MANY_REQUESTS,
      kept: { fields: [['rythme', 'daily']], hadFile: false, retryAt: expect.any(String) },
    });
    // Another client is not held back, and the alert is still there.
    expect((await post('198.51.100.55')).status).toBe(302);
    expect(await alertsOf(email)).toHaveLength(1);
  });
});
