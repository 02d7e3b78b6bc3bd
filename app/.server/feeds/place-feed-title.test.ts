// The title of a venue's or an organizer's feed (issue 36): whose events it holds.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES } from '~/domain/categories';
import { parseEventFilters } from '~/domain/event-filters';
import { feedTitle } from './feeds';

describe('titre du flux d’un lieu ou d’un organisateur', () => {
  it('nomme le lieu et l’organisateur d’un flux filtré sur eux, leur adresse à défaut', () => {
    const { filters } = parseEventFilters(
      new URLSearchParams('lieu=pont-rouge&organisateur=jeunesse'),
      DEFAULT_CATEGORIES.map((c) => c.slug),
    );
    expect(feedTitle(filters, undefined, { venueName: 'Pont Rouge', organizerName: 'Jeunesse' })).toBe(
      'Agenda romand — Pont Rouge · par Jeunesse',
    );
    expect(feedTitle(filters)).toBe('Agenda romand — pont-rouge · par jeunesse');
  });
});
