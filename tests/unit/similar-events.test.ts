// « Dans la même veine » under an event: same category, its canton's events chosen first, then shown in date order (an
// outside tester read « dim. 10 janv. » above « dim. 20 déc. »).
import { describe, expect, it } from 'vitest';
import { similarEvents } from '../../app/.server/events/public';
import { DEFAULT_CATEGORIES } from '../../app/domain/categories';
import { makeEvent } from '../support/factories';
import { memoryStore } from './memory-store';

const NOW = new Date('2030-03-01T10:00:00Z');
const at = (id: string, day: string, canton: 'VD' | 'GE') =>
  makeEvent(
    { id, canton, category: 'musique', startsAt: `${day}T19:00:00.000Z`, endsAt: `${day}T21:00:00.000Z` },
    { now: NOW },
  );

describe('dans la même veine', () => {
  it('les événements du canton choisis d’abord, montrés dans l’ordre des dates', async () => {
    const { store } = memoryStore();
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    const event = at('ici', '2030-03-05', 'VD');
    await store.events.insertMany([
      event,
      at('vaud-tard', '2030-04-20', 'VD'),
      at('geneve-tot', '2030-03-10', 'GE'),
      at('vaud-tot', '2030-03-15', 'VD'),
    ]);
    const similar = await similarEvents({ store }, event, NOW, 3);
    expect(similar.map((e) => e.id)).toEqual(['geneve-tot', 'vaud-tot', 'vaud-tard']);
  });
});
