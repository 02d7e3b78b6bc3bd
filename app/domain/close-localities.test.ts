// The localities a refused locality's field suggests, as a visitor without JavaScript gets them.
import { describe, expect, it } from 'vitest';
import { namesCloseTo } from './close-localities';
import { parseNear } from './distance';

describe('les localités proches d’une localité refusée', () => {
  it('un nom commencé : celles qui commencent ainsi', () => {
    expect(namesCloseTo('Yverdo')).toContain('Yverdon-les-Bains');
    expect(namesCloseTo('Morge')).toContain('Morges');
    expect(namesCloseTo('Morge').length).toBeLessThanOrEqual(8);
  });

  it('une faute de frappe : celles à une ou deux lettres près, la plus proche d’abord', () => {
    expect(namesCloseTo('Yverdn')[0]).toBe('Yverdon-les-Bains');
    expect(namesCloseTo('Vevy')[0]).toBe('Vevey');
    expect(namesCloseTo('Frybourg')[0]).toBe('Fribourg');
  });

  it('un nom qui se prononce de même, écrit autrement : celle qui sonne ainsi', () => {
    expect(namesCloseTo('Lozanne')[0]).toBe('Lausanne');
    expect(namesCloseTo('Nion')).toContain('Nyon');
    expect(namesCloseTo('Delemon')[0]).toBe('Delémont');
    expect(namesCloseTo('Porentrui')[0]).toBe('Porrentruy');
  });

  it('celle à une faute près et qui se prononce de même d’abord, puis celles qui contiennent ce qui a été tapé : « Siere »', () => {
    const names = namesCloseTo('Siere');
    expect(names[0]).toBe('Sierre');
    expect(names).toContain('Orsières');
  });

  it('la plus plausible d’abord, jamais un saut de 60 km pour un nom connu (issue 70)', () => {
    // « Lozane »: Lausanne, not a hamlet one letter away.
    expect(namesCloseTo('Lozane')[0]).toBe('Lausanne');
    // Known names (French, German, bilingual) get no suggestion: « Bienne » suggested Bière, 60 km away.
    for (const known of ['Bienne', 'Biel', 'Biel/Bienne', 'Chaux-de-Fonds', 'Nyon VD', '1040', 'Villars-le-Terroir']) {
      expect(namesCloseTo(known), known).toEqual([]);
    }
    // A typo as near to both: the town first, the village after.
    const biene = namesCloseTo('Biene');
    expect(biene[0]).toBe('Biel/Bienne');
    expect(biene.indexOf('Biel/Bienne')).toBeLessThan(biene.indexOf('Bière'));
  });

  it('une localité de la liste, ou rien d’approchant : rien', () => {
    expect(namesCloseTo('morges')).toEqual([]);
    expect(namesCloseTo('Atlantis')).toEqual([]);
    expect(namesCloseTo('')).toEqual([]);
  });

  it('un nom de plusieurs localités : chacune, à choisir, jamais une prise au hasard (issue 70)', () => {
    const villars = namesCloseTo('Villars');
    expect(villars).toContain('Villars-le-Terroir');
    expect(villars).toContain('Villars-sur-Ollon');
    expect(villars.length).toBeGreaterThan(8);
    expect(namesCloseTo('Cugy')).toEqual(['Cugy (FR)', 'Cugy (VD)']);
    // Each choice is read back as itself; a main town keeps its bare name (« Villeneuve » is Villeneuve VD).
    expect(parseNear(new URLSearchParams({ autour: 'Cugy (VD)' })).near).toMatchObject({ place: 'Cugy (VD)' });
    expect(parseNear(new URLSearchParams({ autour: 'Villeneuve' })).near).toMatchObject({ place: 'Villeneuve' });
    for (const typed of ['Villars', 'Cugy', 'Corcelles'])
      expect(parseNear(new URLSearchParams({ autour: typed })), typed).toEqual({
        near: null,
        error: `«\u00a0${typed}\u00a0» peut être plusieurs localités\u00a0: choisissez la vôtre dans la liste.`,
      });
  });
});
