// A search text that ends or begins with a locality (issue 70, decision 165): its other words and the locality.
import { describe, expect, it } from 'vitest';
import { wordsAndPlace } from './search-place';

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
