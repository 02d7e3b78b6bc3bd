// The Mastodon account a list names for its selection: only one that has exactly the listed events.
import { describe, expect, it } from 'vitest';
import { parseEventFilters } from '~/domain/event-filters';
import { selectionHandle } from './page-targets';

const on = { FEDERATION: true, SITE_URL: 'https://agenda.example.ch:8443' };
const filtersOf = (query: string) => parseEventFilters(new URLSearchParams(query), ['musique', 'spectacles']).filters;

describe('le compte Mastodon d’une sélection', () => {
  it('toute la liste : l’agenda ; une catégorie seule : la sienne, avec le port du site', () => {
    expect(selectionHandle(on, filtersOf(''))).toBe('@agenda@agenda.example.ch:8443');
    expect(selectionHandle(on, filtersOf('category=musique'))).toBe('@musique@agenda.example.ch:8443');
  });

  it('toute autre sélection, ou la fédération éteinte : aucun', () => {
    for (const query of ['category=musique&canton=VD', 'q=jazz', 'quand=week-end', 'gratuit=1', 'lieu=salle-du-bourg'])
      expect([query, selectionHandle(on, filtersOf(query))]).toEqual([query, null]);
    expect(selectionHandle({ ...on, FEDERATION: false }, filtersOf(''))).toBeNull();
  });
});
