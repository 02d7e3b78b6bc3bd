// The chips of the active filters, as the list shows them above its results.
import { describe, expect, it } from 'vitest';
import { describeAlertFilter } from '~/domain/alert';
import { parseEventFilters } from '~/domain/event-filters';
import { filterChips } from './filter-chips';

const chipsOf = (query: string) => filterChips(parseEventFilters(new URLSearchParams(query), []).filters, '', {});

describe('les filtres actifs en puces', () => {
  it('des dates choisies : un jour se dit « Le », une période « Du … au … », chacune retirée par son lien', () => {
    expect(chipsOf('du=2026-12-05&au=2026-12-05')).toEqual([{ key: 'range', label: 'Le 05.12', href: '/evenements' }]);
    expect(chipsOf('du=2026-12-05&au=2026-12-07').map((chip) => chip.label)).toEqual(['Du 05.12 au 07.12']);
    expect(chipsOf('du=2026-12-05').map((chip) => chip.label)).toEqual(['Du 05.12']);
    expect(chipsOf('au=2026-12-07').map((chip) => chip.label)).toEqual(['Au 07.12']);
  });

  it('l’alerte de la même sélection le dit de même', () => {
    const alertOf = (query: string) =>
      describeAlertFilter(parseEventFilters(new URLSearchParams(query), []).filters, () => '');
    expect(alertOf('du=2026-12-05&au=2026-12-05')).toContain('le 05.12.2026');
    expect(alertOf('du=2026-12-05&au=2026-12-07')).toContain('du 05.12.2026 au 07.12.2026');
  });
});
