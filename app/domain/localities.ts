// The gazetteer: every Swiss postal locality, read as people write it (« 1004 », « Chaux-de-Fonds », « Nyon VD »,
// « Bulle (FR) », « Biel », « Freiburg »), for the event form's « Où », « Autour de », « Dernier retour » and the venues'
// points. Data: app/domain/gazetteer.json (the region: GE, VD, VS, NE, FR, JU, the Bernese Jura and Biel/Bienne) and
// gazetteer-suisse.json (the rest of Switzerland, the server's only), built by scripts/build-gazetteer.mjs from the
// GeoNames postal codes (see LOCALITIES.md, decision 144).
import regionJson from './gazetteer.json' with { type: 'json' };
import switzerlandJson from './gazetteer-suisse.json' with { type: 'json' };

export interface Locality {
  /** The postal name as people write it (« Saint-Imier » for « St-Imier »), without the canton Swiss Post adds. */
  name: string;
  /** The canton's code: one of CANTON_CODES in the region (BE: the Bernese Jura and Biel/Bienne), any other outside. */
  canton: string;
  lat: number;
  lng: number;
  /** The main postcode (the one a form fills in). */
  postalCode: string;
  /** Every postcode of the locality, the main one first. */
  postalCodes: string[];
  /** The political commune, and its federal (BFS) number. */
  commune: string;
  bfs: number;
  /** In the region the agenda covers. */
  region: boolean;
  /** No population in the source: postcodes, rows of the commune it is the seat of, a main town (LOCALITIES.md). */
  weight: number;
  aliases?: string[];
}

// Credited where a form suggests these localities; in a module of its own, so that a page shows it without the list.
export { LOCALITY_ATTRIBUTION } from './locality-attribution';

type Row = [string, string, number, number, string, number, string, number, number, string[]?];

const fromRow = ([name, canton, lat, lng, codes, bfs, commune, weight, region, aliases]: Row): Locality => {
  const postalCodes = codes.split(' ');
  const locality: Locality = {
    name,
    canton,
    lat,
    lng,
    postalCode: postalCodes[0],
    postalCodes,
    commune: commune || name,
    bfs,
    region: region === 1,
    weight,
  };
  if (aliases) locality.aliases = aliases;
  return locality;
};

/**
 * The region's localities, then (on the server) the rest of Switzerland. Vite writes `import.meta.env.SSR` as a constant
 * in each build: the browser's chunk leaves the rest of Switzerland out (60 KB gzip), a name of Zurich is the server's
 * to read; under plain Node (tests, the compiled server and commands) `import.meta.env` is absent and both apply.
 */
const inBrowser = (import.meta as { env?: { SSR?: boolean } }).env?.SSR === false;
export const LOCALITIES: readonly Locality[] = /* @__PURE__ */ (
  inBrowser ? (regionJson as Row[]) : [...(regionJson as Row[]), ...(switzerlandJson as Row[])]
).map(fromRow);

const DEFAULT_LIMIT = 8;

/** Case- and diacritic-insensitive, hyphens/apostrophes/spaces equivalent ('la chaux de fonds' = 'La Chaux-de-Fonds', 'neuchatel' = 'Neuchâtel'). */
export function normalizeTownName(name: string): string {
  return (
    String(name)
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/œ/g, 'oe')
      .replace(/æ/g, 'ae')
      .replace(/ß/g, 'ss')
      // Hyphens, apostrophes, dots, slashes and any other non-letter/digit run count as one space.
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
      // 'St-Imier', 'St. Légier', 'Ste-Croix' = 'Saint-Imier', 'Saint-Légier', 'Sainte-Croix' (only before another word,
      // so that a query 'st' still finds 'Stalden').
      .replace(/(^| )st(?= )/g, '$1saint')
      .replace(/(^| )ste(?= )/g, '$1sainte')
  );
}

/** « La Chaux-de-Fonds » = « Chaux-de-Fonds », « Les Breuleux » = « Breuleux », « L’Abbaye » = « Abbaye ». */
const withoutArticle = (normalized: string) => normalized.replace(/^(la|le|les|l) (?=.)/, '');

const CANTON_SUFFIX = /^(.+?) (ag|ai|ar|be|bl|bs|fr|ge|gl|gr|ju|lu|ne|nw|ow|sg|sh|so|sz|tg|ti|ur|vd|vs|zg|zh)$/;

interface IndexedLocality {
  locality: Locality;
  /** The normalised name, then its other forms: halves of a bilingual name, without « (commune) », aliases. */
  forms: string[];
}

/** The forms a locality is found by, its name first (« Biel/Bienne »: biel bienne, biel, bienne; « Charmey (Gruyère) »: charmey). */
function formsOf(locality: Locality): string[] {
  const written = [locality.name, ...locality.name.split('/'), locality.name.replace(/ ?\(.*\)$/, '')];
  const forms = [...written, ...(locality.aliases ?? [])].map(normalizeTownName).filter((form) => form !== '');
  return [...new Set([...forms, ...forms.map(withoutArticle)])];
}

// Pure: a bundle that imports this module without using its list leaves it out (the event page's datalist, issue 50).
const INDEX: readonly IndexedLocality[] = /* @__PURE__ */ LOCALITIES.map((locality) => ({
  locality,
  forms: formsOf(locality),
}));

// Form → localities, built on first use (a page that never looks a name up does not pay for it).
let byForm: Map<string, IndexedLocality[]> | undefined;
let byPostalCode: Map<string, Locality[]> | undefined;
function lookup(form: string): IndexedLocality[] {
  byForm ??= indexBy(INDEX, (entry) => entry.forms);
  return byForm.get(form) ?? [];
}

/** Each key of each item → the items that have it, in their order. */
function indexBy<T>(items: readonly T[], keysOf: (item: T) => Iterable<string>): Map<string, T[]> {
  const index = new Map<string, T[]>();
  for (const item of items)
    for (const key of keysOf(item)) {
      const list = index.get(key);
      if (list) list.push(item);
      else index.set(key, [item]);
    }
  return index;
}

/** The localities of a postcode, the weightiest first (« 1040 »: Echallens before Villars-le-Terroir). */
export function localitiesOfPostalCode(code: string): Locality[] {
  if (!byPostalCode) {
    byPostalCode = indexBy(LOCALITIES, (locality) => locality.postalCodes);
    for (const list of byPostalCode.values()) list.sort(byPlausibility);
  }
  return byPostalCode.get(code.trim()) ?? [];
}

/** The region first, then the weightiest (a town before a hamlet of the same name). */
const byPlausibility = (a: Locality, b: Locality) => Number(b.region) - Number(a.region) || b.weight - a.weight;

/**
 * A locality as people write it: its name or another of its forms, any case or accents, with or without its article,
 * « St- » or « Saint- »; a postcode alone (« 1004 »); with its canton (« Nyon VD », « Bulle (FR) ») or its postcode
 * (« 1004 Lausanne »). With a canton, only in that canton; with a postal code, the entry with that code first; among
 * namesakes, the region's, then the weightiest (« Biel » is Biel/Bienne, not Biel in the Goms). Null if unknown.
 */
export function findLocality(name: string, options: { canton?: string; postalCode?: string } = {}): Locality | null {
  const query = normalizeTownName(name);
  if (query === '') return null;
  const canton = options.canton || undefined;
  const postalCode = options.postalCode?.trim() || undefined;
  const inCanton = (locality: Locality) => canton === undefined || locality.canton === canton;
  if (/^\d{4}$/.test(query)) return localitiesOfPostalCode(query).find(inCanton) ?? null;
  const candidates = [...lookup(query), ...lookup(withoutArticle(query))]
    .map((entry) => entry.locality)
    .filter(inCanton);
  if (candidates.length === 0) {
    // « Fribourg/Freiburg », « Sierre/Siders »: both halves one locality (issue 70), as « Biel/Bienne » is by its name.
    const halves = name.includes('/') ? name.split('/').map((half) => findLocality(half, options)) : [];
    if (halves.length > 1 && halves.every((half) => half !== null && half === halves[0])) return halves[0];
    // « Nyon VD », « Bulle (FR) »: the canton Swiss Post writes after a namesake.
    const suffixed = CANTON_SUFFIX.exec(query);
    if (suffixed && (!canton || canton === suffixed[2].toUpperCase()))
      return findLocality(suffixed[1], { canton: suffixed[2].toUpperCase(), postalCode });
    // « Lausanne 25 », « 1211 Genève 2 »: a post office's number after the town (issue 70), the town.
    const office = /^(.*\D) \d{1,2}$/.exec(query);
    if (office) return findLocality(office[1], { canton, postalCode });
    // « 1004 Lausanne », « Lausanne 1004 »: the town as an address writes it, its NPA as the hint.
    const before = /^(\d{4}) (\D.*)$/.exec(query);
    const after = /^(\D.*) (\d{4})$/.exec(query);
    const [code, town] = before ? [before[1], before[2]] : after ? [after[2], after[1]] : [];
    return town ? findLocality(town, { canton, postalCode: postalCode ?? code }) : null;
  }
  const withCode = (locality: Locality) => (postalCode && locality.postalCodes.includes(postalCode) ? 1 : 0);
  const exact = (locality: Locality) => (normalizeTownName(locality.name) === query ? 1 : 0);
  return (
    [...candidates].sort((a, b) => withCode(b) - withCode(a) || byPlausibility(a, b) || exact(b) - exact(a))[0] ?? null
  );
}

/** Up to `limit` (default 8) suggestions whose normalised name or alias starts with the normalised query (then those containing it), the region's weightiest first, for 1+ characters; a postcode's beginning gives its localities. */
export function suggestLocalities(query: string, limit: number = DEFAULT_LIMIT): Locality[] {
  const max = Number.isNaN(limit) ? DEFAULT_LIMIT : Math.max(0, Math.floor(limit));
  const normalized = normalizeTownName(query);
  if (normalized === '' || max === 0) return [];
  if (/^\d{1,4}$/.test(normalized)) {
    return LOCALITIES.filter((locality) => locality.postalCodes.some((code) => code.startsWith(normalized)))
      .sort(byPlausibility)
      .slice(0, max);
  }
  const wordStart = ` ${normalized}`;
  // Rank: 0 name or alias starts with the query, 1 one of its words does ('imier' → Saint-Imier), 2 contains it.
  const rankOf = (text: string) =>
    text.startsWith(normalized) ? 0 : ` ${text}`.includes(wordStart) ? 1 : text.includes(normalized) ? 2 : 3;
  const ranked: { entry: IndexedLocality; rank: number; position: number }[] = [];
  INDEX.forEach((entry, position) => {
    const rank = Math.min(...entry.forms.map(rankOf));
    if (rank < 3) ranked.push({ entry, rank, position });
  });
  // The list is sorted by name (French collation): position keeps that order within a rank.
  ranked.sort(
    (a, b) => a.rank - b.rank || byPlausibility(a.entry.locality, b.entry.locality) || a.position - b.position,
  );
  return ranked.slice(0, max).map(({ entry }) => entry.locality);
}

/** From this weight a locality is one of the main towns (LOCALITIES.md): a namesake of it is not meant by its bare name. */
const MAIN_TOWN_WEIGHT = 20;

/** The region's localities of this exact name in several cantons, none a main town (« Cugy »: FR and VD), else []. */
function sameNames(query: string): Locality[] {
  const same = lookup(query)
    .map((entry) => entry.locality)
    .filter((locality) => locality.region && normalizeTownName(locality.name) === query);
  return same.length > 1 && same.every((l) => l.weight < MAIN_TOWN_WEIGHT) ? same.sort(byPlausibility) : [];
}

/**
 * The region's localities a bare name may mean, when it may mean several (issue 70, « Autour de »): its namesakes in
 * several cantons (« Cugy »: Cugy FR and Cugy VD), unless one is a main town (« Villeneuve » is Villeneuve VD); a
 * postcode's, when none of them is weightier (« 1053 »); or, when it names none, the localities it begins (« Villars »:
 * Villars-le-Terroir, Villars-sur-Ollon …). The weightiest first; empty when the name means one locality, or none.
 */
export function namesakes(typed: string): Locality[] {
  const query = normalizeTownName(typed);
  // « 1053 »: Cugy VD and Bretigny-sur-Morrens, none weightier (issue 70): asked, not one picked (« 1040 » is Echallens).
  if (/^\d{4}$/.test(query)) {
    const [first, second] = localitiesOfPostalCode(query).filter((locality) => locality.region);
    return second && second.weight === first.weight ? localitiesOfPostalCode(query).filter((l) => l.region) : [];
  }
  if (query.length < 3 || /\d/.test(query)) return [];
  const same = sameNames(query);
  if (same.length > 0 || findLocality(typed)) return same;
  const begun = LOCALITIES.filter(
    (locality) => locality.region && normalizeTownName(locality.name).startsWith(`${query} `),
  );
  return begun.length > 1 ? begun.sort(byPlausibility) : [];
}

/** A locality as a URL and a title name it, read back as that one: « Cugy (VD) » beside Cugy FR, else its name. */
export function unambiguousName(locality: Locality): string {
  return sameNames(normalizeTownName(locality.name)).length > 1
    ? `${locality.name} (${locality.canton})`
    : locality.name;
}
