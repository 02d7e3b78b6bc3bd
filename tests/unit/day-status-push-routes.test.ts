// « Ça a lieu ? » by push through its routes (issue 51): after « Me prévenir », /alertes/demandee speaks of that event
// and gives the browser what it subscribes with; POST /evenement/{id}/prevenir with `intent=push` keeps this browser's
// subscription (a real one, from the push service stand-in), `push-stop` drops it; another site's page is refused,
// something that is no subscription gets a French message and nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getHoneypot } from '../../app/.server/platform/security';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { loader as requested } from '../../app/routes/alertes.demandee';
import { action as prevenir } from '../../app/routes/evenement.$id_.prevenir';
import { makeEvent, zurichDateIn } from '../support/factories';
import { loadContext } from '../support/load-context';
import { type PushServiceStandIn, startPushService } from '../support/push-service';
import { routeAnswer } from '../support/route-answer';

const SITE = 'http://localhost';
const EVENT = 'concert-push';
let service: PushServiceStandIn;
/** Each post from its own client: the public forms' allowance (3 a minute in tests) is not what is tested here. */
let client = 0;

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  service = await startPushService();
  const services = getServices();
  await prepareStore(services);
  const day = zurichDateIn(3);
  await services.store.events.insertMany([
    makeEvent({
      id: EVENT,
      title: 'Concert au bord du lac',
      status: 'approved',
      startsAt: `${day}T18:00:00.000Z`,
      endsAt: `${day}T20:00:00.000Z`,
    }),
  ]);
});

afterAll(async () => {
  await service.close();
});

/** A post of the page's form, as its script sends it (honeypot fields, no session: the Origin stands for CSRF). */
function post(fields: Record<string, string>, origin = SITE) {
  const honeypot = getHoneypot(getServices()).getInputProps();
  const form = new URLSearchParams({ ...fields, [honeypot.nameFieldName]: '' });
  if (honeypot.validFromFieldName) form.set(honeypot.validFromFieldName, honeypot.encryptedValidFrom);
  const request = new Request(`${SITE}/evenement/${EVENT}/prevenir`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: form,
  });
  return routeAnswer(() => prevenir({ request, context: loadContext(`10.0.0.${++client}`), params: { id: EVENT } }));
}

const stored = () => getServices().store.visitorPushes.listByEvent(EVENT);

describe('« Ça a lieu ? » par notification, par ses routes', () => {
  it('la page après « Me prévenir » nomme l’événement et donne la clé du push', async () => {
    const answer = await routeAnswer(() =>
      requested({
        request: new Request(`${SITE}/alertes/demandee?evenement=${EVENT}`),
        context: loadContext(),
        params: {},
      }),
    );
    const data = answer.data as { event: { title: string }; push: { transport: string; vapidPublicKey: string } };
    expect(data.event.title).toBe('Concert au bord du lac');
    expect(data.push.transport).toBe('webpush');
    expect(data.push.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
  });

  it('un navigateur s’abonne, une fois, puis se désabonne ; une autre origine et un faux abonnement sont refusés', async () => {
    const key = (await getServices().push.clientConfig()).vapidPublicKey;
    const token = JSON.stringify((await service.subscribe(key)).subscription);

    expect((await post({ intent: 'push', token }, 'https://evil.example')).status).toBe(403);
    expect(await stored()).toEqual([]);

    const wrong = await post({ intent: 'push', token: '{"endpoint":"https://x.example/"}' });
    expect(wrong).toMatchObject({
      status: 400,
      data: { ok: false, message: 'Cet abonnement aux notifications n’est pas valable.' },
    });
    expect(await stored()).toEqual([]);

    for (let i = 0; i < 2; i++)
      expect(await post({ intent: 'push', token })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await stored()).toHaveLength(1);

    expect(await post({ intent: 'push-stop', token })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await stored()).toEqual([]);
  });
});
