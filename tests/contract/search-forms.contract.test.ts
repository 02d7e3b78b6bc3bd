// Issue 70, decision 161: the words of a search in the forms people write them, the same on SQLite and on Firestore
// (search-forms.ts): ligatures, plurals, « St »/« Saint », bilingual place names; the list and the moderation search.
import { describe, expect, it } from 'vitest';
import { searchEvents } from '../../app/.server/events/public';
import { makeEvent } from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

const NOW = new Date('2030-03-01T10:00:00.000Z');
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();
const TITLES: [string, string][] = [
  ['choeur', 'Concert du Chœur mixte'],
  ['marche', 'Marché de Noël'],
  ['foire', 'Foire de St-Martin'],
  ['braderie', 'Braderie de Bienne'],
  ['chevaux', 'Fête des chevaux'],
];

describe.each(BACKENDS)('recherche, les mots comme on les écrit : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });

  it('« choeur », « marchés », « saint », « Biel », « cheval » trouvent ce que le texte écrit autrement', async () => {
    await store.events.insertMany(
      TITLES.map(([id, title], i) =>
        makeEvent({ id, title, startsAt: inDays(i + 1), endsAt: inDays(i + 1.1) }, { now: NOW }),
      ),
    );
    const found = async (q: string) => (await searchEvents({ store }, { q }, 1, NOW)).items.map((e) => e.id);
    expect(await found('choeur')).toEqual(['choeur']);
    expect(await found('CHOEURS mixtes')).toEqual(['choeur']);
    expect(await found('marchés noel')).toEqual(['marche']);
    expect(await found('foire saint martin')).toEqual(['foire']);
    expect(await found('braderie biel')).toEqual(['braderie']);
    expect(await found('cheval')).toEqual(['chevaux']);
    // Every word stays required: a form of one word does not stand for another.
    expect(await found('marchés biel')).toEqual([]);
  });
});
