import { describe, expect, it } from 'vitest';
import { CATEGORY_SLUGS } from './categories';
import { dateWindow, filtersToParams, parseEventFilters, whenLabel } from './event-filters';

// Wednesday 25 November 2026, 10:00 in Zurich.
const WEDNESDAY = new Date('2026-11-25T09:00:00Z');
const iso = (d: Date | undefined) => (d ? new Date(d.getTime()).toISOString() : undefined);

describe('filtres de la liste', () => {
  it('lit un canton par son nom comme par son code : « ?vacances=vaud » n’est plus ignoré', () => {
    // Found on the walk of issue 70: `?vacances=vaud` silently showed every date.
    const read = (query: string) => parseEventFilters(new URLSearchParams(query), CATEGORY_SLUGS).filters;
    expect(read('vacances=vaud').holidays).toBe('VD');
    expect(read('vacances=Gen%C3%A8ve').holidays).toBe('GE');
    expect(read('vacances=geneve').holidays).toBe('GE');
    expect(read('vacances=jura-bernois').holidays).toBe('BE');
    expect(read('vacances=vs').holidays).toBe('VS');
    expect(read('canton=neuchatel&vacances=1')).toMatchObject({ canton: 'NE', holidays: 'NE' });
    expect(read('vacances=zurich').holidays).toBe('');
  });

  it('lit les filtres de l’URL et ignore les valeurs inconnues', () => {
    const { filters, searchError, page } = parseEventFilters(
      new URLSearchParams(
        'q=f%C3%AAte&category=musique&canton=VD&quand=week-end&gratuit=1&famille=on&page=3&accessible=0',
      ),
      CATEGORY_SLUGS,
    );
    expect(filters).toMatchObject({
      q: 'fête',
      category: 'musique',
      canton: 'VD',
      when: 'week-end',
      free: true,
      family: true,
      accessible: false,
    });
    expect(searchError).toBeNull();
    expect(page).toBe(3);
    const junk = parseEventFilters(
      new URLSearchParams('category=jazz&canton=ZH&quand=hier&du=demain&page=-2'),
      CATEGORY_SLUGS,
    );
    expect(junk.filters).toMatchObject({ category: '', canton: '', when: '', from: '' });
    expect(junk.page).toBe(1);
  });

  it('un intervalle écrit à l’envers se lit à l’endroit (il ne donne pas une liste vide ou fausse)', () => {
    const { filters } = parseEventFilters(new URLSearchParams('du=2026-12-26&au=2026-12-24'), []);
    expect([filters.from, filters.to]).toEqual(['2026-12-24', '2026-12-26']);
    const one = parseEventFilters(new URLSearchParams('du=2026-12-26&au=pas-une-date'), []).filters;
    expect([one.from, one.to]).toEqual(['2026-12-26', '']);
  });

  it('des dates tapées l’emportent sur un « Quand » resté choisi : le formulaire montre ce que la liste applique', () => {
    const both = parseEventFilters(new URLSearchParams('quand=week-end&du=2026-12-24&au=2026-12-26'), []).filters;
    expect([both.when, both.from, both.to]).toEqual(['', '2026-12-24', '2026-12-26']);
    expect(filtersToParams(both).toString()).toBe('du=2026-12-24&au=2026-12-26');
    // A date that is not one leaves « Quand » as chosen.
    const junk = parseEventFilters(new URLSearchParams('quand=week-end&du=bientot&au='), []).filters;
    expect([junk.when, junk.from, junk.to]).toEqual(['week-end', '', '']);
  });

  it('n’accepte que les catégories données (les actives du magasin), même une créée par un admin', () => {
    const params = (category: string) => new URLSearchParams({ category });
    expect(parseEventFilters(params('jeux-de-societe'), ['musique', 'jeux-de-societe']).filters.category).toBe(
      'jeux-de-societe',
    );
    expect(parseEventFilters(params('musique'), ['jeux-de-societe']).filters.category).toBe('');
  });

  it('une recherche de type script donne le message de la spécification', () => {
    const { filters, searchError } = parseEventFilters(
      new URLSearchParams('q=<script>alert(1)</script>'),
      CATEGORY_SLUGS,
    );
    expect(filters.q).toBe('');
    expect(searchError).toBe('Recherche contient du contenu non autorisé');
  });

  it('réécrit les filtres dans l’URL, sans les valeurs vides', () => {
    expect(filtersToParams({ q: 'jazz', canton: 'GE', free: true }, { page: 2 }).toString()).toBe(
      'q=jazz&canton=GE&gratuit=1&page=2',
    );
    expect(filtersToParams({ when: 'demain', from: '2026-12-01' }).toString()).toBe('quand=demain');
  });

  it('calcule les fenêtres de dates en jours de Zurich', () => {
    expect(iso(dateWindow({ when: 'aujourdhui', from: '', to: '' }, WEDNESDAY)?.start)).toBe(
      '2026-11-24T23:00:00.000Z',
    );
    expect(iso(dateWindow({ when: 'demain', from: '', to: '' }, WEDNESDAY)?.end)).toBe('2026-11-26T23:00:00.000Z');
    const weekend = dateWindow({ when: 'week-end', from: '', to: '' }, WEDNESDAY);
    expect(iso(weekend?.start)).toBe('2026-11-27T16:00:00.000Z'); // Friday 27, 17:00 in Zurich
    expect(iso(weekend?.end)).toBe('2026-11-29T23:00:00.000Z'); // Monday 30, 00:00
    // On Thursday night and on Friday itself, the same: Friday evening is the weekend's.
    for (const at of ['2026-11-26T22:30:00Z', '2026-11-27T08:00:00Z', '2026-11-27T20:00:00Z'])
      expect(iso(dateWindow({ when: 'week-end', from: '', to: '' }, new Date(at))?.start), at).toBe(
        '2026-11-27T16:00:00.000Z',
      );
    // In summer time too (Friday 3 July 2026, 17:00 is 15:00 UTC).
    expect(iso(dateWindow({ when: 'week-end', from: '', to: '' }, new Date('2026-07-01T10:00:00Z'))?.start)).toBe(
      '2026-07-03T15:00:00.000Z',
    );
    expect(iso(dateWindow({ when: 'week-end', from: '', to: '' }, new Date('2026-11-28T10:00:00Z'))?.start)).toBe(
      '2026-11-27T23:00:00.000Z',
    ); // Saturday: from its midnight
    const sunday = dateWindow({ when: 'week-end', from: '', to: '' }, new Date('2026-11-29T12:00:00Z'));
    expect(iso(sunday?.start)).toBe('2026-11-28T23:00:00.000Z');
    expect(iso(dateWindow({ when: 'semaine', from: '', to: '' }, WEDNESDAY)?.end)).toBe('2026-11-29T23:00:00.000Z');
    expect(iso(dateWindow({ when: 'mois', from: '', to: '' }, WEDNESDAY)?.end)).toBe('2026-11-30T23:00:00.000Z');
    const range = dateWindow({ when: '', from: '2026-12-24', to: '2026-12-26' }, WEDNESDAY);
    expect(iso(range?.start)).toBe('2026-12-23T23:00:00.000Z');
    expect(iso(range?.end)).toBe('2026-12-26T23:00:00.000Z');
    expect(dateWindow({ when: '', from: '', to: '' }, WEDNESDAY)).toBeNull();
  });

  it('un jour déjà passé : « du » seul donne l’année à venir, « au » seul ne donne rien (pas les événements du jour)', () => {
    // Du 05.12.2025 (une année mal tapée), on Wednesday 25 November 2026: up to a year after today, not after that day.
    const typo = dateWindow({ when: '', from: '2025-12-05', to: '' }, WEDNESDAY);
    expect([iso(typo?.start), iso(typo?.end)]).toEqual(['2025-12-04T23:00:00.000Z', '2027-11-25T23:00:00.000Z']);
    const past = dateWindow({ when: '', from: '', to: '2026-11-20' }, WEDNESDAY);
    expect(past && past.end.getTime() - past.start.getTime()).toBe(0);
    // Today itself is still a day to come.
    const today = dateWindow({ when: '', from: '', to: '2026-11-25' }, WEDNESDAY);
    expect(iso(today?.end)).toBe('2026-11-25T23:00:00.000Z');
  });
});

describe('« Cette semaine » et « Ce mois » un dimanche et en fin de mois (issue 70)', () => {
  const SUNDAY = new Date('2026-11-29T09:00:00Z');
  const LAST_DAY = new Date('2026-11-30T09:00:00Z');
  const window = (when: 'semaine' | 'mois', now: Date) => {
    const found = dateWindow({ when, from: '', to: '' }, now);
    return [iso(found?.start), iso(found?.end)];
  };

  it('le dimanche, « Cette semaine » est la semaine qui vient, et la pastille le dit', () => {
    expect(window('semaine', SUNDAY)).toEqual(['2026-11-28T23:00:00.000Z', '2026-12-06T23:00:00.000Z']);
    expect(whenLabel('semaine', SUNDAY)).toBe('Cette semaine, jusqu’au dim. 6 déc.');
    // On a Wednesday, the week to its Sunday, said as always.
    expect(whenLabel('semaine', new Date('2026-11-25T09:00:00Z'))).toBe('Cette semaine');
  });

  it('les deux derniers jours du mois, « Ce mois » va jusqu’à la fin du suivant, et la pastille le dit', () => {
    expect(window('mois', LAST_DAY)).toEqual(['2026-11-29T23:00:00.000Z', '2026-12-31T23:00:00.000Z']);
    expect(window('mois', SUNDAY)[1]).toBe('2026-12-31T23:00:00.000Z');
    expect(whenLabel('mois', LAST_DAY)).toBe('Ce mois, jusqu’au jeu. 31 déc.');
    expect(window('mois', new Date('2026-11-27T09:00:00Z'))[1]).toBe('2026-11-30T23:00:00.000Z');
    expect(whenLabel('mois', new Date('2026-11-27T09:00:00Z'))).toBe('Ce mois');
  });
});
