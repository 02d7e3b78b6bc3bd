// A venue an organizer proposed, still waiting for an admin, is theirs to choose again for their next event (issue 70):
// in the search with JavaScript, the list by canton without, and the form's check; never another account's.
import { describe, expect, it } from 'vitest';
import { makeUser, makeVenue } from '../../../tests/support/factories';
import { memoryStore, postedEventForm, saveFormServices } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { saveEventForm } from '../events/save-event-form';
import { PLACE_CHOICE_MESSAGES } from './place-choice';
import { ownPendingVenues, searchVenues, venuesByCanton } from './venue-directory';

const orga = makeUser({ uid: 'orga', displayName: 'Orga', role: 'organizer' });
const other = makeUser({ uid: 'autre', displayName: 'Autre', role: 'organizer' });

async function setup() {
  const { store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  for (const u of [orga, other]) await store.users.upsert({ ...u, passwordHash: 'x', now: '' });
  await store.venues.insertMany([
    makeVenue({ id: 'cachee', slug: 'salle-cachee', name: 'Salle cachée', status: 'pending' }),
  ]);
  return { store, services: saveFormServices(store) };
}

const post = postedEventForm;

describe('les lieux proposés par un organisateur', () => {
  it('le lieu qu’un organisateur a proposé, encore en attente, se choisit pour son événement suivant, pas par un autre (issue 70)', async () => {
    const { services, store } = await setup();
    const typed = { venueId: 'nouveau', organizerId: 'nouveau', venueName: 'Grange de la Cure' };
    const first = await saveEventForm(services, orga, await post({ ...typed, organizerName: 'Amis de la Cure' }));
    if (!first.ok) throw new Error('refusé');
    const grange = (await store.events.findById(first.eventId))?.venueId ?? '';
    expect((await store.venues.findById(grange))?.status).toBe('pending');
    // Offered to its proposer (the search with JavaScript), not to another account.
    expect((await searchVenues({ store }, 'grange', await ownPendingVenues({ store }, orga))).map((v) => v.id)).toEqual(
      [grange],
    );
    expect(await ownPendingVenues({ store }, other)).toEqual([]);
    // The list without JavaScript too.
    const groups = await venuesByCanton({ store }, null, await ownPendingVenues({ store }, orga));
    expect(groups.flatMap((g) => g.venues).find((v) => v.id === grange)).toMatchObject({ pending: true });

    const next = await saveEventForm(services, orga, await post({ title: 'Deuxième soirée', venueId: grange }));
    expect(next.ok).toBe(true);
    if (next.ok) expect((await store.events.findById(next.eventId))?.venueId).toBe(grange);
    const stranger = await saveEventForm(services, other, await post({ title: 'Pas la sienne', venueId: grange }));
    expect(stranger).toMatchObject({ ok: false, errors: { venueId: PLACE_CHOICE_MESSAGES.venue } });
    // Another account's proposal stays out of reach, as before.
    const hidden = await saveEventForm(services, orga, await post({ title: 'Cachée', venueId: 'cachee' }));
    expect(hidden).toMatchObject({ ok: false, errors: { venueId: PLACE_CHOICE_MESSAGES.venue } });
  });
});
