// The undo of a merge of venues or organizers (decision 114) on SQLite and on Firestore: the record merged away comes
// back as it was, exactly the events the merge moved return to it, the kept record loses what the merge gave it.
import { describe, expect, it } from 'vitest';
import type { AgendaEvent } from '../../app/domain/event';
import { makeEvent as eventOf, makeOrganizer, makeVenue } from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

const NOW = '2030-03-01T10:00:00.000Z';
const LATER = '2030-03-02T10:00:00.000Z';
const UNDONE = '2030-03-02T11:00:00.000Z';
const now = { now: new Date(NOW) };
const inDays = (days: number) => new Date(Date.parse(NOW) + days * 86_400_000).toISOString();
const makeEvent = (overrides: Partial<AgendaEvent>) =>
  eventOf({ startsAt: inDays(10), endsAt: inDays(10.1), ...overrides }, now);

describe.each(BACKENDS)('annuler une fusion de lieux : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });

  it('le lieu fondu revient tel quel, avec ses seuls événements ; la fiche gardée perd ses adresses reçues', async () => {
    const gone = makeVenue(
      { id: 'fondu', name: 'Salle communale', slug: 'salle-communale-geneve', redirectFrom: ['salle-communale'] },
      now,
    );
    await store.venues.insertMany([
      makeVenue(
        { id: 'garde', name: 'Salle communale', slug: 'salle-communale-neuchatel', redirectFrom: ['vieux'] },
        now,
      ),
      gone,
    ]);
    await store.organizers.insertMany([makeOrganizer({ id: 'o1' }, now)]);
    const revised = makeEvent({ id: 'e4', slug: 'e4', venueId: 'garde', organizerId: 'o1' });
    await store.events.insertMany([
      makeEvent({ id: 'e1', slug: 'e1' }),
      makeEvent({ id: 'e2', slug: 'e2', status: 'pending' }),
      makeEvent({ id: 'e3', slug: 'e3' }),
      { ...revised, revision: { ...revised, title: 'Nouveau titre', venueId: 'fondu' } },
    ]);
    await store.events.attachPlaces([
      { eventId: 'e1', venueId: 'fondu', organizerId: 'o1' },
      { eventId: 'e2', venueId: 'fondu', organizerId: 'o1' },
      { eventId: 'e3', venueId: 'garde', organizerId: 'o1' },
    ]);
    expect(await store.venues.unmerge({ intoId: 'garde', now: LATER })).toBeNull();
    const merge = await store.venues.merge({ fromId: 'fondu', intoId: 'garde', now: LATER, by: 'admin-1' });
    expect(merge?.kept.lastMerge).toMatchObject({ at: LATER, by: 'admin-1', eventIds: ['e1', 'e2'] });
    expect((await store.events.findById('e4'))?.revision?.venueId).toBe('garde');

    const undo = await store.venues.unmerge({ intoId: 'garde', now: UNDONE });
    expect(undo?.events).toBe(2);
    expect(await store.venues.findById('fondu')).toEqual({ ...gone, lastMerge: null, updatedAt: UNDONE });
    const kept = await store.venues.findById('garde');
    expect(kept).toMatchObject({ redirectFrom: ['vieux'], lastMerge: null });
    for (const slug of ['salle-communale-geneve', 'salle-communale'])
      expect(await store.venues.findBySlug(slug)).toMatchObject({ record: { id: 'fondu' }, moved: slug !== gone.slug });
    const venueOf = async (id: string) => (await store.events.findById(id))?.venueId;
    expect([await venueOf('e1'), await venueOf('e2'), await venueOf('e3')]).toEqual(['fondu', 'fondu', 'garde']);
    expect((await store.events.findById('e4'))?.revision).toMatchObject({ title: 'Nouveau titre', venueId: 'fondu' });
    expect(await store.events.countByPlace('venue', ['approved', 'pending'])).toEqual({ fondu: 2, garde: 2 });
    // Undone once: nothing left to undo.
    expect(await store.venues.unmerge({ intoId: 'garde', now: UNDONE })).toBeNull();
  });

  it('un événement que l’on a mis ailleurs depuis la fusion y reste ; une nouvelle fusion remplace l’ancienne', async () => {
    await store.venues.insertMany([
      makeVenue({ id: 'a', slug: 'a' }, now),
      makeVenue({ id: 'b', slug: 'b' }, now),
      makeVenue({ id: 'c', slug: 'c' }, now),
    ]);
    await store.organizers.insertMany([makeOrganizer({ id: 'o1' }, now)]);
    await store.events.insertMany([makeEvent({ id: 'e1', slug: 'e1' }), makeEvent({ id: 'e2', slug: 'e2' })]);
    await store.events.attachPlaces([
      { eventId: 'e1', venueId: 'b', organizerId: 'o1' },
      { eventId: 'e2', venueId: 'b', organizerId: 'o1' },
    ]);
    await store.venues.merge({ fromId: 'b', intoId: 'a', now: LATER });
    await store.events.attachPlaces([{ eventId: 'e2', venueId: 'c', organizerId: 'o1' }]);
    expect((await store.venues.unmerge({ intoId: 'a', now: UNDONE }))?.events).toBe(1);
    expect((await store.events.findById('e2'))?.venueId).toBe('c');
    await store.venues.merge({ fromId: 'b', intoId: 'a', now: LATER });
    await store.venues.merge({ fromId: 'c', intoId: 'a', now: LATER });
    expect((await store.venues.unmerge({ intoId: 'a', now: UNDONE }))?.restored.id).toBe('c');
    expect(await store.venues.findById('b')).toBeNull();
    expect(await store.venues.unmerge({ intoId: 'a', now: UNDONE })).toBeNull();
  });

  it('annuler la fusion de deux organisateurs rend ses comptes à celui qui revient', async () => {
    await store.organizers.insertMany([
      makeOrganizer({ id: 'o1', slug: 'o1', accountUids: ['u1'] }, now),
      makeOrganizer({ id: 'o2', slug: 'o2', accountUids: ['u1', 'u2'] }, now),
    ]);
    await store.organizers.merge({ fromId: 'o2', intoId: 'o1', now: LATER });
    const undo = await store.organizers.unmerge({ intoId: 'o1', now: UNDONE });
    expect(undo?.kept.accountUids).toEqual(['u1']);
    expect(undo?.restored.accountUids).toEqual(['u1', 'u2']);
    expect((await store.organizers.listByAccount('u2')).map((o) => o.id)).toEqual(['o2']);
  });
});
