// A venue's description, website and photo edited by an admin (issue 47): checked (http(s) only, bounded plain text,
// the event images' pipeline refusing SVG), then shown on its page and in its JSON-LD Place; an organizer cannot.
import { describe, expect, it } from 'vitest';
import { makeEvent, makeVenue } from '../../../tests/support/factories';
import { findLocality } from '../../domain/localities';
import { venuePlaceLd } from '../../domain/place-jsonld';
import { VENUE_POINT_ERRORS } from '../../domain/venue-point';
import { openDatabase } from '../adapters/sqlite/db';
import { createSqliteStore } from '../adapters/sqlite/store';
import { IMAGE_MESSAGES } from '../files/images';
import { files, fixtures, listFiles, setUpImageFixtures, setUpUploadDir } from '../files/images-fixture';
import type { UserProfile } from '../ports';
import { seedCategories } from '../seed/seed';
import { venuePage } from './public-places';
import { saveVenueDetails } from './venue-details';

setUpUploadDir();
setUpImageFixtures();

const NOW = new Date('2030-03-01T10:00:00.000Z');
const admin = { uid: 'admin-1', role: 'admin' } as UserProfile;
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

async function storeWithVenue() {
  const store = createSqliteStore(openDatabase(':memory:'));
  const venue = makeVenue({
    id: 'bourg',
    slug: 'salle-du-bourg',
    name: 'Salle du Bourg',
    description: '',
    website: '',
  });
  await store.venues.insertMany([venue]);
  return { store, venue };
}

const input = (fields: Partial<Parameters<typeof saveVenueDetails>[2]> = {}) => ({
  id: 'bourg',
  description: '',
  website: '',
  photoAlt: '',
  photo: null,
  removePhoto: false,
  ...fields,
});

describe('la fiche d’un lieu : description, site web, photo', () => {
  it('un admin les enregistre : la page du lieu et son JSON-LD Place les montrent', async () => {
    const { store } = await storeWithVenue();
    const saved = await saveVenueDetails(
      { store, files },
      admin,
      input({
        description: '  Une salle voûtée du XVIe siècle.\r\nEntrée par la cour.  ',
        website: 'https://bourg.example/salle',
        photoAlt: 'La salle voûtée',
        photo: { bytes: fixtures.png },
      }),
      NOW,
    );
    expect(saved).toMatchObject({
      ok: true,
      venue: { description: 'Une salle voûtée du XVIe siècle.\nEntrée par la cour.' },
    });
    const page = await venuePage({ store }, 'salle-du-bourg', NOW);
    const record = page && 'record' in page ? page.record : null;
    expect(record?.photo).toMatchObject({ alt: 'La salle voûtée', width: 1000, height: 600 });
    expect(listFiles().some((f) => f.startsWith(`${record?.photo?.path}-`))).toBe(true);
    if (!record) throw new Error('page du lieu');
    const ld = venuePlaceLd(record, 'https://agenda.example');
    expect(ld).toMatchObject({
      '@type': 'Place',
      url: 'https://agenda.example/lieux/salle-du-bourg',
      description: 'Une salle voûtée du XVIe siècle.\nEntrée par la cour.',
      sameAs: 'https://bourg.example/salle',
      image: expect.stringMatching(/^https:\/\/agenda\.example\/.+/),
    });
    await store.close();
  });

  it('un site qui n’est pas http(s), une description trop longue, une image SVG : refusés, rien d’écrit', async () => {
    const { store, venue } = await storeWithVenue();
    const refused = await saveVenueDetails(
      { store, files },
      admin,
      input({ website: 'javascript:alert(1)', description: 'x'.repeat(2001) }),
      NOW,
    );
    expect(refused).toEqual({
      ok: false,
      errors: {
        website: 'Indiquez une adresse web complète commençant par https://.',
        description: 'La description ne peut pas dépasser 2000\u00a0caractères.',
      },
    });
    const svg = await saveVenueDetails(
      { store, files },
      admin,
      input({ photoAlt: 'Dessin', photo: { bytes: SVG } }),
      NOW,
    );
    expect(svg).toEqual({
      ok: false,
      errors: { photo: IMAGE_MESSAGES.type },
    });
    expect(await store.venues.findById('bourg')).toEqual(venue);
    expect(listFiles()).toEqual([]);
    await expect(
      saveVenueDetails({ store, files }, { uid: 'o', role: 'organizer' } as UserProfile, input(), NOW),
    ).rejects.toThrow('Action réservée aux administrateurs.');
    await store.close();
  });
});

describe('le point d’un lieu (issue 70)', () => {
  it('sans point, la localité choisie le lui donne, et à ses événements ; le repère déplacé ensuite les emmène', async () => {
    const store = createSqliteStore(openDatabase(':memory:'));
    const choir = makeVenue({ id: 'choeur', locality: 'Villars-le-Terroir', postalCode: '1040', lat: null, lng: null });
    await store.venues.insertMany([choir]);
    await seedCategories({ store });
    const event = { ...makeEvent({ venueId: 'choeur', lat: null, lng: null }, { now: NOW }), id: 'concert' };
    await store.events.insertMany([event]);
    const villars = findLocality('Villars-le-Terroir');
    const chosen = await saveVenueDetails(
      { store, files },
      admin,
      { ...input({ id: 'choeur' }), point: { lat: '', lng: '', locality: 'Villars-le-Terroir' } },
      NOW,
    );
    expect(chosen).toMatchObject({ ok: true, venue: { lat: villars?.lat, lng: villars?.lng } });
    expect(await store.events.findById('concert')).toMatchObject({ lat: villars?.lat, lng: villars?.lng });
    // The pin moved 300 m: the venue and its event at the old point follow.
    const moved = await saveVenueDetails(
      { store, files },
      admin,
      { ...input({ id: 'choeur' }), point: { lat: '46.6601', lng: '6.6402', locality: '' } },
      NOW,
    );
    expect(moved).toMatchObject({ ok: true, venue: { lat: 46.6601, lng: 6.6402 } });
    expect(await store.events.findById('concert')).toMatchObject({ lat: 46.6601, lng: 6.6402 });
    // Outside Switzerland: refused, nothing written.
    const paris = await saveVenueDetails(
      { store, files },
      admin,
      { ...input({ id: 'choeur' }), point: { lat: '48.85', lng: '2.35', locality: '' } },
      NOW,
    );
    expect(paris).toEqual({ ok: false, errors: { point: VENUE_POINT_ERRORS.outside } });
    expect(await store.venues.findById('choeur')).toMatchObject({ lat: 46.6601, lng: 6.6402 });
    await store.close();
  });
});
