// The public side of venues and organizers (issue 36, decision 093), on SQLite and on Firestore: a page lists only
// public events (a series once), a former address moves, a proposed record has no page, and the `lieu` and
// `organisateur` filters of the list match only their records' events, never everything.
import { describe, expect, it } from 'vitest';
import { publicQuery, queryFromFilters, searchEvents } from '../../app/.server/events/public';
import {
  eventPlaces,
  organizerPage,
  sitemapPlaces,
  venueIndex,
  venuePage,
} from '../../app/.server/places/public-places';
import type { AgendaEvent } from '../../app/domain/event';
import { makeEvent as eventOf, makeOrganizer, makeVenue } from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

const NOW = new Date('2030-03-01T10:00:00.000Z');
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();
const makeEvent = (overrides: Partial<AgendaEvent>) =>
  eventOf({ startsAt: inDays(10), endsAt: inDays(10.1), ...overrides }, { now: NOW });

describe.each(BACKENDS)('pages publiques des lieux et des organisateurs : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });

  async function seed() {
    await store.venues.insertMany([
      makeVenue(
        {
          id: 'pont',
          slug: 'pont-rouge',
          name: 'Pont Rouge',
          locality: 'Genève',
          canton: 'GE',
          redirectFrom: ['pont-rouge-geneve'],
        },
        { now: NOW },
      ),
      makeVenue({ id: 'cave', slug: 'cave-proposee', name: 'Cave proposée', status: 'pending' }, { now: NOW }),
      makeVenue({ id: 'vide', slug: 'salle-vide', name: 'Salle vide' }, { now: NOW }),
    ]);
    await store.organizers.insertMany([
      makeOrganizer({ id: 'jeunesse', slug: 'jeunesse-saviese', name: 'Jeunesse de Savièse' }, { now: NOW }),
    ]);
    await store.events.insertMany([
      makeEvent({ id: 'concert', slug: 'concert', title: 'Concert', venueId: 'pont', organizerId: 'jeunesse' }),
      makeEvent({ id: 'attente', slug: 'attente', title: 'En attente', venueId: 'pont', status: 'pending' }),
      makeEvent({ id: 'refus', slug: 'refus', title: 'Refusé', venueId: 'pont', status: 'rejected' }),
      makeEvent({ id: 'ailleurs', slug: 'ailleurs', title: 'Ailleurs' }),
      makeEvent({ id: 'cave-ev', slug: 'cave-ev', title: 'À la cave', venueId: 'cave' }),
      makeEvent({
        id: 'passe',
        slug: 'passe',
        title: 'Bal passé',
        organizerId: 'jeunesse',
        startsAt: inDays(-30),
        endsAt: inDays(-29.9),
      }),
    ]);
  }

  it('la page d’un lieu ne montre que ses événements publics ; ancienne adresse déplacée, fiche proposée absente', async () => {
    await seed();
    const page = await venuePage({ store }, 'pont-rouge', NOW);
    expect(page && 'record' in page ? page.upcoming.map((e) => e.id) : null).toEqual(['concert']);
    expect(page && 'record' in page ? page.indexable : null).toBe(true);
    expect(await venuePage({ store }, 'pont-rouge-geneve', NOW)).toEqual({ moved: 'pont-rouge' });
    expect(await venuePage({ store }, 'cave-proposee', NOW)).toBeNull();
    expect(await venuePage({ store }, 'inconnue', NOW)).toBeNull();
    const empty = await venuePage({ store }, 'salle-vide', NOW);
    expect(empty && 'record' in empty ? [empty.upcoming.length, empty.indexable] : null).toEqual([0, false]);
  });

  it('la page d’un organisateur : ses événements à venir et passés, publics seulement', async () => {
    await seed();
    const page = await organizerPage({ store }, 'jeunesse-saviese', NOW);
    expect(page && 'record' in page ? [page.upcoming.map((e) => e.id), page.past.map((e) => e.id)] : null).toEqual([
      ['concert'],
      ['passe'],
    ]);
  });

  it('les filtres lieu et organisateur de la liste : ses événements, aucun pour une adresse inconnue ou proposée', async () => {
    await seed();
    const ids = async (filters: { venue?: string; organizer?: string }) =>
      (await searchEvents({ store }, filters, 1, NOW)).items.map((e) => e.id).sort();
    expect(await ids({ venue: 'pont-rouge' })).toEqual(['concert']);
    expect(await ids({ venue: 'pont-rouge-geneve' })).toEqual(['concert']);
    expect(await ids({ organizer: 'jeunesse-saviese' })).toEqual(['concert']);
    expect(await ids({ venue: 'inconnue' })).toEqual([]);
    expect(await ids({ venue: 'cave-proposee' })).toEqual([]);
    expect((await publicQuery({ store }, { venue: 'pont-rouge' }, NOW)).venueId).toBe('pont');
    expect(() => queryFromFilters({ venue: 'pont-rouge' }, NOW)).toThrow();
  });

  it('l’index, le plan du site et les fiches d’un événement : les fiches approuvées seulement', async () => {
    await seed();
    const index = await venueIndex({ store }, 'pont geneve', '', NOW);
    expect(index.cantons).toEqual([
      {
        canton: 'GE',
        towns: [
          { name: 'Genève', venues: [{ slug: 'pont-rouge', name: 'Pont Rouge', locality: 'Genève', upcoming: 1 }] },
        ],
      },
    ]);
    expect((await venueIndex({ store }, '', '', NOW)).total).toBe(2);
    const sitemap = await sitemapPlaces({ store });
    expect(sitemap.venues.map((v) => v.slug)).toEqual(['pont-rouge']);
    expect(sitemap.organizers.map((o) => o.slug)).toEqual(['jeunesse-saviese']);
    const cave = await eventPlaces({ store }, { venueId: 'cave', organizerId: 'jeunesse' });
    expect([cave.venue, cave.organizer?.slug]).toEqual([null, 'jeunesse-saviese']);
  });
});
