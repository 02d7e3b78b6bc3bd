// Without JavaScript, the « Lieu enregistré » field is a text with the venues' names as suggestions (issue 70): the
// server reads the text back to one venue, as the page shows them; ambiguous or unknown, it says so and keeps the text.
import { describe, expect, it } from 'vitest';
import { makeUser, makeVenue } from '../../../tests/support/factories';
import { postedEventForm, saveFormServices, storeWithPlaces } from '../../../tests/unit/memory-store';
import { saveEventForm } from '../events/save-event-form';

const orga = makeUser({ uid: 'orga', displayName: 'Orga', role: 'organizer' });
const other = makeUser({ uid: 'autre', displayName: 'Autre', role: 'organizer' });

async function setup() {
  const { store, count } = await storeWithPlaces([orga, other]);
  return { store, services: saveFormServices(store), count };
}

const post = postedEventForm;

describe('le lieu tapé sans JavaScript', () => {
  it('sans JavaScript, un lieu tapé en partie est retrouvé ; un nom ambigu ou inconnu est dit, le texte gardé (issue 70)', async () => {
    const { services, store, count } = await setup();
    const place = { venueName: '', street: '', postalCode: '', city: '', canton: '', organizerId: 'chorale' };
    const typed = async (venueText: string, venueId = '') =>
      saveEventForm(services, orga, await post({ ...place, venueId, venueText }));

    const found = await typed('bourg laus');
    if (!found.ok) throw new Error(JSON.stringify(found.errors));
    expect(await store.events.findById(found.eventId)).toMatchObject({ venueId: 'bourg', city: 'Lausanne' });

    await store.venues.insertMany([
      makeVenue({
        id: 'morges',
        slug: 'salle-du-bourg-morges',
        name: 'Salle du Bourg',
        locality: 'Morges',
        status: 'approved',
      }),
    ]);
    const events = count('events');
    const ambiguous = await typed('salle du bourg');
    expect(ambiguous).toMatchObject({
      ok: false,
      errors: {
        venueText:
          '2\u00a0lieux correspondent à «\u00a0salle du bourg\u00a0»\u00a0: choisissez le vôtre ci-dessous, ou précisez le nom.',
      },
    });
    // The text kept; the address left empty is not what the page asks to fix.
    if (!ambiguous.ok) {
      expect(ambiguous.values.venueText).toBe('salle du bourg');
      expect(Object.keys(ambiguous.errors)).toEqual(['venueText']);
    }
    // Another account's proposal is not among the venues to type, nor one that does not exist.
    for (const text of ['Salle cachée', 'Grange inconnue'])
      expect(await typed(text)).toMatchObject({
        ok: false,
        errors: { venueText: expect.stringContaining('Aucun lieu connu ne correspond') },
      });
    expect(count('events')).toBe(events);

    // The suggestion « Nom — Localité », or a candidate chosen (its id, as the search with JavaScript posts), settle it.
    const suggested = await typed('Salle du Bourg — Morges');
    const chosen = await typed('salle du bourg', 'bourg');
    if (!suggested.ok || !chosen.ok) throw new Error('refusé');
    expect((await store.events.findById(suggested.eventId))?.venueId).toBe('morges');
    expect((await store.events.findById(chosen.eventId))?.venueId).toBe('bourg');
  });
});
