import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANTON_CODES, type CantonCode, isCantonCode } from './cantons';
import {
  findLocality,
  LOCALITIES,
  LOCALITY_ATTRIBUTION,
  type Locality,
  normalizeTownName,
  suggestLocalities,
} from './localities';

// Rough boxes (lat min, lat max, lng min, lng max) around each canton; BE is the Bernese Jura and Biel/Bienne only.
const CANTON_BOXES: Record<CantonCode, [number, number, number, number]> = {
  GE: [46.12, 46.37, 5.95, 6.32],
  VD: [46.18, 46.99, 6.06, 7.25],
  VS: [45.85, 46.66, 6.76, 8.45],
  NE: [46.84, 47.17, 6.43, 7.09],
  FR: [46.43, 47.0, 6.74, 7.39],
  JU: [47.15, 47.51, 6.84, 7.56],
  BE: [47.05, 47.35, 6.85, 7.58],
};

describe('LOCALITIES', () => {
  const region = LOCALITIES.filter((locality) => locality.region);

  it('holds every postal locality of Switzerland, the region’s first, in every canton of the region', () => {
    expect(LOCALITIES.length).toBeGreaterThan(3900);
    expect(region.length).toBeGreaterThan(1300);
    expect(LOCALITIES.slice(0, region.length).every((locality) => locality.region)).toBe(true);
    for (const canton of CANTON_CODES) {
      expect(region.some((locality) => locality.canton === canton)).toBe(true);
    }
    expect(region.every((locality) => isCantonCode(locality.canton))).toBe(true);
  });

  it('has well-formed entries', () => {
    // One check per locality, the ill-formed named at the end (4,000 localities: an expect each took seconds).
    const wellFormed = (locality: Locality) =>
      locality.name.trim() === locality.name &&
      locality.name !== '' &&
      locality.postalCodes.length > 0 &&
      locality.postalCodes.every((code) => /^[1-9]\d{3}$/.test(code)) &&
      locality.postalCode === locality.postalCodes[0] &&
      locality.bfs > 0 &&
      locality.commune !== '' &&
      locality.weight > 0 &&
      Math.round(locality.lat * 1e4) / 1e4 === locality.lat &&
      Math.round(locality.lng * 1e4) / 1e4 === locality.lng &&
      (locality.aliases === undefined || locality.aliases.length > 0);
    expect(LOCALITIES.filter((locality) => !wellFormed(locality))).toEqual([]);
  });

  it('writes its names with the typographic apostrophe, and finds them typed with either', () => {
    const straight = LOCALITIES.filter(({ name, aliases }) => [name, ...(aliases ?? [])].some((n) => n.includes("'")));
    expect(straight.map(({ name }) => name)).toEqual([]);
    expect(findLocality("Château-d'Oex")?.name).toBe('Château-d’Oex');
    expect(suggestLocalities("l'abb").map(({ name }) => name)).toContain('L’Abbaye');
  });

  it('places every locality of the region inside Romandie and inside its canton', () => {
    const outside = region
      .filter(({ canton, lat, lng }) => {
        const [latMin, latMax, lngMin, lngMax] = CANTON_BOXES[canton as CantonCode];
        const inRomandie = lat >= 45.8 && lat <= 47.6 && lng >= 5.9 && lng <= 8.45;
        return !inRomandie || lat < latMin || lat > latMax || lng < lngMin || lng > lngMax;
      })
      .map(({ name, canton, lat, lng }) => `${name} (${canton}) ${lat}, ${lng}`);
    expect(outside).toEqual([]);
  });

  it('has no duplicates, even once normalised', () => {
    const keys = LOCALITIES.map((locality) => `${locality.canton}:${normalizeTownName(locality.name)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is sorted by name (French collation), the region first', () => {
    const collator = new Intl.Collator('fr');
    for (let i = 1; i < LOCALITIES.length; i++) {
      if (LOCALITIES[i - 1].region !== LOCALITIES[i].region) continue;
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
      ['Biel/Bienne', 'BE', '2502'],
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
    expect(findLocality('1004 Paris')).toBeNull();
  });

  it('finds a postcode alone, the weightiest of its localities (« 1040 » is Echallens, « 1004 » Lausanne)', () => {
    expect(findLocality('1004')).toMatchObject({ name: 'Lausanne', canton: 'VD' });
    expect(findLocality('1040')).toMatchObject({ name: 'Echallens', canton: 'VD' });
    expect(findLocality('2300')?.name).toBe('La Chaux-de-Fonds');
    expect(findLocality('1040', { canton: 'GE' })).toBeNull();
    expect(findLocality('0999')).toBeNull();
  });

  it('finds a village of the region and its commune (Villars-le-Terroir, 1040, commune of its name)', () => {
    expect(findLocality('Villars-le-Terroir')).toMatchObject({ canton: 'VD', postalCode: '1040', bfs: 5537 });
    expect(findLocality('villars le terroir 1040')?.name).toBe('Villars-le-Terroir');
  });

  it('names a locality as people write it, its postal name kept as an alias (« Charmey (Gruyère) »)', () => {
    expect(findLocality('Charmey')).toMatchObject({ name: 'Charmey', canton: 'FR', postalCode: '1637' });
    expect(findLocality('Charmey (Gruyère)')?.name).toBe('Charmey');
    expect(findLocality('Pont-de-la-Morge (Sion)')?.name).toBe('Pont-de-la-Morge');
  });

  it('finds a town with or without its article (« Chaux-de-Fonds », « Locle », « Breuleux »)', () => {
    expect(findLocality('Chaux-de-Fonds')).toMatchObject({ name: 'La Chaux-de-Fonds', canton: 'NE' });
    expect(findLocality('chaux de fonds')?.name).toBe('La Chaux-de-Fonds');
    expect(findLocality('Locle')?.name).toBe('Le Locle');
    expect(findLocality('Breuleux')?.name).toBe('Les Breuleux');
  });

  it('reads a canton after the name (« Nyon VD », « Bulle (FR) », « Renens VD »), namesakes told apart', () => {
    expect(findLocality('Nyon VD')).toMatchObject({ name: 'Nyon', canton: 'VD' });
    expect(findLocality('Bulle (FR)')).toMatchObject({ name: 'Bulle', canton: 'FR' });
    expect(findLocality('Renens VD')?.name).toBe('Renens');
    expect(findLocality('Saint-Sulpice NE')?.canton).toBe('NE');
    expect(findLocality('St-Sulpice VD')?.canton).toBe('VD');
    expect(findLocality('Nyon GE')).toBeNull();
  });

  it('reads the bilingual and German names', () => {
    const pairs: [string, string][] = [
      ['Bienne', 'Biel/Bienne'],
      ['Biel', 'Biel/Bienne'],
      ['Biel/Bienne', 'Biel/Bienne'],
      ['Freiburg', 'Fribourg'],
      ['Morat', 'Murten/Morat'],
      ['Murten', 'Murten/Morat'],
      ['Siders', 'Sierre'],
      ['Sitten', 'Sion'],
      ['Neuenburg', 'Neuchâtel'],
      ['Genf', 'Genève'],
      ['Delsberg', 'Delémont'],
    ];
    for (const [typed, name] of pairs) expect(findLocality(typed)?.name, typed).toBe(name);
    // Biel in the Goms is a namesake: the town of 55,000 comes first, the village by its canton.
    expect(findLocality('Biel VS')).toMatchObject({ name: 'Biel', canton: 'VS' });
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

  it('accepts a postal code, used only to choose among homonyms', () => {
    expect(findLocality('Tavannes', { postalCode: '2710' })?.name).toBe('Tavannes');
    expect(findLocality('Tavannes', { postalCode: '9999' })?.name).toBe('Tavannes');
    expect(findLocality('Malleray', { canton: 'BE', postalCode: '2735' })?.name).toBe('Malleray');
    expect(findLocality('Ecublens', { postalCode: '1673' })?.canton).toBe('FR');
    expect(findLocality('Ecublens')?.canton).toBe('VD');
  });

  it('knows the rest of Switzerland, for a search near a border, after the region', () => {
    expect(findLocality('Zürich')).toMatchObject({ canton: 'ZH', region: false });
    expect(findLocality('Lengnau BE')).toMatchObject({ canton: 'BE', region: false });
  });

  it('returns null for unknown or empty names', () => {
    expect(findLocality('Atlantis')).toBeNull();
    expect(findLocality('')).toBeNull();
    expect(findLocality(' - ')).toBeNull();
  });

  it('finds every locality by its name in its canton', () => {
    const missed = LOCALITIES.filter(
      (locality) =>
        findLocality(locality.name, { canton: locality.canton, postalCode: locality.postalCode }) !== locality,
    );
    expect(missed.map(({ name, canton }) => `${name} (${canton})`)).toEqual([]);
  });

  it('finds every locality by name in its canton, whatever the case (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOCALITIES), fc.boolean(), (locality, upper) => {
        const name = upper ? locality.name.toUpperCase() : locality.name;
        expect(findLocality(name, { canton: locality.canton, postalCode: locality.postalCode })).toBe(locality);
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

  it('ranks the region’s weightiest first among equal matches (a town before its hamlets)', () => {
    expect(suggestLocalities('sio', 3)[0]?.name).toBe('Sion');
    expect(suggestLocalities('bie', 3)[0]?.name).toBe('Biel/Bienne');
    const prefixed = suggestLocalities('sa', 1000).filter((locality) =>
      normalizeTownName(locality.name).startsWith('sa'),
    );
    for (let i = 1; i < prefixed.length; i++) {
      const [a, b] = [prefixed[i - 1], prefixed[i]];
      if (a.region === b.region) expect(a.weight).toBeGreaterThanOrEqual(b.weight);
      else expect(a.region).toBe(true);
    }
  });

  it('suggests a postcode’s localities as it is typed (« 104 »)', () => {
    expect(suggestLocalities('104', 20).map((locality) => locality.name)).toEqual(
      expect.arrayContaining(['Echallens', 'Villars-le-Terroir']),
    );
    expect(suggestLocalities('1040')[0]?.name).toBe('Echallens');
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
      // 150 runs: each reads the 4,000 localities' forms (issue 70), as 500 read the 313 of the list before.
      { numRuns: 150 },
    );
  });
});
