// Slugs (issue 70): « œ », « æ » and « ß » were dropped (« Chœur … » gave « ch-ur-… »), now folded as people write them.
import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it('écrit « œ », « æ » et « ß » comme on les tape', () => {
    expect(slugify('Chœur mixte de Villars-le-Terroir')).toBe('choeur-mixte-de-villars-le-terroir');
    expect(slugify('ŒUVRES de Lætitia')).toBe('oeuvres-de-laetitia');
    expect(slugify('Große Straße')).toBe('grosse-strasse');
  });

  it('garde les accents pliés et l’apostrophe en tiret', () => {
    expect(slugify('Fête de l’Escalade 2026')).toBe('fete-de-l-escalade-2026');
  });
});
