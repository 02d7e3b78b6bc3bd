// An admin renames or merges a venue or an organizer (issue 36): the events of the kept record show its name and
// address afterwards, their pending revision too, on SQLite and on Firestore. Found by an outside tester: an event
// merged into « Chocolaterie de Courtelary » still said « Salle …, Lausanne » on the venue's own page and in the API.
import { describe, expect, it } from 'vitest';
import { mergePlaces, renamePlace } from '../../app/.server/places/admin-places';
import { makeEvent, makeOrganizer, makeUser, makeVenue } from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

const NOW = new Date('2026-11-21T09:00:00Z');
const admin = makeUser({ uid: 'admin-lieux', role: 'admin' });

describe.each(BACKENDS)('les événements suivent la fiche renommée ou fondue : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });

  it('fondre un lieu : ses événements prennent le nom et l’adresse de la fiche gardée, leur révision en attente aussi', async () => {
    const kept = makeVenue({
      id: 'bourg',
      slug: 'salle-du-bourg',
      name: 'Salle du Bourg',
      street: 'Rue de l’Ale 43',
      postalCode: '1003',
      locality: 'Lausanne',
      canton: 'VD',
      lat: 46.5231,
      lng: 6.6292,
      status: 'approved',
    });
    const gone = makeVenue({ id: 'bourg-bis', slug: 'salle-du-bourg-lausanne', name: 'salle du bourg, Lausanne' });
    await store.venues.insertMany([kept, gone]);
    const spelled = makeEvent(
      {
        id: 'e1',
        slug: 'e1',
        venueId: gone.id,
        venueName: 'salle du bourg, Lausanne',
        street: '',
        lat: null,
        lng: null,
      },
      { now: NOW },
    );
    const revising = makeEvent({ id: 'e2', slug: 'e2', venueId: kept.id, venueName: 'Salle du Bourg' }, { now: NOW });
    await store.events.insertMany([
      spelled,
      { ...revising, revision: { ...revising, venueId: gone.id, venueName: 'salle du bourg, Lausanne' } },
    ]);

    await mergePlaces({ store }, admin, 'venue', { fromId: gone.id, into: kept.slug }, NOW);
    expect(await store.events.findById('e1')).toMatchObject({
      venueId: kept.id,
      venueName: 'Salle du Bourg',
      street: 'Rue de l’Ale 43',
      postalCode: '1003',
      city: 'Lausanne',
      lat: 46.5231,
      lng: 6.6292,
    });
    expect((await store.events.findById('e2'))?.revision).toMatchObject({
      venueId: kept.id,
      venueName: 'Salle du Bourg',
    });

    await renamePlace({ store }, admin, 'venue', { id: kept.id, name: 'Salle du Bourg (Lausanne)', slug: '' }, NOW);
    for (const id of ['e1', 'e2'])
      expect((await store.events.findById(id))?.venueName).toBe('Salle du Bourg (Lausanne)');
    // Nothing else of the event moved: its status, its content and its schedule stay.
    expect(await store.events.findById('e1')).toMatchObject({
      status: spelled.status,
      title: spelled.title,
      startsAt: spelled.startsAt,
    });
  });

  it('renommer un organisateur : ses événements portent son nouveau nom', async () => {
    const society = makeOrganizer({
      id: 'jeunesse',
      slug: 'jeunesse',
      name: 'Jeunesse de Savièse',
      status: 'approved',
    });
    await store.organizers.insertMany([society]);
    await store.events.insertMany([
      makeEvent({ id: 'o1', slug: 'o1', organizerId: society.id, organizerName: 'jeunesse saviese' }, { now: NOW }),
    ]);
    await renamePlace(
      { store },
      admin,
      'organizer',
      { id: society.id, name: 'Société de jeunesse de Savièse', slug: '' },
      NOW,
    );
    expect((await store.events.findById('o1'))?.organizerName).toBe('Société de jeunesse de Savièse');
  });
});
