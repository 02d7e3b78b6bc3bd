// The chips of the active filters, as the list shows them above its results.
import { describe, expect, it } from 'vitest';
import { describeAlertFilter } from '~/domain/alert';
import { parseEventFilters } from '~/domain/event-filters';
import { filterChips } from './filter-chips';

// Saturday 28 November 2026 in Zurich: the chips name the year of a day of another year only.
const NOW = new Date('2026-11-28T10:00:00Z');
const chipsOf = (query: string, now = NOW) =>
  filterChips(parseEventFilters(new URLSearchParams(query), []).filters, '', {}, {}, now);

describe('les filtres actifs en puces', () => {
  it('« Cette semaine » un dimanche dit la semaine qui vient, « Ce mois » le dernier jour va au mois suivant (issue 70)', () => {
    expect(chipsOf('quand=semaine', new Date('2026-11-29T09:00:00Z')).map((chip) => chip.label)).toEqual([
      'Cette semaine, jusqu’au dim. 6 déc.',
    ]);
    expect(chipsOf('quand=mois', new Date('2026-11-30T09:00:00Z')).map((chip) => chip.label)).toEqual([
      'Ce mois, jusqu’au jeu. 31 déc.',
    ]);
    expect(chipsOf('quand=semaine').map((chip) => chip.label)).toEqual(['Cette semaine']);
  });

  it('des dates choisies : un jour se dit « Le », une période « Du … au … », une fin seule « Jusqu’au … », chacune retirée par son lien', () => {
    expect(chipsOf('du=2026-12-05&au=2026-12-05')).toEqual([{ key: 'range', label: 'Le 05.12', href: '/evenements' }]);
    expect(chipsOf('du=2026-12-05&au=2026-12-07').map((chip) => chip.label)).toEqual(['Du 05.12 au 07.12']);
    expect(chipsOf('du=2026-12-05').map((chip) => chip.label)).toEqual(['Du 05.12']);
    expect(chipsOf('au=2026-12-07').map((chip) => chip.label)).toEqual(['Jusqu’au 07.12']);
  });

  it('un jour d’une autre année que celle d’aujourd’hui porte son année (une année mal tapée se voit)', () => {
    expect(chipsOf('du=2025-12-05').map((chip) => chip.label)).toEqual(['Du 05.12.2025']);
    expect(chipsOf('du=2026-12-20&au=2027-01-03').map((chip) => chip.label)).toEqual(['Du 20.12 au 03.01.2027']);
    expect(chipsOf('du=2027-01-03&au=2027-01-03', new Date('2027-01-02T10:00:00Z')).map((c) => c.label)).toEqual([
      'Le 03.01',
    ]);
  });

  it('l’alerte de la même sélection le dit de même', () => {
    const alertOf = (query: string) =>
      describeAlertFilter(parseEventFilters(new URLSearchParams(query), []).filters, () => '');
    expect(alertOf('du=2026-12-05&au=2026-12-05')).toContain('le 05.12.2026');
    expect(alertOf('du=2026-12-05&au=2026-12-07')).toContain('du 05.12.2026 au 07.12.2026');
  });
});
