import { describe, expect, it } from 'vitest';
import { makeEvent, storeUser } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { PUBLICATIONS_PAGE_SIZE, parsePublicationsPage, publishedWithoutModeration } from './publications';

const NOW = Date.parse('2030-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

async function withPublications(count: number) {
  const { store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  await storeUser(store, { uid: 'salle', displayName: 'Salle de confiance', role: 'organizer' });
  for (let i = 0; i < count; i++) {
    const event = makeEvent({ id: `ev${i}`, title: `Concert ${i}`, status: 'approved', createdBy: 'salle' });
    await store.events.createSubmission({
      uid: 'salle',
      submissionKey: `cle-de-confiance-${String(i).padStart(8, '0')}`,
      // Two publications per minute: the same instant pages like the others.
      event,
      entry: { adminUid: 'salle', action: 'publish', reason: '', createdAt: at(Math.floor(i / 2)) },
    });
  }
  return store;
}

const open = (store: Awaited<ReturnType<typeof withPublications>>, href: string) =>
  publishedWithoutModeration({ store }, parsePublicationsPage(new URL(href, 'http://localhost').searchParams));

describe('publiés sans modération, page par page', () => {
  it('les liens « plus anciennes » mènent à chaque publication une fois, « plus récentes » ramènent au début', async () => {
    const count = PUBLICATIONS_PAGE_SIZE * 2 + 7;
    const store = await withPublications(count);
    const seen: string[] = [];
    let page = await open(store, '/admin/publications');
    const visited = [page];
    expect([page.page, page.pages, page.previous]).toEqual([1, 3, null]);
    seen.push(...page.items.map((p) => p.eventId));
    while (page.next) {
      page = await open(store, page.next);
      visited.push(page);
      seen.push(...page.items.map((p) => p.eventId));
    }
    expect(visited.map((p) => [p.page, p.items.length])).toEqual([
      [1, 50],
      [2, 50],
      [3, 7],
    ]);
    // The newest first, each once.
    expect(seen).toEqual(Array.from({ length: count }, (_, i) => `ev${count - 1 - i}`));
    const back = [];
    while (page.previous) {
      page = await open(store, page.previous);
      back.push([page.page, page.items[0].eventId]);
    }
    expect(back).toEqual([
      [2, visited[1].items[0].eventId],
      [1, visited[0].items[0].eventId],
    ]);
  });

  it('un curseur illisible ou un numéro de page seul ouvrent la première page', async () => {
    const store = await withPublications(3);
    for (const href of ['/admin/publications?page=7', '/admin/publications?page=2&after=nimporte']) {
      const page = await open(store, href);
      expect([page.page, page.previous, page.next, page.items.map((p) => p.eventId)]).toEqual([
        1,
        null,
        null,
        ['ev2', 'ev1', 'ev0'],
      ]);
    }
  });
});
