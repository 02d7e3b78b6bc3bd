// « Ça a lieu ? » by push (issue 51), through a real Web Push exchange with a local push service: a status said queues
// one notification per browser subscribed to that event (and one mail per confirmed subscriber), the job sends each
// once, never to a browser subscribed to another event; a subscription the push service forgot is removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { makeEvent, makeUser } from '../../../tests/support/factories';
import { type PushServiceStandIn, startPushService } from '../../../tests/support/push-service';
import { memoryStore, recordingMailer } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import type { AgendaEvent } from '../../domain/event';
import { confirmAlert } from '../alerts/alerts';
import { countConfirmedDayStatusAlert, requestDayStatusAlert } from '../alerts/day-status-alerts';
import { sayDayStatus } from '../events/day-status';
import {
  deliverVisitorPushes,
  subscribeVisitorPush,
  unsubscribeVisitorPush,
  VISITOR_PUSH_MESSAGES,
  VISITOR_PUSH_PER_BROWSER,
} from './visitors';
import { createWebPushTransport } from './web-push';

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:contact@agenda-romand.ch' };
const push = createWebPushTransport({ vapid, allowLoopbackHttp: true });
const SECRET = 'secret-de-test-assez-long-pour-hmac-000000';
const BEFORE = new Date('2030-03-05T10:00:00Z');
const ON_THE_DAY = new Date('2030-03-09T07:12:00Z');
const STARTS = '2030-03-09T19:00:00.000Z';

let service: PushServiceStandIn;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
});

const concert = (id: string, title: string): AgendaEvent =>
  makeEvent(
    { id, title, status: 'approved', createdBy: 'orga', startsAt: STARTS, endsAt: '2030-03-09T21:00:00.000Z' },
    { now: new Date('2030-03-01T10:00:00Z') },
  );

async function setup() {
  const { store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  const orga = makeUser({ uid: 'orga', role: 'organizer' });
  await store.users.upsert({ ...orga, passwordHash: 'x', now: '' });
  await store.events.insertMany([concert('concert', 'Concert à la Cathédrale'), concert('autre', 'Autre soirée')]);
  const mailer = recordingMailer();
  const woken: string[] = [];
  const services = {
    store,
    mailer,
    config: { SITE_URL: 'https://agenda.test', SESSION_SECRET: SECRET },
    jobs: { wake: (name: string) => woken.push(name) },
  };
  const event = async (id: string) => (await store.events.findById(id)) as AgendaEvent;
  /** A browser subscribes at the push service, then asks us to tell it of this event. */
  const browser = async (eventId: string) => {
    const { subscription, id } = await service.subscribe(vapid.publicKey);
    const token = JSON.stringify(subscription);
    await subscribeVisitorPush({ store, push }, { event: await event(eventId), token }, BEFORE);
    return { id, token };
  };
  return { store, mailer, services, orga, woken, event, browser };
}

const cancel = { eventId: 'concert', startsAt: STARTS, values: { statut: 'cancelled', note: 'Orage annoncé' } };

describe('« Ça a lieu ? » par notification push', () => {
  it('chaque « Me prévenir » confirmé ou navigateur abonné compte pour les chiffres de l’organisateur (décision 171)', async () => {
    const { store, mailer, event, browser } = await setup();
    const deps = { store, mailer, siteUrl: 'https://agenda.test', secret: SECRET };
    await requestDayStatusAlert(deps, { email: 'ami@exemple.ch', event: await event('concert') }, BEFORE);
    const confirm = (mailer.sent[0].text.match(/alertes\/confirmer\/([\w-]+)/) ?? [])[1];
    for (let i = 0; i < 2; i++) {
      // The link followed twice: confirmed once, counted once.
      const alert = await confirmAlert(deps, confirm, new Date(BEFORE.getTime() + i * 1000));
      if (alert) await countConfirmedDayStatusAlert(deps, alert, new Date(BEFORE.getTime() + i * 1000));
    }
    await browser('concert');
    await browser('concert');
    const figures = await store.stats.eventFigures('concert');
    expect(figures.map((f) => [f.kind, f.week, f.n])).toEqual([
      ['alert', '2030-03-04', 1],
      ['notify', '2030-03-04', 2],
    ]);
  });

  it('un statut dit : une notification par navigateur abonné, un mail par abonné confirmé, rien pour un autre événement', async () => {
    const { store, mailer, services, orga, woken, event, browser } = await setup();
    const deps = { store, mailer, siteUrl: 'https://agenda.test', secret: SECRET };
    await requestDayStatusAlert(deps, { email: 'ami@exemple.ch', event: await event('concert') }, BEFORE);
    await requestDayStatusAlert(deps, { email: 'jamais@exemple.ch', event: await event('concert') }, BEFORE);
    const confirm = (mailer.sent[0].text.match(/alertes\/confirmer\/([\w-]+)/) ?? [])[1];
    await confirmAlert(deps, confirm, BEFORE);
    mailer.sent.length = 0;
    const phone = await browser('concert');
    const laptop = await browser('concert');
    const elsewhere = await browser('autre');

    const { told, pushed } = await sayDayStatus(services, orga, cancel, ON_THE_DAY);
    expect({ told, pushed }).toEqual({ told: 1, pushed: 2 });
    expect(mailer.sent.map((m) => m.to)).toEqual(['ami@exemple.ch']);
    expect(woken).toEqual(['notifications']);
    // Queued, not sent during the request.
    expect(await service.messages(phone.id)).toEqual([]);

    expect(await deliverVisitorPushes({ store, push }, ON_THE_DAY)).toMatch(/^2 notifications envoyées/);
    for (const browserOf of [phone, laptop]) {
      expect((await service.messages(browserOf.id)).map((m) => JSON.parse(m))).toEqual([
        {
          notification: {
            title: 'Concert à la Cathédrale — samedi 9 mars 2030 à 20:00',
            body: 'Annulé le sam. 9 mars à\u00a008:12. Orage annoncé',
            icon: '/icons/icon-192.png',
            badge: '/icons/badge-96.png',
          },
          data: { type: 'day_status', eventId: 'concert', url: '/evenement/concert?date=2030-03-09' },
        },
      ]);
    }
    expect(await service.messages(elsewhere.id)).toEqual([]);
    // Sent once: the next run has nothing to send.
    expect(await deliverVisitorPushes({ store, push }, ON_THE_DAY)).toMatch(/^0 notifications envoyées/);
    expect(await service.messages(phone.id)).toHaveLength(1);
  });

  it('un abonnement que le service de push ne connaît plus (410) est retiré ; les autres restent', async () => {
    const { store, services, orga, browser } = await setup();
    const kept = await browser('concert');
    const gone = await browser('concert');
    await service.expire(gone.id);
    await sayDayStatus(services, orga, cancel, ON_THE_DAY);
    expect(await deliverVisitorPushes({ store, push }, ON_THE_DAY)).toMatch(/1 abonnements oubliés/);
    expect((await store.visitorPushes.listByEvent('concert')).map((p) => p.token)).toEqual([
      push.normalizeToken(kept.token),
    ]);
    expect(await service.messages(kept.id)).toHaveLength(1);
  });

  it('désabonné, passé l’événement ou au-delà des limites : plus rien', async () => {
    const { store, services, orga, event, browser } = await setup();
    const stopped = await browser('concert');
    expect(await unsubscribeVisitorPush({ store, push }, { eventId: 'concert', token: stopped.token })).toBe(true);
    await sayDayStatus(services, orga, cancel, ON_THE_DAY);
    expect(await deliverVisitorPushes({ store, push }, ON_THE_DAY)).toMatch(/^0 notifications envoyées/);
    expect(await service.messages(stopped.id)).toEqual([]);

    const token = JSON.stringify((await service.subscribe(vapid.publicKey)).subscription);
    const after = new Date('2030-03-11T10:00:00Z');
    await expect(
      subscribeVisitorPush({ store, push }, { event: await event('concert'), token }, after),
    ).rejects.toThrow(VISITOR_PUSH_MESSAGES.past);
    await subscribeVisitorPush({ store, push }, { event: await event('autre'), token }, BEFORE);
    expect(await deliverVisitorPushes({ store, push }, after)).toMatch(/1 expirés$/);

    const many = Array.from({ length: VISITOR_PUSH_PER_BROWSER + 1 }, (_, i) => concert(`soiree-${i}`, `Soirée ${i}`));
    await store.events.insertMany(many);
    for (const one of many.slice(0, -1)) await subscribeVisitorPush({ store, push }, { event: one, token }, BEFORE);
    await expect(
      subscribeVisitorPush({ store, push }, { event: many.at(-1) as AgendaEvent, token }, BEFORE),
    ).rejects.toThrow(VISITOR_PUSH_MESSAGES.full);
    await expect(
      subscribeVisitorPush({ store, push }, { event: await event('concert'), token: '{"endpoint":"x"}' }, BEFORE),
    ).rejects.toThrow('Cet abonnement aux notifications n’est pas valable.');
  });
});
