import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANTON_CODES, type CantonCode, isCantonCode } from './cantons';
import { findLocality, LOCALITIES, LOCALITY_ATTRIBUTION, normalizeTownName, suggestLocalities } from './localities';

// Rough boxes (lat min, lat max, lng min, lng max) around each canton; BE is the Bernese Jura only.
const CANTON_BOXES: Record<CantonCode, [number, number, number, number]> = {
  GE: [46.12, 46.37, 5.95, 6.32],
  VD: [46.18, 46.99, 6.06, 7.25],
  VS: [45.85, 46.66, 6.76, 8.3],
  NE: [46.84, 47.17, 6.43, 7.09],
  FR: [46.43, 47.0, 6.74, 7.39],
  JU: [47.15, 47.51, 6.84, 7.56],
  BE: [47.05, 47.33, 6.95, 7.45],
};

describe('LOCALITIES', () => {
  it('holds a few hundred localities, in every canton', () => {
    expect(LOCALITIES.length).toBeGreaterThanOrEqual(200);
    expect(LOCALITIES.length).toBeLessThanOrEqual(700);
    for (const canton of CANTON_CODES) {
      expect(LOCALITIES.some((locality) => locality.canton === canton)).toBe(true);
    }
  });

  it('has well-formed entries', () => {
    for (const locality of LOCALITIES) {
      expect(locality.name.trim()).toBe(locality.name);
      expect(locality.name).not.toBe('');
      expect(isCantonCode(locality.canton)).toBe(true);
      expect(locality.postalCode === null || /^[1-9]\d{3}$/.test(locality.postalCode)).toBe(true);
      expect(Math.round(locality.lat * 1e5) / 1e5).toBe(locality.lat);
      expect(Math.round(locality.lng * 1e5) / 1e5).toBe(locality.lng);
      if (locality.aliases) expect(locality.aliases.length).toBeGreaterThan(0);
    }
  });

  it('writes its names with the typographic apostrophe, and finds them typed with either', () => {
    const straight = LOCALITIES.filter(({ name, aliases }) => [name, ...(aliases ?? [])].some((n) => n.includes("'")));
    expect(straight.map(({ name }) => name)).toEqual([]);
    expect(findLocality("Château-d'Oex")?.name).toBe('Château-d’Oex');
    expect(suggestLocalities("l'abb").map(({ name }) => name)).toContain('L’Abbaye');
  });

  it('places every locality inside Romandie and inside its canton', () => {
    for (const { name, canton, lat, lng } of LOCALITIES) {
      const where = `${name} (${canton}) ${lat}, ${lng}`;
      expect(lat >= 45.8 && lat <= 47.6 && lng >= 5.9 && lng <= 8.3, where).toBe(true);
      const [latMin, latMax, lngMin, lngMax] = CANTON_BOXES[canton];
      expect(lat >= latMin && lat <= latMax && lng >= lngMin && lng <= lngMax, where).toBe(true);
    }
  });

  it('has no duplicates, even once normalised', () => {
    const keys = LOCALITIES.map((locality) => `${locality.canton}:${normalizeTownName(locality.name)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is sorted by name (French collation)', () => {
    const collator = new Intl.Collator('fr');
    for (let i = 1; i < LOCALITIES.length; i++) {
      expect(collator.compare(LOCALITIES[i - 1].name, LOCALITIES[i].name)).toBeLessThanOrEqual(0);
    }
  });

  it('has the main towns of each canton, with a postal code', () => {
    const main: [string, CantonCode, string][] = [
      ['Genève', 'GE', '1204'],
      ['Lausanne', 'VD', '1003'],
      ['Sion', 'VS', '1950'],
      ['Neuchâtel', 'NE', '2000'],
      ['Fribourg', 'FR', '1700'],
      ['Delémont', 'JU', '2800'],
      ['Saint-Imier', 'BE', '2610'],
      ['Sonceboz-Sombeval', 'BE', '2605'],
    ];
    for (const [name, canton, postalCode] of main) {
      expect(findLocality(name, { canton })?.postalCode).toBe(postalCode);
    }
  });

  it('credits GeoNames', () => {
    expect(LOCALITY_ATTRIBUTION).toContain('GeoNames');
    expect(LOCALITY_ATTRIBUTION).toContain('CC BY 4.0');
  });
});

describe('normalizeTownName', () => {
  it('ignores case, diacritics, hyphens, apostrophes and extra spaces', () => {
    expect(normalizeTownName('La Chaux-de-Fonds')).toBe(normalizeTownName('  la chaux   de fonds '));
    expect(normalizeTownName('Neuchâtel')).toBe('neuchatel');
    expect(normalizeTownName("Château-d'Oex")).toBe(normalizeTownName('Chateau d’Oex'));
    expect(normalizeTownName('Vandœuvres')).toBe('vandoeuvres');
    expect(normalizeTownName('St-Imier')).toBe(normalizeTownName('Saint-Imier'));
    expect(normalizeTownName('st')).toBe('st');
  });
});

describe('findLocality', () => {
  it('finds a town written with its NPA, as an address writes it (« 1004 Lausanne », « Lausanne 1004 »)', () => {
    // An outside tester's « Lausanne 1004 » was refused as unknown, for « Dernier retour » and « Autour de ».
    expect(findLocality('Lausanne 1004')).toMatchObject({ name: 'Lausanne', canton: 'VD' });
    expect(findLocality('2000 Neuchâtel')).toMatchObject({ name: 'Neuchâtel', canton: 'NE' });
    expect(findLocality('1700 fribourg')).toMatchObject({ name: 'Fribourg', canton: 'FR' });
    expect(findLocality('1004')).toBeNull();
    expect(findLocality('1004 Paris')).toBeNull();
  });

  it('finds a town whatever its spelling', () => {
    expect(findLocality('neuchatel')).toMatchObject({ name: 'Neuchâtel', canton: 'NE' });
    expect(findLocality('la chaux de fonds')).toMatchObject({ name: 'La Chaux-de-Fonds', canton: 'NE' });
    expect(findLocality('GENEVE')).toMatchObject({ name: 'Genève', canton: 'GE' });
    expect(findLocality('St-Imier')).toMatchObject({ name: 'Saint-Imier', canton: 'BE' });
  });

  it('files Moutier under canton Jura', () => {
    expect(findLocality('Moutier')).toMatchObject({ name: 'Moutier', canton: 'JU', postalCode: '2740' });
    expect(findLocality('Moutier', { canton: 'BE' })).toBeNull();
  });

  it('finds a town by its alias', () => {
    expect(findLocality('Morat')).toMatchObject({ name: 'Murten/Morat', canton: 'FR' });
    expect(findLocality('Murten')?.canton).toBe('FR');
    expect(findLocality('Sitten')?.name).toBe('Sion');
    expect(findLocality('Siders')?.name).toBe('Sierre');
  });

  it('restricts to the canton, treats an empty canton as any', () => {
    expect(findLocality('Lausanne', { canton: 'GE' })).toBeNull();
    expect(findLocality('Lausanne', { canton: '' })?.canton).toBe('VD');
  });

  it('accepts a postal code, used only to choose among homonyms (none in the list today)', () => {
    expect(findLocality('Tavannes', { postalCode: '2710' })?.name).toBe('Tavannes');
    expect(findLocality('Tavannes', { postalCode: '9999' })?.name).toBe('Tavannes');
    expect(findLocality('Malleray', { canton: 'BE', postalCode: '2735' })?.name).toBe('Malleray');
  });

  it('returns null for unknown or empty names', () => {
    expect(findLocality('Zurich')).toBeNull();
    expect(findLocality('')).toBeNull();
    expect(findLocality(' - ')).toBeNull();
  });

  it('finds every locality by its name in its canton', () => {
    for (const locality of LOCALITIES) {
      expect(findLocality(locality.name, { canton: locality.canton })).toBe(locality);
    }
  });

  it('finds every locality by name in its canton, whatever the case (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOCALITIES), fc.boolean(), (locality, upper) => {
        const name = upper ? locality.name.toUpperCase() : locality.name;
        expect(findLocality(name, { canton: locality.canton })).toBe(locality);
      }),
      { numRuns: 500 },
    );
  });
});

describe('suggestLocalities', () => {
  it('puts prefix matches first', () => {
    expect(suggestLocalities('lau')[0]?.name).toBe('Lausanne');
    expect(suggestLocalities('sai').map((locality) => locality.name)).toContain('Saint-Imier');
    expect(suggestLocalities('mor').map((locality) => locality.name)).toEqual(
      expect.arrayContaining(['Morges', 'Murten/Morat']),
    );
  });

  it('then word and substring matches', () => {
    expect(suggestLocalities('imier').map((locality) => locality.name)).toContain('Saint-Imier');
    expect(suggestLocalities('fonds').map((locality) => locality.name)).toContain('La Chaux-de-Fonds');
  });

  it('ranks main towns (with a postal code) first among equal matches', () => {
    const prefixed = suggestLocalities('sa', 1000).filter((locality) =>
      normalizeTownName(locality.name).startsWith('sa'),
    );
    const firstVillage = prefixed.findIndex((locality) => locality.postalCode === null);
    expect(firstVillage).toBeGreaterThan(0);
    expect(prefixed.slice(firstVillage).every((locality) => locality.postalCode === null)).toBe(true);
  });

  it('respects the limit and returns nothing for an empty query', () => {
    expect(suggestLocalities('a')).toHaveLength(8);
    expect(suggestLocalities('a', 3)).toHaveLength(3);
    expect(suggestLocalities('a', 0)).toEqual([]);
    expect(suggestLocalities('')).toEqual([]);
    expect(suggestLocalities('   ')).toEqual([]);
  });

  it('never throws and never exceeds the limit (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.integer({ min: -5, max: 40 }), { nil: undefined }), (query, limit) => {
        const suggestions = suggestLocalities(query, limit);
        expect(suggestions.length).toBeLessThanOrEqual(limit === undefined ? 8 : Math.max(0, limit));
        expect(new Set(suggestions).size).toBe(suggestions.length);
      }),
      { numRuns: 500 },
    );
  });
});
