// Web Push across instances on Firestore (issue 46): each instance has its own DATA_DIR, yet all sign with one VAPID
// pair, made once in the store — a device subscribed through one instance gets the pushes another one sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirestoreStore } from '../../app/.server/adapters/firestore/store';
import { firebaseSettings, loadConfig } from '../../app/.server/platform/config';
import type { Store } from '../../app/.server/ports';
import { createPushTransport } from '../../app/.server/push';
import { pendingEventMessage, pushToAdmins, registerPushDevice } from '../../app/.server/push/devices';
import { storeUser } from '../support/factories';
import { firestoreInstanceEnv, freshFirestore } from '../support/firestore-emulator';
import { type PushServiceStandIn, startPushService } from '../support/push-service';

let service: PushServiceStandIn;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await service.close();
});

const never = () => {
  throw new Error('FCM ouvert');
};

/** One instance of the site: its own DATA_DIR and store client, the Firestore project of all. */
function instance(store: Store) {
  const config = loadConfig(firestoreInstanceEnv('agenda-test', { SITE_URL: 'https://agenda.exemple.ch' }));
  return { store, push: createPushTransport(config, firebaseSettings(config), never, () => store.federation) };
}

describe('Firestore : une paire VAPID pour toutes les instances', () => {
  it('deux instances qui démarrent ensemble donnent la même clé ; un push envoyé par l’autre arrive', async () => {
    const { db, dispose } = await freshFirestore('vapid');
    cleanups.push(dispose);
    const stores = [createFirestoreStore(db), createFirestoreStore(db)];
    for (const store of stores) cleanups.push(() => store.close());
    const [one, two] = stores.map(instance);

    // Both ask at once, as two instances starting together: one pair is written, both keep it.
    const [first, second] = await Promise.all([one.push.clientConfig(), two.push.clientConfig()]);
    expect(first.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(second.vapidPublicKey).toBe(first.vapidPublicKey);

    // The admin's browser subscribes with the key instance 1 gave it, and registers through instance 1.
    const ada = await storeUser(one.store, { uid: 'ada', displayName: 'Ada', role: 'admin' });
    const { subscription, id } = await service.subscribe(first.vapidPublicKey);
    await registerPushDevice(one, ada, {
      deviceId: 'phone00000000000',
      token: JSON.stringify(subscription),
      userAgent: 'Mozilla/5.0 Chrome/130',
      platform: 'Linux x86_64',
    });

    // A push queued by instance 2 (another DATA_DIR) is signed with the same pair: the push service takes it.
    const message = pendingEventMessage({ id: 'ev42', title: 'Fête du Blé' }, 1, 'https://agenda.exemple.ch');
    expect(await pushToAdmins(two, message)).toEqual({ sent: 1, removed: 0, failed: 0 });
    const received = (await service.messages(id)).map((m) => JSON.parse(m) as { notification: { body: string } });
    expect(received.map((m) => m.notification.body)).toEqual([message.notification.body]);
  });
});
