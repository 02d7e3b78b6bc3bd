// The NPA of a place against its canton: wide enough for every real address the agenda knows, narrow enough for the
// slips an outside tester made (9999 Vallorbe, 8001 Zürich under Vaud, 2000 Neuchâtel under Geneva).
import { describe, expect, it } from 'vitest';
import demoEvents from '../.server/seed/demo-events.json';
import { SEED_SERIES } from '../.server/seed/demo-series';
import { isCantonCode } from './cantons';
import { validateEventForm } from './event-form';
import { LOCALITIES } from './localities';
import { postalCodeFitsCanton } from './postal-codes';
import { checkEventForm } from './schedule-form';

describe('le NPA et le canton', () => {
  it('chaque NPA du répertoire des localités de la région et des événements de démonstration est accepté dans son canton', () => {
    // Every postcode of the region's localities (issue 70: the gazetteer), each in its canton.
    const localities = LOCALITIES.filter((l) => l.region).flatMap((l) =>
      l.postalCodes.map((postalCode) => ({ postalCode, canton: l.canton })),
    );
    const places = [...localities, ...demoEvents, ...SEED_SERIES].filter(
      (p): p is typeof p & { postalCode: string } => typeof p.postalCode === 'string',
    );
    expect(places.length).toBeGreaterThan(150);
    const refused = places.filter((p) => !isCantonCode(p.canton) || !postalCodeFitsCanton(p.postalCode, p.canton));
    expect(refused.map((p) => `${p.postalCode} ${p.canton}`)).toEqual([]);
  });

  it('un NPA d’un autre canton est refusé à côté du NPA, avec le canton en toutes lettres', () => {
    const errors = (postalCode: string, canton: string) =>
      validateEventForm({ postalCode, canton, city: 'Vallorbe' }, new Date('2030-01-01T00:00:00Z')).errors.postalCode;
    expect(errors('9999', 'VD')).toBe(
      'Le NPA 9999 n’est pas dans le canton choisi (Vaud)\u00a0: vérifiez le NPA ou le canton.',
    );
    expect(errors('2000', 'GE')).toBe(
      'Le NPA 2000 n’est pas dans le canton choisi (Genève)\u00a0: vérifiez le NPA ou le canton.',
    );
    expect(errors('1470', 'FR')).toBeUndefined();
    // Issue 70: Cugy FR's NPA under Vaud, whatever filled it (the walk's « 1482 Cugy (Vaud) »); Cugy VD is 1053.
    expect(errors('1482', 'VD')).toBe(
      'Le NPA 1482 n’est pas dans le canton choisi (Vaud)\u00a0: vérifiez le NPA ou le canton.',
    );
    expect(errors('1053', 'VD')).toBeUndefined();
    expect(errors('1482', 'FR')).toBeUndefined();
    expect(errors('1053', 'FR')).toBeDefined();
    // « Cugy (VD) » as the list offers it, without JavaScript: Cugy in Vaud, its canton taken, its NPA checked.
    const typed = (city: string, postalCode: string, canton = '') =>
      checkEventForm({ city, postalCode, canton }, new Date('2030-01-01T00:00:00Z')).errors;
    expect(typed('Cugy (VD)', '1482')).toMatchObject({
      postalCode: 'Le NPA 1482 n’est pas dans le canton choisi (Vaud)\u00a0: vérifiez le NPA ou le canton.',
    });
    expect(typed('Cugy (VD)', '1482').canton).toBeUndefined();
    expect(typed('Cugy (VD)', '1053').postalCode).toBeUndefined();
    expect(errors('3280', 'FR')).toBeUndefined();
    expect(errors('2610', 'BE')).toBeUndefined();
  });

  it('« Entrée gratuite » et un prix ensemble : refusé, la précision proposée pour un tarif réduit', () => {
    const { errors } = validateEventForm({ isFree: 'on', priceMin: '15' }, new Date('2030-01-01T00:00:00Z'));
    expect(errors.priceMin).toMatch(/^Une entrée gratuite n’a pas de prix\u00a0: videz le prix/);
    // Said beside the price that was typed.
    const maxOnly = validateEventForm({ isFree: 'on', priceMax: '20' }, new Date('2030-01-01T00:00:00Z')).errors;
    expect([maxOnly.priceMin, maxOnly.priceMax?.slice(0, 35)]).toEqual([
      undefined,
      'Une entrée gratuite n’a pas de prix',
    ]);
  });
});
