// Firestore reads bounded by the page, not the data (issue 35), counted in the in-process emulator: the donors'
// names of /partenaires, the dashboard's top pages, and no shared counter written by each moderation decision.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toEventDoc } from '../../app/.server/adapters/firestore/event-docs';
import { newModerationId } from '../../app/.server/adapters/firestore/moderation-log';
import { createFirestoreStore } from '../../app/.server/adapters/firestore/store';
import { favouritesView } from '../../app/.server/favourites/list';
import { venuesWithoutPoint } from '../../app/.server/places/venue-points';
import { DEFAULT_CATEGORIES } from '../../app/domain/categories';
import { makeDonation, makeEvent, makeVenue, storeUser } from '../support/factories';
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
    await storeUser(store, { uid: 'boss', role: 'admin' }, { now: new Date(NOW) });
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

  it.skipIf(official)('le démarrage lit les lieux sans point, pas tous les lieux (décision 152)', async () => {
    // 200 venues as an earlier version wrote them (no derived flag): three without a point (one with a latitude but no
    // longitude), 197 with theirs.
    const batch = db.batch();
    for (let i = 0; i < 200; i++) {
      const point = i % 70 === 0 ? { lat: i === 140 ? 46.5 : null, lng: null } : {};
      const venue = makeVenue({ id: `lieu${i}`, slug: `salle-${i}`, name: `Salle ${i}`, ...point });
      batch.set(db.collection('venues').doc(venue.id), JSON.parse(JSON.stringify(venue)));
    }
    await batch.commit();
    // The first look brings them up to date, once per database.
    expect((await venuesWithoutPoint({ store }, 1001)).map((v) => v.id)).toEqual(['lieu0', 'lieu140', 'lieu70']);
    const venue = makeVenue({ id: 'nouveau', slug: 'grange', name: 'Grange', lat: null, lng: null });
    expect(await store.venues.create(venue)).toBe(true);
    const { value, reads } = await readsOf(() => venuesWithoutPoint({ store }, 1001));
    expect(value.map((v) => v.id)).toEqual(['nouveau', 'lieu0', 'lieu140', 'lieu70']);
    // The derived flag is the store's, never the venue's.
    expect(value[0]).toEqual(venue);
    // The four found, not the 201 venues.
    expect(reads).toBe(4);
    // At most as many as the start points itself.
    expect(await venuesWithoutPoint({ store }, 2)).toHaveLength(2);
  });

  it.skipIf(official)(
    'les écouteurs du site ne lisent que ce qui change dans leur collection, une fois par écriture groupée',
    async () => {
      const event = (id: string) => makeEvent({ id, status: 'approved', updatedAt: NOW }, { now: new Date(NOW) });
      await store.events.insertMany([event('fete')]);
      const { reads } = await readsOf(async () => {
        // Twenty documents elsewhere (page views, sessions, limits are written so): nothing for the listeners.
        const elsewhere = db.batch();
        for (let i = 0; i < 20; i++) elsewhere.set(db.collection('pageViews').doc(`v${i}`), { path: '/', at: at(i) });
        await elsewhere.commit();
        // Then three events in one commit, sent once to the events' listener: its query read again, four documents.
        const three = db.batch();
        for (const id of ['a', 'b', 'c']) three.set(db.collection('events').doc(id), toEventDoc(event(id)));
        await three.commit();
        // What the emulator sent for the first commit was counted before what the mirror receives of the second.
        // (Polled on the public copy, which reads nothing: counts by status are aggregations since decision 160.)
        const listed = async () =>
          (await store.events.search({ status: ['approved'], endsAfter: NOW, limit: 10, offset: 0 })).total;
        await vi.waitFor(async () => expect(await listed()).toBe(4));
      });
      // Before, each document written anywhere resent every event and every category to their listeners: 280 and more.
      expect(reads).toBe(4);
    },
  );

  it.skipIf(official)(
    'un onglet de la modération lit sa page et compte le reste, pas toute la file ni toute la collection',
    async () => {
      // Written before a store opens: its listeners' first reads are not what this test counts.
      const fresh = await freshFirestore('file');
      const batch = fresh.db.batch();
      for (let i = 0; i < 300; i++) {
        const event = makeEvent(
          {
            id: `ev${String(i).padStart(3, '0')}`,
            status: i < 200 ? 'pending' : 'approved',
            submittedAt: at(i),
            updatedAt: at(i),
            // Five submitted late start within 48 h: the queue puts them first (issue 70).
            ...(i >= 150 && i < 155 ? { startsAt: at(180 + i), endsAt: at(300 + i) } : {}),
          },
          { now: new Date(NOW) },
        );
        batch.set(fresh.db.collection('events').doc(event.id), toEventDoc(event));
      }
      await batch.commit();
      const store = createFirestoreStore(fresh.db);
      await store.ready();
      const readsOf = async <T>(work: () => Promise<T>) => {
        const before = firestoreReads(fresh.db);
        const value = await work();
        return { value, reads: firestoreReads(fresh.db) - before };
      };
      const awaiting = { status: 'awaiting', limit: 50, now: NOW } as const;
      const queue = await readsOf(() => store.events.listForModeration(awaiting));
      expect(queue.value.total).toBe(200);
      expect(queue.value.items.map((e) => e.id).slice(0, 7)).toEqual([
        'ev150',
        'ev151',
        'ev152',
        'ev153',
        'ev154',
        'ev000',
        'ev001',
      ]);
      // The 5 that start soon, 46 others (one more says a page follows) and one aggregation: not the 200 of the queue.
      expect(queue.reads).toBeLessThanOrEqual(52);
      const second = await readsOf(() => store.events.listForModeration({ ...awaiting, after: queue.value.next }));
      expect(second.value.items[0].id).toBe('ev045');
      // Its 51, the 5 that start soon once more where they were submitted (skipped), and one aggregation.
      expect(second.reads).toBeLessThanOrEqual(58);
      const approved = await readsOf(() => store.events.listForModeration({ status: 'approved', limit: 50 }));
      expect([approved.value.total, approved.value.items[0].id]).toEqual([100, 'ev299']);
      expect(approved.reads).toBeLessThanOrEqual(52);
      await store.close();
      await fresh.dispose();
    },
  );

  it.skipIf(official)(
    'les publications sans modération : une page lit ses entrées, pas celles des pages d’avant',
    async () => {
      const batch = db.batch();
      for (let i = 0; i < 200; i++) {
        const { id, key } = newModerationId(at(i));
        batch.set(db.collection('moderationLog').doc(key), {
          id,
          eventId: `ev${i}`,
          eventTitle: `Concert ${i}`,
          adminUid: null,
          action: 'publish',
          reason: '',
          createdAt: at(i),
        });
      }
      await batch.commit();
      let page = await store.moderationLog.listPublications({ limit: 50 });
      page = await store.moderationLog.listPublications({ limit: 50, after: page.next });
      const { value, reads } = await readsOf(() =>
        store.moderationLog.listPublications({ limit: 50, after: page.next }),
      );
      expect(value.items.map((p) => p.eventTitle).slice(0, 1)).toEqual(['Concert 99']);
      // 51 entries, one aggregation, the 50 events looked up (none left here, one read each): by offset, 150 entries and more.
      expect(reads).toBeLessThanOrEqual(103);
    },
  );

  it.skipIf(official)(
    'la recherche de comptes de l’admin lit la page ou les comptes qui partagent un morceau du mot, pas tous',
    async () => {
      const batch = db.batch();
      for (let i = 0; i < 300; i++) {
        const uid = `u${String(i).padStart(3, '0')}`;
        const named = i % 30 === 0;
        // As written before the search's pieces (issue 35): the first search adds them once.
        batch.set(db.collection('users').doc(uid), {
          uid,
          email: `${uid}@exemple.ch`,
          displayName: named ? `Zoé Müller ${i}` : `Léo Favre ${i}`,
          role: 'organizer',
          disabled: false,
          createdAt: at(i),
        });
      }
      await batch.commit();
      expect((await store.users.search({ words: ['Muller'], limit: 50 })).total).toBe(10);
      const plain = await readsOf(() => store.users.search({ limit: 50 }));
      expect([plain.value.total, plain.value.items[0].uid]).toEqual([300, 'u299']);
      // 51 accounts and one aggregation (and the upgrade's marker), not the 300 accounts; their events by one query per
      // 30 accounts (none here: one read each), not this instance's copy of every event (decision 160).
      expect(plain.reads).toBeLessThanOrEqual(55);
      const searched = await readsOf(() => store.users.search({ words: ['ÜLLER', '27'], limit: 50 }));
      expect(searched.value.items.map((u) => u.displayName)).toEqual(['Zoé Müller 270']);
      // The accounts holding « ull »: the ten Müller.
      expect(searched.reads).toBeLessThanOrEqual(11);
    },
  );

  it.skipIf(official)(
    '/favoris lit les événements gardés en une fois : un appel, un document par événement',
    async () => {
      await store.events.insertMany(
        Array.from({ length: 60 }, (_, i) => makeEvent({ id: `fav${i}`, slug: `fav${i}` })),
      );
      // 60 events, one kept twice (as a whole and one date of it), and one gone: 62 keys.
      const keys = [
        ...Array.from({ length: 60 }, (_, i) => ({ eventId: `fav${i}`, startsAt: null })),
        { eventId: 'fav0', startsAt: '2030-03-16T08:00:00.000Z' },
        { eventId: 'parti', startsAt: null },
      ];
      const getAll = vi.spyOn(db, 'getAll');
      const { value, reads } = await readsOf(() => favouritesView(store, keys, new Date(NOW)));
      expect(value.upcoming.length + value.past.length).toBe(61);
      // One batched call (decision 173), not 61 gets one after the other; a document per event asked for.
      expect(getAll).toHaveBeenCalledTimes(1);
      expect(reads).toBeLessThanOrEqual(61);
    },
  );
});
