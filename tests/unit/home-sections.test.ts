// The home page (issue 70): an outside tester saw « À ne pas manquer » repeat the events of « Ce week-end », featured
// ones first and out of date order. No event twice on the page, each section in date order.
import { describe, expect, it } from 'vitest';
import { homeSummary } from '../../app/.server/events/home';
import { DEFAULT_CATEGORIES } from '../../app/domain/categories';
import { makeEvent } from '../support/factories';
import { memoryStore } from './memory-store';

// A Thursday: « Ce week-end » is Friday 17:00 to Sunday night.
const NOW = new Date('2030-03-07T09:00:00Z');
const at = (id: string, day: string, featured = false) =>
  makeEvent({ id, featured, startsAt: `${day}T18:00:00.000Z`, endsAt: `${day}T20:00:00.000Z` }, { now: NOW });

describe('l’accueil', () => {
  it('montre chaque événement une fois, chaque partie dans l’ordre des dates', async () => {
    const { store } = memoryStore();
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    await store.events.insertMany([
      at('samedi-a-la-une', '2030-03-09', true),
      at('dimanche', '2030-03-10'),
      at('vendredi', '2030-03-08'),
      at('avril-a-la-une', '2030-04-20', true),
      at('mars-tard', '2030-03-20'),
      at('mars-tot', '2030-03-12'),
    ]);
    const home = await homeSummary({ store }, NOW);
    const weekend = home.weekend.items.map((e) => e.id);
    const highlights = home.highlights.items.map((e) => e.id);
    expect(weekend).toEqual(['vendredi', 'samedi-a-la-une', 'dimanche']);
    expect(highlights).toEqual(['mars-tot', 'mars-tard', 'avril-a-la-une']);
  });
});
