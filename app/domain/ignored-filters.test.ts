// A filter of the address that is not understood is said, not silently left out (issue 70: `?vacances=xyz`).
import { describe, expect, it } from 'vitest';
import { parseEventFilters } from './event-filters';
import { ignoredFilters } from './ignored-filters';

const said = (query: string) => {
  const params = new URLSearchParams(query);
  return ignoredFilters(params, parseEventFilters(params, ['musique']).filters);
};

describe('les filtres non compris', () => {
  it('disent lesquels, en français', () => {
    expect(said('vacances=xyz')).toEqual([
      'Vacances scolaires\u00a0: «\u00a0xyz\u00a0» n’est pas un canton romand, elles ne sont pas appliquées.',
    ]);
    expect(said('vacances=1')).toEqual([
      'Vacances scolaires\u00a0: choisissez aussi un canton, sans lui elles ne sont pas appliquées.',
    ]);
    expect(said('category=opera&canton=Zoug&quand=semaine-prochaine&du=31.12.2026')).toEqual([
      'Catégorie «\u00a0opera\u00a0» inconnue\u00a0: toutes les catégories sont montrées.',
      'Canton «\u00a0Zoug\u00a0» inconnu\u00a0: tous les cantons sont montrés.',
      'Période «\u00a0semaine-prochaine\u00a0» inconnue\u00a0: toutes les dates à venir sont montrées.',
      'Date de début «\u00a031.12.2026\u00a0» illisible (attendu\u00a0: AAAA-MM-JJ)\u00a0: elle n’est pas appliquée.',
    ]);
  });

  it('lisent un canton par son code, son nom ou son adjectif, sans rien dire', () => {
    for (const value of ['VD', 'vaud', 'Vaud', 'vaudois', 'vaudoise']) {
      const params = new URLSearchParams({ vacances: value });
      expect(parseEventFilters(params, []).filters.holidays, value).toBe('VD');
      expect(said(`vacances=${value}`), value).toEqual([]);
    }
    expect(said('vacances=1&canton=GE&category=musique&quand=semaine&du=2026-12-01&au=2026-11-20')).toEqual([]);
  });
});
