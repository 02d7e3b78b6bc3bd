// « Aucun événement » on SQLite and on Firestore: the list offers to widen only the filters that then find something,
// with how many, the checkboxes included; and dates all past are said to be past.
import { describe, expect, it } from 'vitest';
import { waysOut } from '../../app/.server/events/ways-out';
import { CATEGORY_SLUGS } from '../../app/domain/categories';
import { parseEventFilters } from '../../app/domain/event-filters';
import { makeEvent, zurichDateIn } from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

const NOW = new Date('2030-03-06T10:00:00.000Z');
const filtersOf = (search: string) => parseEventFilters(new URLSearchParams(search), [...CATEGORY_SLUGS]).filters;

describe.each(BACKENDS)('les issues d’une liste vide : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });
  const ways = async (search: string) => waysOut({ store }, filtersOf(search), NOW);

  it('un lien par filtre qui, élargi seul, trouve quelque chose, avec le nombre ; aucun vers une autre liste vide', async () => {
    await store.events.insertMany([
      makeEvent({ id: 'concert', category: 'musique', canton: 'GE', city: 'Genève', isFree: true }, { now: NOW }),
      makeEvent({ id: 'expo', category: 'expos-musees', canton: 'VD', city: 'Lausanne' }, { now: NOW }),
    ]);
    expect(await ways('category=musique&canton=VD')).toEqual({
      past: false,
      ways: [
        { label: 'Dans toute la Romandie', href: '/evenements?category=musique', total: 1 },
        { label: 'Dans toutes les catégories', href: '/evenements?canton=VD', total: 1 },
      ],
    });
    // Widened alone, the category still has the unknown word: not offered.
    expect((await ways('q=zzqxw&category=musique')).ways).toEqual([
      { label: 'Sans le texte «\u00a0zzqxw\u00a0»', href: '/evenements?category=musique', total: 1 },
    ]);
    expect((await ways('gratuit=1&canton=VD')).ways.map((w) => [w.label, w.total])).toEqual([
      ['Dans toute la Romandie', 1],
      ['Payants aussi', 1],
    ]);
  });

  it('autour d’une localité : le rayon le plus proche qui trouve quelque chose, pas chacun', async () => {
    // Lausanne's centre is 10.3 km from Morges': not within 5 nor 10 km, within 25 and 50.
    await store.events.insertMany([
      makeEvent({ id: 'lausanne', city: 'Lausanne', canton: 'VD', lat: 46.516, lng: 6.63282 }, { now: NOW }),
    ]);
    expect((await ways('autour=Morges&rayon=5')).ways).toEqual([
      { label: 'Dans un rayon de 25\u00a0km', href: '/evenements?autour=Morges&rayon=25', total: 1 },
    ]);
  });

  it('autour d’une localité hors de la région : dite hors de Suisse romande, la ville romande la plus proche offerte', async () => {
    // Zürich is 90 km from Moutier, the region's nearest town; Biel/Bienne is 17 km from Moutier: within 25 km, not 10.
    await store.events.insertMany([
      makeEvent({ id: 'bienne', city: 'Biel/Bienne', canton: 'BE', lat: 47.143, lng: 7.2512 }, { now: NOW }),
    ]);
    expect(await ways('autour=Zürich')).toEqual({
      past: false,
      outside: { place: 'Zürich', nearest: 'Moutier', km: 90 },
      ways: [{ label: 'Autour de Moutier (25\u00a0km)', href: '/evenements?autour=Moutier&rayon=25', total: 1 }],
    });
    // Inside the region, no such words: the wider radius only.
    const inside = await ways('autour=Moutier&rayon=10');
    expect(inside.outside).toBeUndefined();
    expect(inside.ways).toEqual([
      { label: 'Dans un rayon de 25\u00a0km', href: '/evenements?autour=Moutier&rayon=25', total: 1 },
    ]);
  });

  it('des dates toutes passées : dites passées, et « À toutes les dates » mène à ce qui vient', async () => {
    await store.events.insertMany([makeEvent({ id: 'concert' }, { now: NOW })]);
    const yesterday = zurichDateIn(-1, NOW);
    expect(await ways(`au=${yesterday}`)).toEqual({
      past: true,
      ways: [{ label: 'À toutes les dates', href: '/evenements', total: 1 }],
    });
    expect((await ways(`du=${zurichDateIn(30, NOW)}`)).past).toBe(false);
  });
});
