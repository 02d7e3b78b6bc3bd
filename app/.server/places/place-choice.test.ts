// The event form's venue and organizer (decision 095): a record chosen fills the place, a new one is proposed and
// approved with the event, another's organizer is refused, a change of venue on a public event waits for moderation.
import { describe, expect, it } from 'vitest';
import { makeOrganizer, makeUser } from '../../../tests/support/factories';
import { postedEventForm, saveFormServices, storeWithPlaces } from '../../../tests/unit/memory-store';
import { distanceKm } from '../../domain/distance';
import { RESERVED_NAME_MESSAGE } from '../../domain/reserved-names';
import { saveEventForm } from '../events/save-event-form';
import { moderateEvent } from '../moderation/moderation';
import type { MailPort } from '../ports';
import { answerVenueSuggestion, placesUnderModeration } from './moderation-places';
import { PLACE_CHOICE_MESSAGES } from './place-choice';
import { organizerForName, type PlaceBook, venueForPlace } from './propose';
import { searchVenues } from './venue-directory';

const orga = makeUser({ uid: 'orga', displayName: 'Orga', role: 'organizer' });
const other = makeUser({ uid: 'autre', displayName: 'Autre', role: 'organizer' });
const admin = makeUser({ uid: 'admin', displayName: 'Admin', role: 'admin' });

async function setup() {
  const { store, count } = await storeWithPlaces([orga, other, admin]);
  await store.organizers.insertMany([
    makeOrganizer({
      id: 'opera',
      slug: 'opera',
      name: 'Opéra de Lausanne',
      accountUids: ['autre'],
      status: 'approved',
    }),
  ]);
  const services = saveFormServices(store);
  const mailer = { send: async () => {} } as unknown as MailPort;
  const moderation = { store, mailer, siteUrl: 'https://agenda-romand.test' };
  return { store, services, count, moderation };
}

const post = postedEventForm;

describe('le lieu et l’organisateur du formulaire d’événement', () => {
  it('un lieu choisi remplit l’adresse affichée depuis sa fiche, même sans adresse saisie (sans JavaScript)', async () => {
    const { services, store } = await setup();
    const empty = { venueName: '', street: '', postalCode: '', city: '', canton: '' };
    const result = await saveEventForm(
      services,
      orga,
      await post({ ...empty, venueId: 'bourg', organizerId: 'chorale' }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await store.events.findById(result.eventId)).toMatchObject({
      venueId: 'bourg',
      organizerId: 'chorale',
      venueName: 'Salle du Bourg',
      street: 'Rue de Bourg 51',
      postalCode: '1003',
      city: 'Lausanne',
      canton: 'VD',
      lat: 46.5205,
      organizerName: 'Chorale du Bourg',
    });
  });

  it('un nouveau lieu et un nouvel organisateur sont proposés, approuvés avec l’événement, restés proposés s’il est refusé', async () => {
    const { services, store, moderation } = await setup();
    const typed = {
      venueId: 'nouveau',
      organizerId: 'nouveau',
      venueName: 'Grange de la Cure',
      organizerName: 'Amis de la Cure',
    };
    const first = await saveEventForm(services, orga, await post(typed));
    const second = await saveEventForm(
      services,
      orga,
      await post({ ...typed, title: 'Autre concert', venueName: 'Halle des fêtes', organizerName: 'Fanfare' }),
    );
    if (!first.ok || !second.ok) throw new Error('refusé');
    const a = await store.events.findById(first.eventId);
    const venue = await store.venues.findById(a?.venueId ?? '');
    const organizer = await store.organizers.findById(a?.organizerId ?? '');
    expect(venue).toMatchObject({ name: 'Grange de la Cure', locality: 'Saint-Imier', status: 'pending' });
    // The account speaks for the organizer it proposed.
    expect(organizer).toMatchObject({ name: 'Amis de la Cure', status: 'pending', accountUids: ['orga'] });
    expect(await searchVenues({ store }, 'grange')).toEqual([]);

    await moderateEvent(moderation, admin, { eventId: first.eventId, action: 'approve' });
    expect((await store.venues.findById(venue?.id ?? ''))?.status).toBe('approved');
    expect((await store.organizers.findById(organizer?.id ?? ''))?.status).toBe('approved');
    expect((await searchVenues({ store }, 'grange')).map((v) => v.name)).toEqual(['Grange de la Cure']);

    await moderateEvent(moderation, admin, { eventId: second.eventId, action: 'reject', reason: 'Hors sujet' });
    const refused = await store.events.findById(second.eventId);
    expect((await store.venues.findById(refused?.venueId ?? ''))?.status).toBe('pending');
    expect((await store.organizers.findById(refused?.organizerId ?? ''))?.status).toBe('pending');
  });

  it('un lieu proposé sans JavaScript a le point de sa localité, sinon de son NPA ; ni l’un ni l’autre : aucun (issue 70)', async () => {
    const { services, store } = await setup();
    const propose = async (place: Record<string, string>) => {
      const typed = { venueId: 'nouveau', organizerId: 'chorale', lat: '', lng: '', canton: 'VD', ...place };
      const result = await saveEventForm(services, orga, await post(typed));
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      const event = await store.events.findById(result.eventId);
      return { event, venue: await store.venues.findById(event?.venueId ?? '') };
    };
    const echallens = { lat: 46.6384, lng: 6.6353 };
    const within10km = (p: { lat: number | null; lng: number | null } | null | undefined) =>
      p?.lat != null && p.lng != null && distanceKm({ lat: p.lat, lng: p.lng }, echallens) < 10;
    // The choir of Villars-le-Terroir (1040), 4 km from Echallens: the village's point, the event's too.
    const choir = await propose({ venueName: 'Grande salle', postalCode: '1040', city: 'Villars-le-Terroir' });
    expect(within10km(choir.venue) && within10km(choir.event)).toBe(true);
    // A hamlet the gazetteer does not know, with its postcode: the postcode's town.
    const hamlet = await propose({ venueName: 'Grange des Bois', postalCode: '1040', city: 'Les Bois-Dessous' });
    expect(within10km(hamlet.venue) && within10km(hamlet.event)).toBe(true);
    // Neither known (no locality has 1099): no point, the form said what it means.
    const lost = await propose({ venueName: 'Cabane', postalCode: '1099', city: 'Atlantis' });
    expect(lost.venue).toMatchObject({ lat: null, lng: null });
  });

  it('un nom de l’équipe pour un nouveau lieu ou organisateur est refusé, ce qui a été saisi gardé, rien n’est écrit', async () => {
    const { services, count } = await setup();
    for (const [field, name] of [
      ['venueName', 'Agenda romand'],
      ['organizerName', '\u0391dmin'],
    ] as const) {
      const result = await saveEventForm(
        services,
        orga,
        await post({ venueId: 'nouveau', organizerId: 'nouveau', [field]: name }),
      );
      expect(result).toMatchObject({ ok: false, errors: { [field]: RESERVED_NAME_MESSAGE } });
      if (!result.ok) expect(result.values[field]).toBe(name);
    }
    expect([count('events'), count('venues'), count('organizers')]).toEqual([0, 2, 2]);
  });

  it('un POST forgé qui rattache l’organisateur d’un autre compte est refusé, rien n’est écrit', async () => {
    const { services, count } = await setup();
    const result = await saveEventForm(services, orga, await post({ organizerId: 'opera' }));
    expect(result).toMatchObject({ ok: false, errors: { organizerId: PLACE_CHOICE_MESSAGES.organizer } });
    if (!result.ok) expect(result.values.organizerId).toBe('opera');
    expect([count('events'), count('venues'), count('organizers')]).toEqual([0, 2, 2]);
    // Nor a venue still proposed by someone else, nor one that does not exist.
    for (const venueId of ['cachee', 'inconnu']) {
      const refused = await saveEventForm(services, orga, await post({ venueId }));
      expect(refused).toMatchObject({ ok: false, errors: { venueId: PLACE_CHOICE_MESSAGES.venue } });
    }
    // An admin attaches any organizer.
    expect((await saveEventForm(services, admin, await post({ organizerId: 'opera' }))).ok).toBe(true);
  });

  it('changer le lieu d’un événement publié attend la modération : le public garde l’ancien jusqu’à l’approbation', async () => {
    const { services, store, moderation } = await setup();
    const created = await saveEventForm(services, orga, await post({ venueId: 'bourg', organizerId: 'chorale' }));
    if (!created.ok) throw new Error('refusé');
    await moderateEvent(moderation, admin, { eventId: created.eventId, action: 'approve' });
    const moved = {
      venueId: 'nouveau',
      venueName: 'Temple du Bas',
      postalCode: '2000',
      city: 'Neuchâtel',
      canton: 'NE',
    };
    expect((await saveEventForm(services, orga, await post(moved), created.eventId)).ok).toBe(true);
    const waiting = await store.events.findById(created.eventId);
    expect(waiting).toMatchObject({ status: 'approved', venueId: 'bourg', venueName: 'Salle du Bourg' });
    expect(waiting?.revision).toMatchObject({ venueName: 'Temple du Bas' });
    const proposed = await store.venues.findById(waiting?.revision?.venueId ?? '');
    expect(proposed?.status).toBe('pending');
    expect(waiting?.pendingChanges).toContain('venueId');
    const places = await placesUnderModeration({ store }, waiting as NonNullable<typeof waiting>);
    expect(places.venue).toMatchObject({ name: 'Temple du Bas', pending: true });
    await moderateEvent(moderation, admin, { eventId: created.eventId, action: 'approve' });
    expect(await store.events.findById(created.eventId)).toMatchObject({
      venueId: proposed?.id,
      venueName: 'Temple du Bas',
    });
    expect((await store.venues.findById(proposed?.id ?? ''))?.status).toBe('approved');
  });

  it('un lieu tapé comme une fiche connue s’y rattache ; presque pareil, il est proposé avec « confirmer / autre lieu »', async () => {
    const { store } = await setup();
    const place = (venueName: string, lat: number | null) => ({
      venueName,
      street: '',
      postalCode: '1003',
      city: 'Lausanne',
      canton: 'VD' as const,
      lat,
      lng: lat === null ? null : 6.6345,
      accessibility: { wheelchair: false },
    });
    expect(await venueForPlace({ store }, place('salle du Bourg, Lausanne', null), '2030-01-01T00:00:00Z')).toEqual({
      id: 'bourg',
      created: false,
    });
    const unsure = await venueForPlace({ store }, place('Grande salle du Bourg', 46.5206), '2030-01-01T00:00:00Z');
    expect(unsure.created).toBe(true);
    expect(await store.venues.findById(unsure.id)).toMatchObject({ status: 'pending', suggestedMatchId: 'bourg' });
    // « Autre lieu »: the proposal stays a venue of its own, without the suggestion.
    await answerVenueSuggestion({ store }, admin, { venueId: unsure.id, same: false });
    expect(await store.venues.findById(unsure.id)).toMatchObject({ status: 'pending', suggestedMatchId: null });
    // « Confirmer »: merged into the known venue.
    const again = await venueForPlace({ store }, place('Grande salle du Bourg bis', 46.5206), '2030-01-01T00:00:00Z');
    expect(await answerVenueSuggestion({ store }, admin, { venueId: again.id, same: true })).toMatchObject({
      id: 'bourg',
    });
    expect(await store.venues.findById(again.id)).toBeNull();
    await expect(answerVenueSuggestion({ store }, orga, { venueId: unsure.id, same: true })).rejects.toThrow(
      'administrateurs',
    );
  });

  it('un import de cent événements lit les lieux et les organisateurs une fois, retrouve ceux qu’il a proposés, et jamais une fiche fondue entre-temps', async () => {
    const { store } = await setup();
    let reads = 0;
    for (const list of ['venues', 'organizers'] as const) {
      const original = store[list].list.bind(store[list]);
      store[list].list = (async (options?: never) => {
        reads++;
        return original(options);
      }) as never;
    }
    const place = (venueName: string) => ({
      venueName,
      street: '',
      postalCode: '1950',
      city: 'Sion',
      canton: 'VS' as const,
      lat: null,
      lng: null,
      accessibility: { wheelchair: false },
    });
    const at = '2030-01-01T00:00:00Z';
    const book: PlaceBook = {};
    const venues = new Set<string>();
    const organizers = new Set<string>();
    for (let n = 0; n < 100; n++) {
      venues.add((await venueForPlace({ store, book }, place(n % 2 ? 'Ferme-Asile' : 'Salle du Bourg'), at)).id);
      organizers.add((await organizerForName({ store, book }, 'Jeunesse de Savièse', null, at)).id);
    }
    expect(reads).toBe(2);
    expect(venues.size).toBe(2);
    expect(organizers.size).toBe(1);
    // An admin merges the Ferme-Asile away during the import: the next event does not point to the removed record.
    const ferme = (await store.venues.list()).find((v) => v.name === 'Ferme-Asile')?.id ?? '';
    expect(venues.has(ferme)).toBe(true);
    await store.venues.delete(ferme);
    const after = await venueForPlace({ store, book }, place('Ferme-Asile'), at);
    expect(after.id).not.toBe(ferme);
    expect(await store.venues.findById(after.id)).toMatchObject({ name: 'Ferme-Asile', status: 'pending' });
  });
});
