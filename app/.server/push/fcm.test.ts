import fc from 'fast-check';
import type { BatchResponse, MulticastMessage } from 'firebase-admin/messaging';
import { describe, expect, it } from 'vitest';
import { storeUser } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { loadConfig } from '../platform/config';
import { createServices } from '../services';
import { pendingEventMessage, pushToAdmins } from './devices';
import { createFcmTransport } from './fcm';
import { createPushTransport } from './index';

/** A registration token as FCM hands them out (device part, colon, long base64url part). */
const token = (name: string) => `${name}:APA91b${name.padEnd(140, 'x')}`;

function fakeMessaging(failures: Record<string, string>, options: { down?: boolean } = {}) {
  const calls: MulticastMessage[] = [];
  return {
    calls,
    async sendEachForMulticast(message: MulticastMessage): Promise<BatchResponse> {
      calls.push(message);
      if (options.down) throw new Error('connexion refusée');
      const responses = message.tokens.map((t) =>
        failures[t]
          ? { success: false, error: { code: failures[t], message: 'x' } as never }
          : { success: true, messageId: `m-${t}` },
      );
      const failureCount = responses.filter((r) => !r.success).length;
      return { responses, successCount: responses.length - failureCount, failureCount };
    },
  };
}

const client = {
  transport: 'fcm' as const,
  vapidPublicKey: 'BFcm-clé-publique',
  firebase: { apiKey: 'AIza-test', projectId: 'agenda-test', appId: '1:42:web:abc', messagingSenderId: '42' },
};
const SITE = 'https://agenda.test';
const message = pendingEventMessage({ id: 'e1', title: 'Concert de l’Avent' }, 3, SITE);

describe('notifications FCM', () => {
  it('envoie titre, texte, données, icône et lien absolus ; jetons morts « gone », autres erreurs gardées', async () => {
    const messaging = fakeMessaging({
      [token('mort')]: 'messaging/registration-token-not-registered',
      [token('casse')]: 'messaging/invalid-registration-token',
      [token('quota')]: 'messaging/message-rate-exceeded',
    });
    const transport = createFcmTransport({ messaging, siteUrl: SITE, client });
    const tokens = ['ok', 'mort', 'casse', 'quota'].map(token);
    expect(await transport.sendMany(tokens, message)).toEqual([
      { status: 'sent' },
      { status: 'gone' },
      { status: 'gone' },
      { status: 'failed', reason: 'FCM : messaging/message-rate-exceeded' },
    ]);
    expect(messaging.calls).toHaveLength(1);
    expect(messaging.calls[0]).toMatchObject({
      tokens,
      notification: { title: 'Nouvel événement à modérer', body: 'Concert de l’Avent' },
      data: { type: 'event_pending', eventId: 'e1', pendingCount: '3', url: '/admin/events?eventId=e1' },
      webpush: {
        notification: {
          icon: 'https://agenda.test/icons/icon-192.png',
          badge: 'https://agenda.test/icons/badge-96.png',
        },
        fcmOptions: { link: 'https://agenda.test/admin/events?eventId=e1' },
      },
    });
  });

  it('découpe en envois de 500 jetons au plus, résultats dans l’ordre des jetons', async () => {
    const tokens = Array.from({ length: 1201 }, (_, i) => token(`t${i}`));
    const messaging = fakeMessaging({ [tokens[700]]: 'messaging/registration-token-not-registered' });
    const results = await createFcmTransport({ messaging, siteUrl: SITE, client }).sendMany(tokens, message);
    expect(messaging.calls.map((c) => c.tokens.length)).toEqual([500, 500, 201]);
    expect(results.findIndex((r) => r.status === 'gone')).toBe(700);
    expect(results.filter((r) => r.status === 'sent')).toHaveLength(1200);
  });

  it('FCM injoignable : aucun jeton n’est oublié', async () => {
    const transport = createFcmTransport({ messaging: fakeMessaging({}, { down: true }), siteUrl: SITE, client });
    const [result] = await transport.sendMany([token('a')], message);
    expect(result).toEqual({ status: 'failed', reason: 'FCM injoignable : connexion refusée' });
  });

  it('n’accepte comme jeton que le texte d’un jeton FCM (pas un abonnement Web Push, pas de balisage)', () => {
    const transport = createFcmTransport({ messaging: fakeMessaging({}), siteUrl: SITE, client });
    expect(transport.normalizeToken(` ${token('abc')} `)).toBe(token('abc'));
    expect(transport.normalizeToken('{"endpoint":"https://push.example/x","keys":{}}')).toBeNull();
    expect(transport.normalizeToken('court')).toBeNull();
    fc.assert(
      fc.property(fc.string({ maxLength: 5000 }), (text) => {
        const normalized = transport.normalizeToken(text);
        return normalized === null || /^[A-Za-z0-9_:-]{64,4096}$/.test(normalized);
      }),
    );
  });

  it('les admins sont avertis ; les jetons que FCM ne connaît plus sont retirés de leur profil', async () => {
    const { store } = memoryStore();
    await storeUser(
      store,
      { uid: 'admin', email: 'a@agenda.test', displayName: 'Admin', role: 'admin' },
      { passwordHash: null, now: new Date('2026-11-20T09:00:00.000Z') },
    );
    const dead = token('mort');
    await store.users.savePushToken('admin', 'phone00000000000', {
      token: token('vivant'),
      updatedAt: '2026-11-20T10:00:00.000Z',
      userAgent: 'Firefox',
      platform: 'Linux',
    });
    await store.users.savePushToken('admin', 'laptop0000000000', {
      token: dead,
      updatedAt: '2026-11-20T10:00:00.000Z',
      userAgent: 'Chrome',
      platform: 'macOS',
    });
    const messaging = fakeMessaging({ [dead]: 'messaging/registration-token-not-registered' });
    const push = createFcmTransport({ messaging, siteUrl: SITE, client });
    expect(await pushToAdmins({ store, push }, message)).toEqual({ sent: 1, removed: 1, failed: 0 });
    expect((await store.users.listAdminPushDevices()).map((d) => d.token)).toEqual([token('vivant')]);
  });
});

describe('choix du transport push', () => {
  const base = { SESSION_SECRET: 'x'.repeat(32), SITE_URL: SITE, NODE_ENV: 'test' };
  const firebase = {
    DATA_BACKEND: 'firestore',
    FIREBASE_PROJECT_ID: 'agenda-test',
    FIREBASE_API_KEY: 'AIza-test',
    FIREBASE_STORAGE_BUCKET: 'agenda-test.appspot.com',
  };
  const fcm = { FIREBASE_APP_ID: '1:42:web:abc', FIREBASE_MESSAGING_SENDER_ID: '42', FIREBASE_VAPID_KEY: 'BFcm' };
  const messaging = () => fakeMessaging({});
  const never = () => {
    throw new Error('Firebase ouvert');
  };

  it('FCM avec Firebase et les réglages FCM de l’app web ; la config du navigateur ne contient rien de secret', async () => {
    const config = loadConfig({ ...base, ...firebase, ...fcm });
    const transport = createPushTransport(config, createServices(config).firebase, messaging, never);
    expect(transport.kind).toBe('fcm');
    expect(await transport.clientConfig()).toEqual({
      transport: 'fcm',
      vapidPublicKey: 'BFcm',
      firebase: { apiKey: 'AIza-test', projectId: 'agenda-test', appId: '1:42:web:abc', messagingSenderId: '42' },
    });
  });

  it('Web Push sinon (SQLite, ou Firebase sans les réglages FCM), sans jamais ouvrir Firebase', () => {
    for (const env of [
      { ...base, ...fcm },
      { ...base, ...firebase },
    ]) {
      const config = loadConfig({ ...env, VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'p'.repeat(43) });
      expect(createPushTransport(config, createServices(config).firebase, never, never).kind).toBe('webpush');
    }
  });
});
