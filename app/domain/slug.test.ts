// Slugs (issue 70): « œ », « æ » and « ß » were dropped (« Chœur … » gave « ch-ur-… »), now folded as people write them.
import { describe, expect, it } from 'vitest';
import { refoldedSlug, slugify } from './slug';

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

describe('refoldedSlug : une adresse faite avant que « œ » soit plié', () => {
  it('donne l’adresse corrigée, avec le « -2 » d’une adresse prise', () => {
    expect(refoldedSlug('ch-ur-mixte', ['Chœur mixte'])).toBe('choeur-mixte');
    expect(refoldedSlug('ch-ur-mixte-2', ['Chœur mixte'])).toBe('choeur-mixte-2');
    expect(refoldedSlug('salle-de-l-uvre-sion', ['Salle de l’Œuvre', 'Salle de l’Œuvre Sion'])).toBe(
      'salle-de-l-oeuvre-sion',
    );
    expect(refoldedSlug('gro-e-stra-e', ['Große Straße'])).toBe('grosse-strasse');
  });

  it('laisse une adresse déjà juste, choisie par un admin, ou sans ces lettres', () => {
    expect(refoldedSlug('choeur-mixte', ['Chœur mixte'])).toBeNull();
    expect(refoldedSlug('le-choeur', ['Chœur mixte'])).toBeNull();
    expect(refoldedSlug('ch-ur-mixte-bis', ['Chœur mixte'])).toBeNull();
    expect(refoldedSlug('fete-2', ['Fête'])).toBeNull();
  });
});
