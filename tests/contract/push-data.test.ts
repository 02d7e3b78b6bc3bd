// Contract of the store's push data and page views (docs/specification.md §3 user push data; audience counter), written against the
// ports only: the Firestore adapter is added to STORES and must pass the same cases.
import { describe, expect, it } from 'vitest';
import type { Store } from '../../app/.server/ports';
import { storeUser } from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

const NOW = '2026-03-02T10:00:00.000Z';

const account = (store: Store, uid: string, role: 'admin' | 'organizer' = 'admin') =>
  storeUser(store, { uid, displayName: uid, role }, { now: new Date(NOW) });

const device = (token: string, updatedAt = NOW) => ({
  token,
  updatedAt,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
  platform: 'Linux x86_64',
});

describe.each(BACKENDS)('stockage $name : données push et pages vues', (backend) => {
  const store = storeForEachTest(backend);

  it('un compte sans appareil a une table vide et des champs nuls ; un compte inconnu n’en a pas', async () => {
    await account(store, 'ada');
    expect(await store.users.getPushData('ada')).toEqual({ fcmTokens: {}, fcmToken: null, fcmTokenUpdatedAt: null });
    expect(await store.users.getPushData('personne')).toBeNull();
    expect(await store.users.savePushToken('personne', 'AAAAAAAAAAAAAAAA', device('t'))).toBe(false);
  });

  it('enregistrer un appareil remplit fcmTokens[deviceId], fcmToken et fcmTokenUpdatedAt, sans toucher au profil', async () => {
    await account(store, 'ada');
    const before = await store.users.findById('ada');
    expect(await store.users.savePushToken('ada', 'phone00000000000', device('jeton-1'))).toBe(true);
    await store.users.savePushToken('ada', 'laptop0000000000', device('jeton-2', '2026-03-03T08:00:00.000Z'));
    expect(await store.users.getPushData('ada')).toEqual({
      fcmTokens: {
        phone00000000000: device('jeton-1'),
        laptop0000000000: device('jeton-2', '2026-03-03T08:00:00.000Z'),
      },
      fcmToken: 'jeton-2',
      fcmTokenUpdatedAt: '2026-03-03T08:00:00.000Z',
    });
    expect((await store.users.findById('ada'))?.updatedAt).toBe(before?.updatedAt);
  });

  it('un jeton appartient au dernier appareil et au dernier compte qui l’a enregistré', async () => {
    await account(store, 'ada');
    await account(store, 'bea');
    await store.users.savePushToken('ada', 'ancienid00000000', device('partagé'));
    // Same browser, its device id lost (storage cleared): one entry, not two.
    await store.users.savePushToken('ada', 'nouveauid0000000', device('partagé'));
    expect(Object.keys((await store.users.getPushData('ada'))?.fcmTokens ?? {})).toEqual(['nouveauid0000000']);
    // Another admin logs in on that browser: the device is now hers.
    await store.users.savePushToken('bea', 'nouveauid0000000', device('partagé'));
    expect(await store.users.getPushData('ada')).toEqual({ fcmTokens: {}, fcmToken: null, fcmTokenUpdatedAt: null });
    expect((await store.users.getPushData('bea'))?.fcmToken).toBe('partagé');
  });

  it('la régénération forcée supprime le jeton de l’appareil et vide les champs du jeton', async () => {
    await account(store, 'ada');
    await store.users.savePushToken('ada', 'phone00000000000', device('jeton-1'));
    await store.users.savePushToken('ada', 'laptop0000000000', device('jeton-2'));
    expect(await store.users.clearPushToken('ada', 'laptop0000000000')).toBe('jeton-2');
    expect(await store.users.getPushData('ada')).toEqual({
      fcmTokens: { phone00000000000: device('jeton-1') },
      fcmToken: null,
      fcmTokenUpdatedAt: null,
    });
    expect(await store.users.clearPushToken('ada', 'inconnu000000000')).toBeNull();
  });

  it('un jeton refusé par le service de push disparaît de tous les comptes', async () => {
    await account(store, 'ada');
    await account(store, 'bea');
    await store.users.savePushToken('ada', 'phone00000000000', device('mort'));
    await store.users.savePushToken('bea', 'tablet0000000000', device('vivant'));
    expect(await store.users.removePushToken('mort')).toBe(1);
    expect(await store.users.getPushData('ada')).toEqual({ fcmTokens: {}, fcmToken: null, fcmTokenUpdatedAt: null });
    expect((await store.users.getPushData('bea'))?.fcmToken).toBe('vivant');
    expect(await store.users.removePushToken('mort')).toBe(0);
  });

  it('seuls les appareils des admins actifs reçoivent les envois', async () => {
    await account(store, 'ada');
    await account(store, 'bea');
    await account(store, 'orga', 'organizer');
    await store.users.savePushToken('ada', 'phone00000000000', device('jeton-ada'));
    await store.users.savePushToken('bea', 'tablet0000000000', device('jeton-bea'));
    await store.users.savePushToken('orga', 'laptop0000000000', device('jeton-orga'));
    await store.users.setDisabled({ uid: 'bea', disabled: true, actorUid: 'ada', now: NOW });
    expect(await store.users.listAdminPushDevices()).toEqual([
      { uid: 'ada', deviceId: 'phone00000000000', token: 'jeton-ada' },
    ]);
  });

  it('une page vue est comptée sans changer la révision (les caches des pages publiques restent valables)', async () => {
    const revision = store.revision();
    await store.stats.recordPageView({ path: '/evenements', title: 'Événements', viewedAt: NOW });
    await store.stats.recordPageView({
      path: '/evenements',
      title: 'Événements · Agenda',
      viewedAt: '2026-03-02T11:00:00.000Z',
    });
    expect(store.revision()).toBe(revision);
    expect(await store.stats.countPageViews(['2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z'])).toEqual([2]);
    expect(await store.stats.topPages('2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z', 5)).toEqual([
      { path: '/evenements', title: 'Événements · Agenda', views: 2 },
    ]);
    await account(store, 'ada');
    expect(store.revision()).not.toBe(revision);
  });

  it('les chemins distincts d’un jour sont plafonnés : un nouveau au-delà n’est pas compté, un connu l’est encore', async () => {
    const revision = store.revision();
    const view = (path: string, viewedAt = NOW) => store.stats.recordPageViewWithin({ path, title: 'x', viewedAt }, 2);
    expect(await view('/evenement/a')).toBe(true);
    expect(await view('/evenement/b')).toBe(true);
    expect(await view('/evenement/c')).toBe(false);
    expect(await view('/evenement/a')).toBe(true);
    // The next day starts afresh.
    expect(await view('/evenement/c', '2026-03-03T08:00:00.000Z')).toBe(true);
    expect(store.revision()).toBe(revision);
    expect(await store.stats.topPages('2026-03-02T00:00:00.000Z', '2026-03-04T00:00:00.000Z', 5)).toEqual([
      { path: '/evenement/a', title: 'x', views: 2 },
      { path: '/evenement/b', title: 'x', views: 1 },
      { path: '/evenement/c', title: 'x', views: 1 },
    ]);
  });
});
