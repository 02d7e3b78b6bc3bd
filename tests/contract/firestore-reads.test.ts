// Firestore reads bounded by the page, not the data (issue 35), counted in the in-process emulator: the donors'
// names of /partenaires, the dashboard's top pages, and no shared counter written by each moderation decision.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFirestoreStore } from '../../app/.server/adapters/firestore/store';
import { DEFAULT_CATEGORIES } from '../../app/domain/categories';
import { makeDonation, makeEvent } from '../support/factories';
import { collectionIds, firestoreReads, freshFirestore, testFirestoreHost } from '../support/firestore-emulator';

const NOW = '2030-03-01T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

const { official } = await testFirestoreHost();

describe('lectures Firestore bornées par la page', () => {
  let store: ReturnType<typeof createFirestoreStore>;
  let db: Awaited<ReturnType<typeof freshFirestore>>['db'];
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    const fresh = await freshFirestore('lectures');
    db = fresh.db;
    store = createFirestoreStore(db);
    await store.ready();
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    dispose = async () => {
      await store.close();
      await fresh.dispose();
    };
  });
  afterEach(() => dispose());

  /** The document reads `work` costs (in-process emulator only: the official one is not counted). */
  async function readsOf<T>(work: () => Promise<T>): Promise<{ value: T; reads: number }> {
    const before = firestoreReads(db);
    const value = await work();
    return { value, reads: firestoreReads(db) - before };
  }

  it.skipIf(official)(
    'les noms des donateurs de /partenaires se lisent par pages, pas en lisant tous les dons',
    async () => {
      const batch = db.batch();
      for (let i = 0; i < 300; i++) {
        const uid = `donateur${i}`;
        batch.set(db.collection('users').doc(uid), { uid, displayName: `Donateur ${i}`, disabled: i === 299 });
        const donation = makeDonation({ id: `don${i}`, uid, publicName: `Nom ${i}`, createdAt: at(i) });
        batch.set(db.collection('donations').doc(`stripe:${donation.providerRef}`), donation);
      }
      await batch.commit();
      const { value, reads } = await readsOf(() => store.donations.publicNames(10));
      // The latest first; a disabled account's name is not shown.
      expect(value).toEqual(Array.from({ length: 10 }, (_, i) => `Nom ${298 - i}`));
      // One page of 50 donations and their 50 donors, not the 300 donations and their donors (600 reads before).
      expect(reads).toBeLessThanOrEqual(100);
      // Past the first page: the next ones follow, the same donor named once, from their latest donation.
      expect(await store.donations.publicNames(200)).toEqual(Array.from({ length: 200 }, (_, i) => `Nom ${298 - i}`));
    },
  );

  it.skipIf(official)(
    'les pages les plus vues se comptent par des agrégations, pas en lisant chaque visite',
    async () => {
      for (let i = 0; i < 120; i++) {
        await store.stats.recordPageView({
          path: i % 3 === 0 ? '/evenements' : '/',
          title: `Titre ${i}`,
          viewedAt: at(i),
        });
      }
      const { value, reads } = await readsOf(() => store.stats.topPages(at(0), at(120), 5));
      expect(value).toEqual([
        { path: '/', title: 'Titre 119', views: 80 },
        { path: '/evenements', title: 'Titre 117', views: 40 },
      ]);
      // Two markers, two counts, two latest titles: not the 120 views.
      expect(reads).toBeLessThanOrEqual(6);
    },
  );

  it('une décision de modération n’écrit aucun compteur commun à toutes les décisions', async () => {
    await store.users.create({
      uid: 'boss',
      email: 'boss@exemple.ch',
      displayName: 'Cheffe',
      role: 'admin',
      passwordHash: 'hash',
      now: NOW,
    });
    const event = makeEvent({ id: 'fete', status: 'pending', updatedAt: NOW }, { now: new Date(NOW) });
    await store.events.insertMany([event]);
    let seen = NOW;
    for (let i = 1; i <= 3; i++) {
      const next = { ...event, status: i % 2 ? ('approved' as const) : ('pending' as const), updatedAt: at(i) };
      const action = i % 2 ? ('approve' as const) : ('edit' as const);
      expect(
        await store.events.transition({
          seen,
          next,
          entry: { adminUid: 'boss', action, reason: '', createdAt: at(i) },
        }),
      ).not.toBeNull();
      seen = at(i);
    }
    expect(await collectionIds(db)).not.toContain('counters');
    // The log keeps its order, the latest decision first.
    expect((await store.events.moderationHistory('fete')).map((e) => e.action)).toEqual(['approve', 'edit', 'approve']);
  });
});
