// Slugs made before « œ » was folded (issue 70, decision 169), on SQLite and on Firestore: the corrected slug becomes
// the record's, the old one a former slug (its page redirects), what an admin chose or what is taken stays.
import { describe, expect, it } from 'vitest';
import { refoldPlaceSlugs } from '../../app/.server/places/refold-slugs';
import { makeOrganizer, makeVenue } from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

const NOW = new Date('2030-03-01T10:00:00.000Z');
const now = { now: NOW };

describe.each(BACKENDS)('les adresses sans « œ » : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });

  it('« ch-ur-mixte » devient « choeur-mixte », l’ancienne adresse y renvoie ; le reste ne bouge pas', async () => {
    await store.organizers.insertMany([
      makeOrganizer({ id: 'o1', name: 'Chœur mixte de Nendaz', slug: 'ch-ur-mixte-de-nendaz' }, now),
      makeOrganizer({ id: 'o2', name: 'Chœur d’hommes', slug: 'ch-ur-d-hommes-2' }, now),
      // An address the admin chose, and one already right: kept.
      makeOrganizer({ id: 'o3', name: 'Sœurs Cécilia', slug: 'les-soeurs' }, now),
      makeOrganizer({ id: 'o4', name: 'Œcuménique', slug: 'oecumenique' }, now),
      // Its corrected slug is another record's: kept, said in the log.
      makeOrganizer({ id: 'o5', name: 'Chœur du Jorat', slug: 'ch-ur-du-jorat' }, now),
      makeOrganizer({ id: 'o6', name: 'Choeur du Jorat', slug: 'choeur-du-jorat' }, now),
    ]);
    await store.venues.insertMany([
      makeVenue({ id: 'v1', name: 'Salle de l’Œuvre', locality: 'Sion', slug: 'salle-de-l-uvre-sion' }, now),
    ]);
    const done = await refoldPlaceSlugs({ store }, NOW);
    expect(done).toEqual({ venues: 1, organizers: 2, kept: ['ch-ur-du-jorat'] });
    const slugOf = async (s: string) => {
      const found = (await store.organizers.findBySlug(s)) ?? (await store.venues.findBySlug(s));
      return found ? { slug: found.record.slug, moved: found.moved } : null;
    };
    // The corrected address is the record's; the old one still reaches it, as a redirect.
    expect(await slugOf('choeur-mixte-de-nendaz')).toEqual({ slug: 'choeur-mixte-de-nendaz', moved: false });
    expect(await slugOf('ch-ur-mixte-de-nendaz')).toEqual({ slug: 'choeur-mixte-de-nendaz', moved: true });
    expect(await slugOf('choeur-d-hommes-2')).toEqual({ slug: 'choeur-d-hommes-2', moved: false });
    expect(await slugOf('ch-ur-d-hommes-2')).toEqual({ slug: 'choeur-d-hommes-2', moved: true });
    expect(await slugOf('salle-de-l-oeuvre-sion')).toEqual({ slug: 'salle-de-l-oeuvre-sion', moved: false });
    expect(await slugOf('salle-de-l-uvre-sion')).toEqual({ slug: 'salle-de-l-oeuvre-sion', moved: true });
    expect(await slugOf('les-soeurs')).toEqual({ slug: 'les-soeurs', moved: false });
    expect(await slugOf('ch-ur-du-jorat')).toEqual({ slug: 'ch-ur-du-jorat', moved: false });
    expect((await store.organizers.findById('o1'))?.name).toBe('Chœur mixte de Nendaz');
    // The next start finds nothing to do.
    expect(await refoldPlaceSlugs({ store }, NOW)).toEqual({ venues: 0, organizers: 0, kept: ['ch-ur-du-jorat'] });
  });
});
