// « Copier pour une nouvelle date » of an event whose venue its organizer only proposed: the copy chose that record,
// which a new event may not, and was refused « Ce lieu n’est pas dans la liste » (the e2e test of the copy passed only
// when an earlier test had had a venue of that name approved).
import { describe, expect, it } from 'vitest';
import { makeEvent, makeUser, makeVenue } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { NEW_PLACE } from '../../domain/event-form';
import { eventFormPage } from './event-form';

describe('le formulaire d’une copie', () => {
  it('un lieu seulement proposé n’est pas repris comme fiche : la copie propose le lieu saisi ; un lieu approuvé reste', async () => {
    const { store } = memoryStore();
    const organizer = makeUser({ uid: 'orga', role: 'organizer' });
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    await store.users.upsert({ ...organizer, passwordHash: 'x', now: '' });
    const proposed = makeVenue({ id: 'propose', slug: 'temple-propose', status: 'pending' });
    const approved = makeVenue({ id: 'approuve', slug: 'salle-approuvee', status: 'approved' });
    await store.venues.insertMany([proposed, approved]);
    const fromProposed = makeEvent({ id: 'source1', createdBy: 'orga', venueId: 'propose', venueName: 'Temple' });
    const fromApproved = makeEvent({ id: 'source2', createdBy: 'orga', venueId: 'approuve' });
    await store.events.insertMany([fromProposed, fromApproved]);

    const copy = await eventFormPage({ store }, organizer, { copyFrom: 'source1' });
    expect(copy.values).toMatchObject({ venueId: NEW_PLACE, venueName: 'Temple' });
    expect(copy.places.venue).toBeNull();
    const other = await eventFormPage({ store }, organizer, { copyFrom: 'source2' });
    expect(other.values.venueId).toBe('approuve');
    // Its own edit keeps its proposal: the form's check accepts the venue the event already has.
    expect((await eventFormPage({ store }, organizer, { eventId: 'source1' })).values.venueId).toBe('propose');
  });
});
