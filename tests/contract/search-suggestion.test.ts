// « Vouliez-vous dire … ? » on both backends: the use case over the store's public vocabulary (decision 039).
import { beforeEach, describe, expect, it } from 'vitest';
import { searchOrPlaceSuggestion } from '../../app/.server/events/place-suggestion';
import { searchEvents, searchSuggestion } from '../../app/.server/events/public';
import type { EventFilters } from '../../app/domain/event-filters';
import { makeEvent } from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

const NOW = new Date('2030-03-01T10:00:00.000Z');
const NO_FILTERS: EventFilters = {
  q: '',
  category: '',
  canton: '',
  when: '',
  from: '',
  to: '',
  free: false,
  family: false,
  accessible: false,
  venue: '',
  organizer: '',
  near: null,
  holidays: '',
};
const filters = (q: string, extra: Partial<EventFilters> = {}): EventFilters => ({ ...NO_FILTERS, q, ...extra });

describe.each(BACKENDS)('suggestion de recherche : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });
  beforeEach(async () => {
    await store.events.insertMany([
      makeEvent({ id: 'c1', title: 'Concert de jazz', city: 'Lausanne', canton: 'VD' }, { now: NOW }),
      makeEvent({ id: 'c2', title: 'Concert de printemps', venueName: 'Théâtre du Passage' }, { now: NOW }),
      makeEvent({ id: 'p1', title: 'Xylophonie secrète', status: 'pending' }, { now: NOW }),
      makeEvent({ id: 'r1', title: 'Xylophonie refusée', status: 'rejected' }, { now: NOW }),
    ]);
  });

  const suggest = async (f: EventFilters) =>
    searchSuggestion({ store }, f, (await searchEvents({ store }, f, 1, NOW)).total, NOW);

  it('« concrt » ne trouve rien et propose « concert », qui trouve les deux concerts', async () => {
    expect((await searchEvents({ store }, filters('concrt'), 1, NOW)).total).toBe(0);
    expect(await suggest(filters('concrt'))).toEqual({ q: 'concert', total: 2 });
    // Accents come back as written, each misspelt word is corrected, the right ones are kept.
    expect(await suggest(filters('teatre pasage'))).toEqual({ q: 'théâtre passage', total: 1 });
    expect(await suggest(filters('concrt lausane'))).toEqual({ q: 'concert lausanne', total: 1 });
  });

  it('ne propose que les mots d’événements publics : jamais le titre d’un événement en attente ou refusé', async () => {
    expect(await suggest(filters('xylophonie'))).toBeNull();
    expect(await suggest(filters('xylofonie'))).toBeNull();
    expect(await suggest(filters('xylophoni secrete'))).toBeNull();
  });

  it('rien quand la recherche trouve déjà assez, quand rien n’est assez proche ou que la correction ne trouve pas plus', async () => {
    expect(await suggest(filters('concert'))).toBeNull();
    expect(await suggest(filters('zzzzzz'))).toBeNull();
    // « concert » exists, but not in Geneva: no suggestion that finds nothing either.
    expect(await suggest(filters('concrt', { canton: 'GE' }))).toBeNull();
  });

  // A typo can be of a word and of a village at once: the closer writing of what was typed is offered.
  it('« concrt » : « concert » (une lettre) plutôt que le village de Court (deux) ; « Echalens », « marche echalens » : autour d’Echallens', async () => {
    await store.events.insertMany([
      makeEvent(
        { id: 'v1', title: 'Fête du village', city: 'Court', canton: 'BE', lat: 47.239, lng: 7.3609 },
        { now: NOW },
      ),
      makeEvent(
        { id: 'v2', title: 'Marché d’Echallens', city: 'Echallens', canton: 'VD', lat: 46.641, lng: 6.633 },
        { now: NOW },
      ),
    ]);
    const suggestBoth = async (f: EventFilters) =>
      searchOrPlaceSuggestion({ store }, f, (await searchEvents({ store }, f, 1, NOW)).total, NOW);
    expect(await suggestBoth(filters('concrt'))).toEqual({ q: 'concert', total: 2 });
    expect(await suggestBoth(filters('cour'))).toBeNull();
    expect(await suggestBoth(filters('Echalens'))).toMatchObject({
      q: 'Echallens',
      href: expect.stringContaining('autour=Echallens'),
    });
    // Words and a misspelt locality: the words around it, said as such; as close as « marché echallens », it wins.
    expect(await suggestBoth(filters('marche echalens'))).toMatchObject({
      q: '«\u00a0marche\u00a0» autour d’Echallens',
      total: 1,
      href: expect.stringMatching(/q=marche.*autour=Echallens|autour=Echallens.*q=marche/),
    });
  });
});
