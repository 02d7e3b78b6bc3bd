// A feed filtered on a venue or an organizer that is not public (issue 36): not found, with its reason, rather than an
// empty feed titled with the raw address (found by an outside tester: /evenements.rss?lieu=n-importe-quoi answered 200).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeVenue } from '../../../tests/support/factories';
import { openDatabase } from '../adapters/sqlite/db';
import { createSqliteStore } from '../adapters/sqlite/store';
import { selectionFeedResponse } from '../http/feeds';
import type { Store } from '../ports';
import { seedCategories } from '../seed/seed';
import { selectionFeed } from './selection-feed';

let store: Store;
beforeEach(async () => {
  store = createSqliteStore(openDatabase(':memory:'));
  await seedCategories({ store });
  await store.venues.insertMany([
    makeVenue({ id: 'bourg', slug: 'salle-du-bourg', name: 'Salle du Bourg', status: 'approved' }),
    makeVenue({ id: 'proposee', slug: 'salle-proposee', name: 'Salle proposée', status: 'pending' }),
  ]);
});
afterEach(() => store.close());

const status = async (query: string) => {
  const feed = await selectionFeed({ store }, new URLSearchParams(query), { series: true });
  return { feed, status: selectionFeedResponse('', feed, { 'Content-Type': 'application/rss+xml' }).status };
};

describe('flux d’un lieu ou d’un organisateur', () => {
  it('un lieu public : le flux répond et son titre nomme le lieu', async () => {
    const { feed, status: code } = await status('lieu=salle-du-bourg');
    expect(code).toBe(200);
    expect(feed.title).toBe('Agenda romand — Salle du Bourg');
  });

  it('une adresse inconnue ou un lieu seulement proposé : 404 avec la raison, jamais un flux vide', async () => {
    for (const slug of ['n-importe-quoi', 'salle-proposee']) {
      const { feed, status: code } = await status(`lieu=${slug}`);
      expect(code).toBe(404);
      expect(feed.description).toBe(`Aucun lieu public ne porte l’adresse «\u00a0${slug}\u00a0».`);
    }
    const { status: organizer } = await status('organisateur=personne');
    expect(organizer).toBe(404);
  });
});
