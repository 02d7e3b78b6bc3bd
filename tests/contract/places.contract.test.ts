// The contract of venues and organizers as records (ports/places.ts, issue 36) and of the events' pointers to them,
// on SQLite and on Firestore.
import { describe, expect, it } from 'vitest';
import type { AgendaEvent } from '../../app/domain/event';
import { makeEvent as eventOf, makeOrganizer, makeVenue, SOME_ACCESSIBILITY } from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

const NOW = '2030-03-01T10:00:00.000Z';
const LATER = '2030-03-02T10:00:00.000Z';
const now = { now: new Date(NOW) };
const inDays = (days: number) => new Date(Date.parse(NOW) + days * 86_400_000).toISOString();
const makeEvent = (overrides: Partial<AgendaEvent>) =>
  eventOf({ startsAt: inDays(10), endsAt: inDays(10.1), ...overrides }, now);
const PUBLIC = { status: ['approved', 'cancelled'] as AgendaEvent['status'][], endsAfter: NOW, limit: 50, offset: 0 };

describe.each(BACKENDS)('contrat des lieux et des organisateurs : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });

  it('un lieu se retrouve par son identifiant et son adresse, entier, et une adresse ne sert qu’à un lieu', async () => {
    const venue = makeVenue(
      {
        id: 'bourg',
        name: 'Salle du Bourg',
        slug: 'salle-du-bourg-lausanne',
        locality: 'Lausanne',
        canton: 'VD',
        photo: { path: 'lieux/bourg', width: 1200, height: 800, alt: 'La salle' },
        accessibility: SOME_ACCESSIBILITY,
      },
      now,
    );
    expect(await store.venues.create(venue)).toBe(true);
    expect(await store.venues.findById('bourg')).toEqual(venue);
    expect(await store.venues.findBySlug('salle-du-bourg-lausanne')).toEqual({ record: venue, moved: false });
    expect(await store.venues.findBySlug('inconnu')).toBeNull();
    expect(await store.venues.create(makeVenue({ id: 'autre', slug: 'salle-du-bourg-lausanne' }, now))).toBe(false);
    expect(await store.venues.findById('autre')).toBeNull();
  });

  it('la liste se filtre par statut et se range par nom', async () => {
    await store.venues.insertMany([
      makeVenue({ id: 'v2', name: 'Zinéma', status: 'approved' }, now),
      makeVenue({ id: 'v1', name: 'Éspace Nuithonie', status: 'approved' }, now),
      makeVenue({ id: 'v3', name: 'Arsenic', status: 'pending' }, now),
    ]);
    expect((await store.venues.list()).map((v) => v.id)).toEqual(['v3', 'v1', 'v2']);
    expect((await store.venues.list({ status: 'pending' })).map((v) => v.id)).toEqual(['v3']);
  });

  it('renommer un lieu garde l’ancienne adresse, qui renvoie vers la nouvelle ; une adresse prise est refusée', async () => {
    const venue = makeVenue({ id: 'v1', name: 'Salle du Bourg', slug: 'salle-du-bourg' }, now);
    await store.venues.insertMany([venue, makeVenue({ id: 'v2', slug: 'le-romandie' }, now)]);
    const { id: _id, status: _s, redirectFrom: _r, createdAt: _c, updatedAt: _u, ...fields } = venue;
    const renamed = await store.venues.update('v1', { ...fields, name: 'Le Bourg', slug: 'le-bourg' }, LATER);
    expect(renamed).toMatchObject({
      name: 'Le Bourg',
      slug: 'le-bourg',
      redirectFrom: ['salle-du-bourg'],
      updatedAt: LATER,
    });
    expect(await store.venues.findBySlug('salle-du-bourg')).toEqual({ record: renamed, moved: true });
    expect(await store.venues.update('v1', { ...fields, slug: 'le-romandie' }, LATER)).toBeNull();
    expect((await store.venues.findById('v1'))?.slug).toBe('le-bourg');
    // The former slug is still this venue's: no other may take it.
    expect(await store.venues.create(makeVenue({ id: 'v3', slug: 'salle-du-bourg' }, now))).toBe(false);
    expect(await store.venues.update('nope', fields, LATER)).toBeNull();
  });

  it('un lieu proposé attend ; approuvé, il change de statut', async () => {
    await store.venues.create(makeVenue({ id: 'v1', status: 'pending' }, now));
    expect(await store.venues.setStatus('v1', 'approved', LATER)).toMatchObject({
      status: 'approved',
      updatedAt: LATER,
    });
    expect((await store.venues.findById('v1'))?.status).toBe('approved');
    expect(await store.venues.setStatus('absent', 'approved', LATER)).toBeNull();
  });

  it('fusionner deux lieux garde chaque événement, et l’adresse du lieu fondu renvoie vers celui gardé', async () => {
    await store.venues.insertMany([
      makeVenue({ id: 'garde', slug: 'salle-du-bourg-lausanne' }, now),
      makeVenue({ id: 'fondu', slug: 'salle-du-bourg', redirectFrom: ['salle-bourg'] }, now),
    ]);
    await store.organizers.insertMany([makeOrganizer({ id: 'o1' }, now)]);
    await store.events.insertMany([
      makeEvent({ id: 'e1', slug: 'e1' }),
      makeEvent({ id: 'e2', slug: 'e2', status: 'pending' }),
      makeEvent({ id: 'e3', slug: 'e3' }),
    ]);
    expect(
      await store.events.attachPlaces([
        { eventId: 'e1', venueId: 'fondu', organizerId: 'o1' },
        { eventId: 'e2', venueId: 'fondu', organizerId: 'o1' },
        { eventId: 'e3', venueId: 'garde', organizerId: 'o1' },
      ]),
    ).toBe(3);
    const result = await store.venues.merge({ fromId: 'fondu', intoId: 'garde', now: LATER });
    expect(result?.events).toBe(2);
    expect(result?.kept.redirectFrom.sort()).toEqual(['salle-bourg', 'salle-du-bourg']);
    expect(await store.venues.findById('fondu')).toBeNull();
    for (const slug of ['salle-du-bourg', 'salle-bourg'])
      expect(await store.venues.findBySlug(slug)).toMatchObject({ record: { id: 'garde' }, moved: true });
    for (const id of ['e1', 'e2', 'e3']) expect((await store.events.findById(id))?.venueId).toBe('garde');
    expect((await store.events.search({ ...PUBLIC, venueId: 'garde' })).items.map((e) => e.id).sort()).toEqual([
      'e1',
      'e3',
    ]);
    expect(await store.events.countByPlace('venue', ['approved', 'pending'])).toEqual({ garde: 3 });
    expect(await store.venues.merge({ fromId: 'garde', intoId: 'garde', now: LATER })).toBeNull();
    expect(await store.venues.merge({ fromId: 'absent', intoId: 'garde', now: LATER })).toBeNull();
  });

  it('un lieu auquel un événement renvoie ne se supprime pas ; sans événement, il part', async () => {
    await store.venues.insertMany([makeVenue({ id: 'v1', slug: 'a' }, now), makeVenue({ id: 'v2', slug: 'b' }, now)]);
    await store.events.insertMany([makeEvent({ id: 'e1', slug: 'e1', venueId: 'v1' })]);
    expect(await store.venues.delete('v1')).toBe(false);
    expect(await store.venues.delete('v2')).toBe(true);
    expect(await store.venues.delete('v2')).toBe(false);
    expect(await store.venues.findById('v1')).not.toBeNull();
  });

  it('un événement garde son lieu et son organisateur à travers ses étapes, et les listes se filtrent par eux', async () => {
    await store.events.insertMany([
      makeEvent({ id: 'e1', slug: 'e1', venueId: 'v1', organizerId: 'o1' }),
      makeEvent({ id: 'e2', slug: 'e2', venueId: 'v2', organizerId: 'o1' }),
    ]);
    const e1 = await store.events.findById('e1');
    expect(e1).toMatchObject({ venueId: 'v1', organizerId: 'o1' });
    if (!e1) throw new Error('e1');
    const next = await store.events.transition({
      seen: e1.updatedAt,
      next: { ...e1, title: 'Autre titre', updatedAt: LATER },
    });
    expect(next).toMatchObject({ venueId: 'v1', organizerId: 'o1' });
    expect((await store.events.search({ ...PUBLIC, venueId: 'v1' })).items.map((e) => e.id)).toEqual(['e1']);
    expect((await store.events.search({ ...PUBLIC, organizerId: 'o1' })).total).toBe(2);
    expect((await store.events.search({ ...PUBLIC, organizerId: 'o2' })).total).toBe(0);
    // Attaching again what is already there writes nothing.
    expect(await store.events.attachPlaces([{ eventId: 'e1', venueId: 'v1', organizerId: 'o1' }])).toBe(0);
    expect(await store.events.attachPlaces([{ eventId: 'absent', venueId: 'v1', organizerId: 'o1' }])).toBe(0);
  });

  it('les événements à venir de chaque lieu se comptent sans ceux passés ni ceux qui ne sont pas publics', async () => {
    // Counted per record (on Firestore, past events included, one aggregation per record: decision 160).
    await store.venues.insertMany([makeVenue({ id: 'v1', slug: 'v1' }), makeVenue({ id: 'v2', slug: 'v2' })]);
    await store.events.insertMany([
      makeEvent({ id: 'a-venir', slug: 'a-venir', venueId: 'v1', organizerId: 'o1' }),
      makeEvent({ id: 'autre', slug: 'autre', venueId: 'v1', organizerId: 'o2' }),
      makeEvent({
        id: 'passe',
        slug: 'passe',
        venueId: 'v1',
        organizerId: 'o1',
        startsAt: inDays(-3),
        endsAt: inDays(-2.9),
      }),
      makeEvent({ id: 'attente', slug: 'attente', venueId: 'v2', organizerId: 'o1', status: 'pending' }),
    ]);
    expect(await store.events.countByPlace('venue', PUBLIC.status, NOW)).toEqual({ v1: 2 });
    expect(await store.events.countByPlace('organizer', PUBLIC.status, NOW)).toEqual({ o1: 1, o2: 1 });
    expect(await store.events.countByPlace('venue', PUBLIC.status)).toEqual({ v1: 3 });
  });

  it('seuls les événements sans lieu ou sans organisateur sont à rattacher, de tout statut', async () => {
    await store.events.insertMany([
      makeEvent({ id: 'lie', slug: 'lie', venueId: 'v1', organizerId: 'o1' }),
      makeEvent({ id: 'sans-lieu', slug: 'sans-lieu', organizerId: 'o1' }),
      makeEvent({ id: 'sans-organisateur', slug: 'sans-organisateur', venueId: 'v1', status: 'pending' }),
      makeEvent({ id: 'sans-rien', slug: 'sans-rien', status: 'rejected' }),
    ]);
    const ids = async () => (await store.events.listWithoutPlaces()).map((e) => e.id).sort();
    expect(await ids()).toEqual(['sans-lieu', 'sans-organisateur', 'sans-rien']);
    await store.events.attachPlaces([
      { eventId: 'sans-lieu', venueId: 'v1', organizerId: 'o1' },
      { eventId: 'sans-organisateur', venueId: 'v1', organizerId: 'o1' },
      { eventId: 'sans-rien', venueId: 'v1', organizerId: 'o1' },
    ]);
    expect(await ids()).toEqual([]);
  });

  it('un organisateur a plusieurs comptes, un compte plusieurs organisateurs ; fusionnés, les comptes restent', async () => {
    await store.organizers.insertMany([
      makeOrganizer({ id: 'o1', slug: 'jeunesse-saviese', accountUids: ['u1'] }, now),
      makeOrganizer({ id: 'o2', slug: 'societe-de-jeunesse-saviese', accountUids: ['u2'] }, now),
    ]);
    expect(await store.organizers.setAccount({ id: 'o2', uid: 'u1', linked: true, now: LATER })).toMatchObject({
      accountUids: ['u2', 'u1'],
    });
    expect((await store.organizers.listByAccount('u1')).map((o) => o.id).sort()).toEqual(['o1', 'o2']);
    await store.organizers.setAccount({ id: 'o2', uid: 'u1', linked: false, now: LATER });
    expect((await store.organizers.listByAccount('u1')).map((o) => o.id)).toEqual(['o1']);
    const merged = await store.organizers.merge({ fromId: 'o2', intoId: 'o1', now: LATER });
    expect(merged?.kept.accountUids.sort()).toEqual(['u1', 'u2']);
    expect((await store.organizers.listByAccount('u2')).map((o) => o.id)).toEqual(['o1']);
    expect(await store.organizers.findBySlug('societe-de-jeunesse-saviese')).toMatchObject({
      record: { id: 'o1', slug: 'jeunesse-saviese' },
      moved: true,
    });
    expect(await store.organizers.setAccount({ id: 'absent', uid: 'u1', linked: true, now: LATER })).toBeNull();
  });

  it('fusionner deux lieux fait suivre aussi la révision en attente qui avait choisi le lieu fondu', async () => {
    await store.venues.insertMany([
      makeVenue({ id: 'garde', slug: 'garde' }, now),
      makeVenue({ id: 'fondu', slug: 'fondu' }, now),
    ]);
    await store.organizers.insertMany([makeOrganizer({ id: 'o1' }, now), makeOrganizer({ id: 'o2', slug: 'o2' }, now)]);
    const published = makeEvent({ id: 'e1', slug: 'e1', venueId: 'garde', organizerId: 'o1' });
    await store.events.insertMany([
      { ...published, revision: { ...published, title: 'Nouveau titre', venueId: 'fondu', organizerId: 'o2' } },
    ]);
    expect((await store.venues.merge({ fromId: 'fondu', intoId: 'garde', now: LATER }))?.events).toBe(0);
    expect((await store.events.findById('e1'))?.revision).toMatchObject({ title: 'Nouveau titre', venueId: 'garde' });
    await store.organizers.merge({ fromId: 'o2', intoId: 'o1', now: LATER });
    expect((await store.events.findById('e1'))?.revision).toMatchObject({ venueId: 'garde', organizerId: 'o1' });
  });

  it('le profil qu’un compte envoie attend, l’organisateur public ne change qu’à sa publication', async () => {
    await store.organizers.insertMany([makeOrganizer({ id: 'o1', description: 'Avant', website: '' }, now)]);
    const logo = { path: 'images/logo.webp', width: 200, height: 200, alt: 'Logo' };
    const revision = { description: 'Après', website: 'https://jeunesse.example', logo };
    const waiting = await store.organizers.setRevision({ id: 'o1', revision, now: LATER });
    expect(waiting).toMatchObject({ description: 'Avant', revision, updatedAt: LATER });
    expect(await store.organizers.findById('o1')).toMatchObject({ description: 'Avant', revision });
    // Changed since the admin saw it: nothing written.
    expect(await store.organizers.publishRevision({ id: 'o1', seen: NOW, now: LATER })).toBeNull();
    const published = await store.organizers.publishRevision({
      id: 'o1',
      seen: LATER,
      now: '2030-03-03T10:00:00.000Z',
    });
    expect(published).toMatchObject({
      description: 'Après',
      website: 'https://jeunesse.example',
      logo,
      revision: null,
    });
    expect(await store.organizers.findById('o1')).toMatchObject({ description: 'Après', logo, revision: null });
    expect(
      await store.organizers.publishRevision({ id: 'o1', seen: published?.updatedAt ?? '', now: LATER }),
    ).toBeNull();
    await store.organizers.setRevision({ id: 'o1', revision, now: LATER });
    expect(await store.organizers.setRevision({ id: 'o1', revision: null, now: LATER })).toMatchObject({
      revision: null,
    });
    expect(await store.organizers.setRevision({ id: 'absent', revision, now: LATER })).toBeNull();
  });
});
