// Push to admins through a real Web Push exchange with a local push service (web-push-testing): VAPID signature,
// aes128gcm encryption, the payload the service worker receives, and a 410 that removes the subscription.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { storeUser } from '../../../tests/support/factories';
import { type PushServiceStandIn, startPushService } from '../../../tests/support/push-service';
import { memoryStore } from '../../../tests/unit/memory-store';
import type { Store, UserProfile } from '../ports';
import { pendingEventMessage, pushToAdmins, registerPushDevice } from './devices';
import { createWebPushTransport } from './web-push';

const NOW = '2026-03-02T10:00:00.000Z';
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:contact@agenda-romand.ch' };
const transport = createWebPushTransport({ vapid, allowLoopbackHttp: true });

let service: PushServiceStandIn;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
});

async function admin(store: Store, uid: string): Promise<UserProfile> {
  return storeUser(store, { uid, displayName: uid, role: 'admin' }, { now: new Date(NOW) });
}

/** An admin's browser subscribes at the push service and registers its device with our server. */
async function subscribedDevice(store: Store, actor: UserProfile, deviceId: string) {
  const { subscription, id } = await service.subscribe(vapid.publicKey);
  await registerPushDevice({ store, push: transport }, actor, {
    deviceId,
    token: JSON.stringify(subscription),
    userAgent: 'Mozilla/5.0 Chrome/130',
    platform: 'Linux x86_64',
  });
  return { subscription, id };
}

describe('push Web Push vers les appareils des admins', () => {
  it('chaque appareil reçoit, déchiffré, le titre de l’événement et le lien vers la modération', async () => {
    const { store } = memoryStore();
    const ada = await admin(store, 'ada');
    const bea = await admin(store, 'bea');
    const phone = await subscribedDevice(store, ada, 'phone00000000000');
    const laptop = await subscribedDevice(store, bea, 'laptop0000000000');

    const message = pendingEventMessage(
      { id: 'ev42', title: 'Fête du Blé et du Pain' },
      3,
      'https://agenda.exemple.ch',
    );
    expect(await pushToAdmins({ store, push: transport }, message)).toEqual({ sent: 2, removed: 0, failed: 0 });

    for (const device of [phone, laptop]) {
      const received = (await service.messages(device.id)).map((m) => JSON.parse(m));
      expect(received).toEqual([
        {
          notification: {
            title: 'Nouvel événement à modérer',
            body: 'Fête du Blé et du Pain',
            icon: '/icons/icon-192.png',
            badge: '/icons/badge-96.png',
          },
          data: { type: 'event_pending', eventId: 'ev42', url: '/admin/events?eventId=ev42', pendingCount: '3' },
          fcmOptions: { link: 'https://agenda.exemple.ch/admin/events?eventId=ev42' },
        },
      ]);
    }
  });

  it('un abonnement que le service de push déclare disparu (410) est retiré du compte, les autres restent', async () => {
    const { store } = memoryStore();
    const ada = await admin(store, 'ada');
    const gone = await subscribedDevice(store, ada, 'phone00000000000');
    const alive = await subscribedDevice(store, ada, 'laptop0000000000');
    await service.expire(gone.id);

    const report = await pushToAdmins(
      { store, push: transport },
      pendingEventMessage({ id: 'ev7', title: 'Marché de Noël' }, 1, 'https://agenda.exemple.ch'),
    );

    expect(report).toEqual({ sent: 1, removed: 1, failed: 0 });
    const data = await store.users.getPushData('ada');
    expect(Object.keys(data?.fcmTokens ?? {})).toEqual(['laptop0000000000']);
    expect(JSON.parse(data?.fcmTokens.laptop0000000000.token ?? '{}').endpoint).toBe(alive.subscription.endpoint);
    expect(await service.messages(alive.id)).toHaveLength(1);
  });

  it('un service de push injoignable compte un échec sans retirer l’abonnement', async () => {
    const { store } = memoryStore();
    const ada = await admin(store, 'ada');
    const { subscription } = await service.subscribe(vapid.publicKey);
    // The same subscription, aimed at a closed port of this machine.
    const unreachable = { ...subscription, endpoint: 'http://127.0.0.1:9/notify/absent' };
    await registerPushDevice({ store, push: transport }, ada, {
      deviceId: 'phone00000000000',
      token: JSON.stringify(unreachable),
      userAgent: '',
      platform: '',
    });
    const warn = console.warn;
    console.warn = () => {};
    try {
      const report = await pushToAdmins(
        { store, push: transport },
        pendingEventMessage({ id: 'ev1', title: 'Concert' }, 1, 'https://agenda.exemple.ch'),
      );
      expect(report).toEqual({ sent: 0, removed: 0, failed: 1 });
    } finally {
      console.warn = warn;
    }
    expect(Object.keys((await store.users.getPushData('ada'))?.fcmTokens ?? {})).toEqual(['phone00000000000']);
  });

  it('refuse un jeton qui n’est pas un abonnement, un point d’envoi local en production, et les non-admins', async () => {
    const { store } = memoryStore();
    const ada = await admin(store, 'ada');
    const strict = createWebPushTransport({ vapid });
    const { subscription } = await service.subscribe(vapid.publicKey);
    const register = (token: string, push = transport, actor = ada) =>
      registerPushDevice({ store, push }, actor, { deviceId: 'phone00000000000', token, userAgent: '', platform: '' });

    await expect(register('pas un abonnement')).rejects.toThrow('Cet abonnement aux notifications n’est pas valable.');
    await expect(register(JSON.stringify({ endpoint: 'https://push.exemple.ch/x', keys: {} }))).rejects.toThrow();
    await expect(register(JSON.stringify(subscription), strict)).rejects.toThrow();
    await expect(
      register(JSON.stringify({ ...subscription, endpoint: 'https://10.0.0.8/notify/x' }), strict),
    ).rejects.toThrow();
    const organizer = { ...ada, uid: 'orga', role: 'organizer' as const };
    await expect(register(JSON.stringify(subscription), transport, organizer)).rejects.toThrow(
      'Les notifications push sont réservées aux comptes admin.',
    );
    expect(await store.users.getPushData('ada')).toEqual({ fcmTokens: {}, fcmToken: null, fcmTokenUpdatedAt: null });
    // An https endpoint of a public push service is accepted by the production transport.
    await register(JSON.stringify({ ...subscription, endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }), strict);
    expect((await store.users.getPushData('ada'))?.fcmTokens.phone00000000000).toBeDefined();
  });
});
