// The places migration (issue 36) on SQLite and on Firestore: every event of the demo content gets a venue and an
// organizer record, the spellings of one place merge, a second run changes nothing, and a merge afterwards keeps
// every event and leaves the old address to redirect.
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../app/.server/adapters/sqlite/db';
import { createSqliteStore } from '../../app/.server/adapters/sqlite/store';
import { searchEvents } from '../../app/.server/events/public';
import { attachPlacesToEvents, describeMigration } from '../../app/.server/places/attach-places';
import { describeVenuePoints, eventsTakeVenuePoint, pointVenues } from '../../app/.server/places/venue-points';
import { seedCategories, seedDemo } from '../../app/.server/seed/seed';
import { distanceKm } from '../../app/domain/distance';
import type { AgendaEvent } from '../../app/domain/event';
import { findLocality } from '../../app/domain/localities';
import { makeEvent, makeVenue } from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

const NOW = new Date('2026-11-21T09:00:00Z');
const VILLARS_LE_TERROIR = { lat: 46.6618, lng: 6.6426 };

describe.each(BACKENDS)('migration des lieux et des organisateurs : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });

  async function allEvents(): Promise<AgendaEvent[]> {
    return (await store.events.listForModeration({ status: 'all', limit: 1000 })).items;
  }

  /** Three spellings of one hall (one event waiting) and another hall, as a site had them before issue 36. */
  async function insertBourgEvents() {
    const at = { now: NOW };
    const place = { city: 'Lausanne', canton: 'VD' as const, postalCode: '1003', lat: 46.5227, lng: 6.6353 };
    await store.events.insertMany([
      makeEvent(
        { id: 'a', slug: 'a', venueName: 'Salle du Bourg', organizerName: 'Société de jeunesse', ...place },
        at,
      ),
      makeEvent(
        {
          id: 'b',
          slug: 'b',
          venueName: 'salle du bourg, Lausanne',
          organizerName: 'SOCIÉTÉ DE JEUNESSE',
          ...place,
          lat: null,
          lng: null,
        },
        at,
      ),
      makeEvent(
        {
          id: 'c',
          slug: 'c',
          venueName: 'Salle du Bourg (Lausanne)',
          organizerName: 'Société de Jeunesse',
          ...place,
          status: 'pending',
        },
        at,
      ),
      makeEvent({ id: 'd', slug: 'd', venueName: 'Le Bourg', organizerName: 'Autre société', ...place }, at),
    ]);
  }

  /** What the migration of insertBourgEvents must give, in one go or in batches. */
  async function expectBourgMigrated(migration: Awaited<ReturnType<typeof attachPlacesToEvents>>) {
    expect(migration).toEqual({
      events: 4,
      venues: { spellings: 4, created: 2 },
      organizers: { spellings: 4, created: 2 },
    });
    const events = await allEvents();
    const venueOf = (id: string) => events.find((e) => e.id === id)?.venueId;
    expect(venueOf('b')).toBe(venueOf('a'));
    expect(venueOf('c')).toBe(venueOf('a'));
    expect(venueOf('d')).not.toBe(venueOf('a'));
    const bourg = await store.venues.findById(String(venueOf('a')));
    expect(bourg).toMatchObject({
      name: 'Salle du Bourg',
      slug: 'salle-du-bourg-lausanne',
      locality: 'Lausanne',
      status: 'approved',
    });
  }

  it('les graphies d’un même lieu et d’un même organisateur ne font qu’une fiche ; un lieu incertain reste à part', async () => {
    await insertBourgEvents();
    await expectBourgMigrated(await attachPlacesToEvents({ store }, NOW));
  });

  it('par lots d’un événement, la migration fait les mêmes fiches et compte les mêmes graphies qu’en une fois', async () => {
    await insertBourgEvents();
    // The batch comes in the migration's order: the public events first, the pending one after them.
    expect((await store.events.listWithoutPlaces(3)).map((e) => e.id)).toEqual(['a', 'b', 'd']);
    await expectBourgMigrated(await attachPlacesToEvents({ store }, NOW, 1));
  });

  it('fusionner deux lieux après la migration garde chaque événement et l’ancienne adresse renvoie vers la fiche gardée', async () => {
    const at = { now: NOW };
    const place = { city: 'Lausanne', canton: 'VD' as const, postalCode: '1003', lat: 46.5227, lng: 6.6353 };
    await store.events.insertMany([
      makeEvent({ id: 'a', slug: 'a', venueName: 'Salle du Bourg', ...place }, at),
      makeEvent({ id: 'b', slug: 'b', venueName: 'Le Bourg', ...place }, at),
      makeEvent({ id: 'c', slug: 'c', venueName: 'Le Bourg', ...place }, at),
    ]);
    await attachPlacesToEvents({ store }, NOW);
    const kept = await store.venues.findBySlug('salle-du-bourg-lausanne');
    const gone = await store.venues.findBySlug('le-bourg-lausanne');
    if (!kept || !gone) throw new Error('lieux non créés');
    await store.venues.merge({ fromId: gone.record.id, intoId: kept.record.id, now: NOW.toISOString() });
    expect((await allEvents()).map((e) => e.venueId)).toEqual([kept.record.id, kept.record.id, kept.record.id]);
    expect(await store.venues.findBySlug('le-bourg-lausanne')).toMatchObject({
      record: { id: kept.record.id },
      moved: true,
    });
  });

  it('chaque lieu sans point reçoit celui de sa localité, ou de son NPA ; une seconde passe ne change rien (issue 70)', async () => {
    const noPoint = { lat: null, lng: null };
    await store.venues.insertMany([
      makeVenue({
        id: 'choeur',
        name: 'Grande salle',
        locality: 'Villars-le-Terroir',
        postalCode: '1040',
        canton: 'VD',
        ...noPoint,
      }),
      makeVenue({
        id: 'npa',
        name: 'Chapelle',
        locality: 'Lieu-dit inconnu',
        postalCode: '2300',
        canton: 'NE',
        ...noPoint,
      }),
      makeVenue({ id: 'perdu', name: 'Grange', locality: 'Atlantis', postalCode: '', canton: 'VD', ...noPoint }),
      makeVenue({ id: 'place', name: 'Temple', locality: 'Lausanne', postalCode: '1003', canton: 'VD' }),
    ]);
    // The choir's event, without a point, and an event of the town with its own pin.
    const future = { startsAt: '2026-12-05T19:00:00.000Z', endsAt: '2026-12-05T21:00:00.000Z' };
    await store.events.insertMany([
      makeEvent(
        { id: 'concert', slug: 'concert', venueId: 'choeur', city: 'Villars-le-Terroir', ...future, ...noPoint },
        { now: NOW },
      ),
      makeEvent({ id: 'pinned', slug: 'pinned', venueId: 'place', lat: 46.5, lng: 6.6, ...future }, { now: NOW }),
    ]);
    const aroundEchallens = async () =>
      (
        await searchEvents({ store }, { near: { place: 'Echallens', lat: 46.6384, lng: 6.6353, radius: 10 } }, 1, NOW)
      ).items.map((e) => e.id);
    expect(await aroundEchallens()).toEqual([]);
    expect(await pointVenues({ store }, NOW)).toEqual({ pointed: 2, without: 1 });
    // Its event is found « Autour de Echallens » at 10 km; the other keeps its own pin.
    expect(await aroundEchallens()).toEqual(['concert']);
    expect(await store.events.findById('pinned')).toMatchObject({ lat: 46.5, lng: 6.6 });
    const choeur = await store.venues.findById('choeur');
    expect(distanceKm({ lat: Number(choeur?.lat), lng: Number(choeur?.lng) }, VILLARS_LE_TERROIR)).toBeLessThan(1);
    // Within 10 km of Echallens, as its events will be « Autour de Echallens ».
    expect(
      distanceKm({ lat: Number(choeur?.lat), lng: Number(choeur?.lng) }, { lat: 46.6384, lng: 6.6353 }),
    ).toBeLessThan(10);
    // An unknown hamlet with a known postcode: that postcode's town (2300: La Chaux-de-Fonds).
    const town = findLocality('La Chaux-de-Fonds');
    expect(await store.venues.findById('npa')).toMatchObject({ lat: town?.lat, lng: town?.lng, name: 'Chapelle' });
    expect(await store.venues.findById('perdu')).toMatchObject({ lat: null, lng: null });
    expect(await store.venues.findById('place')).toMatchObject({ lat: 46.99, lng: 6.93 });
    expect(describeVenuePoints({ pointed: 2, without: 1 })).toBe(
      '2 lieux ont reçu le point de leur localité, 1 reste sans point (localité inconnue)',
    );
    expect(await pointVenues({ store }, NOW)).toEqual({ pointed: 0, without: 1 });
  });

  it('la tâche « lieux » donne les points par lots bornés, les lieux sans localité connue laissés de côté (issue 70)', async () => {
    const noPoint = { lat: null, lng: null };
    const village = (id: string, locality: string) =>
      makeVenue({ id, slug: id, name: `Salle ${id}`, locality, postalCode: '', canton: 'VD', ...noPoint });
    await store.venues.insertMany([
      village('a', 'Atlantis'),
      village('b', 'Echallens'),
      village('c', 'Villars-le-Terroir'),
      village('d', 'Lémurie'),
      village('e', 'Morges'),
      village('f', 'Nyon'),
    ]);
    // Each read of the venues without a point, with its bound.
    const limits: (number | undefined)[] = [];
    const read = store.venues.listWithoutPoint.bind(store.venues);
    store.venues.listWithoutPoint = (limit) => {
      limits.push(limit);
      return read(limit);
    };
    expect(await pointVenues({ store }, NOW, undefined, 2)).toEqual({ pointed: 4, without: 2 });
    // Never every venue at once: at most the batch and those left without a point so far.
    expect(limits.length).toBeGreaterThan(2);
    for (const limit of limits) expect(limit).toBeLessThanOrEqual(4);
    expect((await store.venues.listWithoutPoint()).map((v) => v.id).sort()).toEqual(['a', 'd']);
  });

  it('un lieu créé par la migration sans coordonnées prend le point de sa localité', async () => {
    await store.events.insertMany([
      makeEvent(
        {
          id: 'v',
          slug: 'v',
          venueName: 'Grande salle',
          city: 'Villars-le-Terroir',
          canton: 'VD',
          postalCode: '1040',
          lat: null,
          lng: null,
        },
        { now: NOW },
      ),
    ]);
    await attachPlacesToEvents({ store }, NOW);
    const [venue] = await store.venues.list();
    expect(distanceKm({ lat: Number(venue.lat), lng: Number(venue.lng) }, VILLARS_LE_TERROIR)).toBeLessThan(1);
  });
});

// Firestore stores the same records (the tests above), but the in-process emulator takes minutes for 113 events: the
// demo content's figures are counted on SQLite only.
describe.each(BACKENDS.filter((b) => b.name === 'SQLite'))(
  'migration des lieux et des organisateurs sur le contenu de démonstration : $name',
  (backend) => {
    const store = storeForEachTest(backend, { categories: true });

    async function allEvents(): Promise<AgendaEvent[]> {
      return (await store.events.listForModeration({ status: 'all', limit: 1000 })).items;
    }
    it('sur le contenu de démonstration, chaque événement a son lieu et son organisateur, et une seconde passe ne change rien', async () => {
      // The demo content is seeded on SQLite (with its records, planned by the same migration) and its events stored as
      // they were before issue 36: without records, nor their demo accounts.
      const demo = createSqliteStore(openDatabase(':memory:'));
      await seedCategories({ store: demo });
      await seedDemo({ store: demo }, NOW);
      const events = (await demo.events.listForModeration({ status: 'all', limit: 1000 })).items;
      expect(events.filter((e) => !e.venueId || !e.organizerId)).toEqual([]);
      await demo.close();
      await store.events.insertMany(
        events.map((e) => ({ ...e, createdBy: null, moderatedBy: null, venueId: null, organizerId: null })),
      );
      const before = await allEvents();
      const migration = await attachPlacesToEvents({ store }, NOW);
      console.log(`[${backend.name}] démonstration, ${before.length} événements : ${describeMigration(migration)}`);
      expect(migration.events).toBe(before.length);
      const after = await allEvents();
      expect(after.filter((e) => !e.venueId || !e.organizerId)).toEqual([]);
      const venues = await store.venues.list();
      const organizers = await store.organizers.list();
      expect(venues.length).toBe(migration.venues.created);
      expect(organizers.length).toBe(migration.organizers.created);
      expect(venues.length).toBeLessThanOrEqual(migration.venues.spellings);
      // Every venue in the canton and the town its events name; every public event's venue approved.
      for (const e of after) {
        const venue = venues.find((v) => v.id === e.venueId);
        expect(venue?.canton, e.title).toBe(e.canton);
        if (e.status === 'approved') expect(venue?.status, e.title).toBe('approved');
      }
      expect(await attachPlacesToEvents({ store }, NOW)).toEqual({
        events: 0,
        venues: { spellings: 0, created: 0 },
        organizers: { spellings: 0, created: 0 },
      });
    });

    it('les événements d’un lieu qui prend un point : les pages ont leur tour tous les cent (issue 70)', async () => {
      const venue = makeVenue({ id: 'cinema', slug: 'cinema', name: 'Cinéma' }, { now: NOW });
      await store.venues.insertMany([venue]);
      await store.events.insertMany(
        Array.from({ length: 150 }, (_, i) =>
          makeEvent({ id: `s${i}`, slug: `s${i}`, venueId: 'cinema', lat: null, lng: null }, { now: NOW }),
        ),
      );
      const turns: string[] = [];
      const following = eventsTakeVenuePoint({ store }, venue).then((n) => turns.push(`${n} événements placés`));
      setImmediate(() => turns.push('une page servie'));
      await following;
      expect(turns).toEqual(['une page servie', '150 événements placés']);
    });

    it('entre deux lots, la migration rend la main : le processus qui la fait sert aussi les pages (décision 163)', async () => {
      const at = { now: NOW };
      await store.events.insertMany(
        Array.from({ length: 30 }, (_, i) =>
          makeEvent({ id: `e${i}`, slug: `e${i}`, venueName: `Salle ${i}`, organizerName: `Société ${i}` }, at),
        ),
      );
      // A request that arrives while the migration runs is answered at the next turn of the event loop: before the
      // migration ends, not after its last batch (SQLite answers at once, so only a turn left to it lets it in).
      const turns: string[] = [];
      const migration = attachPlacesToEvents({ store }, NOW, 10).then(() => turns.push('migration finie'));
      setImmediate(() => turns.push('une page servie'));
      await migration;
      expect(turns).toEqual(['une page servie', 'migration finie']);
    });
  },
);
