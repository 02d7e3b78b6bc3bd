// A venue's description, website and photo edited by an admin (issue 47): checked (http(s) only, bounded plain text,
// the event images' pipeline refusing SVG), then shown on its page and in its JSON-LD Place; an organizer cannot.
import { describe, expect, it } from 'vitest';
import { makeVenue } from '../../../tests/support/factories';
import { venuePlaceLd } from '../../domain/place-jsonld';
import { openDatabase } from '../adapters/sqlite/db';
import { createSqliteStore } from '../adapters/sqlite/store';
import { IMAGE_MESSAGES } from '../files/images';
import { files, fixtures, listFiles, setUpImageFixtures, setUpUploadDir } from '../files/images-fixture';
import type { UserProfile } from '../ports';
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
