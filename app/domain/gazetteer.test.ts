// The gazetteer against its source: the shared ch-postal-codes.csv (GeoNames postal codes for CH), beside the
// repository in ../shared/data/ (README there). Every row of the region's cantons is read back as the file writes it.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { distanceKm } from './distance';
import { findLocality, LOCALITIES, localitiesOfPostalCode, suggestLocalities } from './localities';

const CSV = new URL('../../../shared/data/ch-postal-codes.csv', import.meta.url);
const CANTONS = ['GE', 'VD', 'VS', 'NE', 'FR', 'JU', 'BE'] as const;

interface Row {
  zipcode: string;
  place: string;
  canton: string;
  province: string;
  bfs: number;
  lat: number;
  lng: number;
}

const rows: Row[] = fs
  .readFileSync(CSV, 'utf8')
  .split(/\r?\n/)
  .slice(1)
  .filter((line) => line.trim() !== '')
  .map((line) => {
    const [, zipcode, place, , canton, , province, , bfs, lat, lng] = line.split(',');
    // Moutier (commune 700) is in canton Jura since 1 January 2026.
    return {
      zipcode,
      place,
      canton: bfs === '700' ? 'JU' : canton,
      province,
      bfs: Number(bfs),
      lat: Number(lat),
      lng: Number(lng),
    };
  });

const CANTON_CODES = new Set(
  'AG AI AR BE BL BS FR GE GL GR JU LU NE NW OW SG SH SO SZ TG TI UR VD VS ZG ZH'.split(' '),
);

/** A town as people write it, without the box or business Swiss Post adds (« Genève 11 », « Bern 60 UPD »). */
function withoutBox(place: string): string {
  const words = place.split(' ');
  while (words.length > 1 && (/^\d+$/.test(words.at(-1) ?? '') || /^[A-Z]{2,}$/.test(words.at(-1) ?? ''))) {
    if (CANTON_CODES.has(words.at(-1) ?? '')) break;
    words.pop();
  }
  return words.join(' ');
}

// A post-office box or a business's postcode of a town: the town's postcode.
const boxed = (place: string) => withoutBox(place) !== place;

/**
 * A special postcode's name (issue 70: « Lausanne Adm cant », « Bulle centre de traitement »): the name of another row
 * of its commune followed by words. The town as people write it, that row's name; else the name without its box.
 */
function placeOf(row: Row): string {
  const typed = withoutBox(row.place);
  const main = rows
    .filter((other) => other.bfs === row.bfs && other.canton === row.canton)
    .map((other) => withoutBox(other.place))
    .filter((name) => typed.startsWith(`${name} `))
    .sort((a, b) => a.length - b.length)[0];
  return main ?? centreOf(row) ?? typed;
}

/**
 * A shopping centre's postcode name (issue 70, the second walk: « Avry-Centre FR », « Marin-Centre », « Signy-Centre »):
 * « X-Centre » where X is a locality of its commune or begins one; that locality, the shortest such name; else null.
 */
function centreOf(row: Row): string | null {
  const stem = /^(.+)-Centre$/.exec(row.place.replace(/ [A-Z]{2}$/, ''))?.[1];
  if (!stem) return null;
  const names = rows
    .filter((other) => other !== row && other.bfs === row.bfs && other.canton === row.canton)
    .map((other) => withoutBox(other.place))
    .filter((name) => name === stem || name.startsWith(`${stem}-`) || name.startsWith(`${stem} `));
  return names.sort((a, b) => a.length - b.length)[0] ?? null;
}

describe('le répertoire des localités et sa source', () => {
  it('holds, per canton, every postcode and as many postal localities (postcode and name) as the source, 1,900 in all', () => {
    let total = 0;
    for (const canton of CANTONS) {
      const source = rows.filter((row) => row.canton === canton);
      const localities = LOCALITIES.filter((locality) => locality.canton === canton);
      const codes = (list: string[]) => [...new Set(list)].sort();
      expect(codes(localities.flatMap((l) => l.postalCodes)), canton).toEqual(codes(source.map((row) => row.zipcode)));
      // Postcode and locality pairs: a box's postcode (« Genève 11 ») is its town's; within 1 % of the source's.
      const pairs = localities.reduce((sum, locality) => sum + locality.postalCodes.length, 0);
      const sourcePairs = new Set(source.map((row) => `${row.zipcode} ${placeOf(row)}`)).size;
      expect(Math.abs(pairs - sourcePairs), `${canton} : ${pairs} pour ${sourcePairs}`).toBeLessThanOrEqual(
        Math.ceil(sourcePairs / 100),
      );
      total += pairs;
    }
    expect(total).toBeGreaterThanOrEqual(1900);
    // The region proper: the six cantons, the Bernese Jura and Biel/Bienne.
    const region = LOCALITIES.filter((locality) => locality.region).reduce((n, l) => n + l.postalCodes.length, 0);
    // 1,388 since the special postcodes (« Lausanne Adm cant ») are their town's, no locality of their own.
    expect(region).toBeGreaterThanOrEqual(1380);
  });

  it('reads every row of the region’s cantons as the source writes it, to its postcode and within 10 km', () => {
    const missed: string[] = [];
    for (const row of rows.filter((row) => (CANTONS as readonly string[]).includes(row.canton))) {
      const typed = placeOf(row);
      // A box's or business's name (« Schönbühl EKZ ») may be no locality: its postcode is one of its commune's.
      const locality =
        findLocality(typed, { canton: row.canton, postalCode: row.zipcode }) ??
        (boxed(row.place) || typed !== withoutBox(row.place)
          ? (localitiesOfPostalCode(row.zipcode).find((l) => l.bfs === row.bfs) ?? null)
          : null);
      const near = locality?.postalCodes.includes(row.zipcode) && distanceKm(locality, row) < 10;
      if (!near) missed.push(`${row.zipcode} ${row.place} (${row.canton}) → ${locality?.name ?? 'rien'}`);
    }
    expect(missed).toEqual([]);
  });

  it('never lists a special postcode (an administration, a company, a sorting centre) as a locality: its NPA is its town’s', () => {
    const names = new Set(LOCALITIES.map((l) => l.name));
    const special = rows.filter(
      (row) =>
        (CANTONS as readonly string[]).includes(row.canton) &&
        placeOf(row) !== withoutBox(row.place) &&
        names.has(placeOf(row)),
    );
    expect(special.map((row) => row.place)).toEqual(
      expect.arrayContaining(['Lausanne Adm cant', 'Bulle centre de traitement', 'Martigny Groupe Mutuel']),
    );
    expect(special.filter((row) => names.has(withoutBox(row.place))).map((row) => row.place)).toEqual([]);
    for (const row of special)
      expect(
        localitiesOfPostalCode(row.zipcode).map((l) => l.name),
        row.place,
      ).toContain(placeOf(row));
    // The same place as its town, point and all: « 1631 » is Bulle.
    expect(findLocality('1631')).toBe(findLocality('Bulle'));
    expect(findLocality('1014')).toBe(findLocality('Lausanne'));
  });

  it('never lists a shopping centre’s postcode name (« Avry-Centre ») as a locality: its village has its NPA (issue 70)', () => {
    const centres = rows.filter((row) => (CANTONS as readonly string[]).includes(row.canton) && centreOf(row));
    expect(centres.map((row) => `${row.place} → ${centreOf(row)}`).sort()).toEqual([
      'Avry-Centre FR → Avry-sur-Matran',
      'Marin-Centre → Marin-Epagnier',
      'Signy-Centre → Signy',
    ]);
    const names = new Set(LOCALITIES.map((l) => l.name));
    for (const row of centres) {
      expect(names.has(row.place.replace(/ [A-Z]{2}$/, '')), row.place).toBe(false);
      expect(
        localitiesOfPostalCode(row.zipcode).map((l) => l.name),
        row.place,
      ).toContain(centreOf(row));
      // Typed, still read: the village, never « Localité inconnue ».
      expect(findLocality(row.place)?.name, row.place).toBe(centreOf(row));
    }
    expect(suggestLocalities('Avry').map((l) => l.name)).not.toContain('Avry-Centre');
  });

  it('files Moutier in canton Jura and keeps the Bernese Jura and Biel/Bienne in the region, not Bern', () => {
    expect(findLocality('Moutier')).toMatchObject({ canton: 'JU', region: true });
    expect(findLocality('Tramelan')).toMatchObject({ canton: 'BE', region: true });
    expect(findLocality('Biel/Bienne')).toMatchObject({ canton: 'BE', region: true });
    expect(findLocality('Bern')).toMatchObject({ canton: 'BE', region: false });
  });
});
