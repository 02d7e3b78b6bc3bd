// A search text that ends or begins with a locality (issue 70, decision 165): its other words and the locality.
import { describe, expect, it } from 'vitest';
import { parseEventFilters } from './event-filters';
import { aroundWordsPath, wordsAndPlace } from './search-place';

const read = (text: string) => {
  const found = wordsAndPlace(text);
  return found ? [found.words, found.locality.name] : null;
};

describe('des mots et une localité', () => {
  it('la localité à la fin ou au début, les mots de liaison laissés', () => {
    expect(read('concert echallens')).toEqual(['concert', 'Echallens']);
    expect(read('Echallens concert')).toEqual(['concert', 'Echallens']);
    expect(read('marché à Bulle')).toEqual(['marché', 'Bulle']);
    expect(read('fête Villars-le-Terroir')).toEqual(['fête', 'Villars-le-Terroir']);
    expect(read('brocante Nyon VD')).toEqual(['brocante', 'Nyon']);
  });

  it('rien sans localité, ni une localité seule, ni un nom de plusieurs localités', () => {
    expect(read('concert de jazz')).toBeNull();
    expect(read('Echallens')).toBeNull();
    expect(read('concert Villars')).toBeNull();
  });
});

describe('« concert echallens » tapé dans « Près de » (issue 70, la deuxième visite)', () => {
  const params = new URLSearchParams('autour=concert echallens&rayon=25');
  const filters = parseEventFilters(params, []).filters;
  const none = new URLSearchParams();

  it('lu comme la recherche le lit : les mots cherchés autour de la localité, le rayon gardé', () => {
    expect(aroundWordsPath(filters, 'concert echallens', params)).toBe(
      '/evenements?q=concert&autour=Echallens&rayon=25',
    );
    expect(aroundWordsPath({ ...filters, q: 'jazz' }, 'concert à Echallens', none, { vue: 'carte' })).toBe(
      '/evenements?q=jazz+concert&autour=Echallens&rayon=10&vue=carte',
    );
  });

  it('rien pour une localité seule, un nom de plusieurs localités ou des mots sans localité', () => {
    expect(aroundWordsPath(filters, 'Echallens', params)).toBeNull();
    expect(aroundWordsPath(filters, 'concert Villars', params)).toBeNull();
    expect(aroundWordsPath(filters, 'concert de jazz', params)).toBeNull();
  });
});
