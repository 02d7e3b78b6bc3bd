// Offline list of Romandie localities for the event form's "Où" step (suggestions with JS, town + postal code
// lookup without). Data: app/domain/localities.json, built by scripts/build-localities.mjs (see LOCALITIES.md).
import type { CantonCode } from './cantons';
import localitiesJson from './localities.json' with { type: 'json' };

export interface Locality {
  name: string;
  canton: CantonCode;
  lat: number;
  lng: number;
  postalCode: string | null;
  aliases?: string[];
}

// Credited where a form suggests these localities; in a module of its own, so that a page shows it without the list.
export { LOCALITY_ATTRIBUTION } from './locality-attribution';

// TypeScript infers `canton: string` from the JSON file, not the CantonCode union; the file is generated and checked
// by scripts/build-localities.mjs and localities.test.ts, so it is cast once here.
export const LOCALITIES: readonly Locality[] = localitiesJson as Locality[];

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

interface IndexedLocality {
  locality: Locality;
  name: string;
  aliases: string[];
  main: boolean;
}

// Pure: a bundle that imports this module without using its list leaves it out (the event page's datalist, issue 50).
const INDEX: readonly IndexedLocality[] = /* @__PURE__ */ LOCALITIES.map((locality) => ({
  locality,
  name: normalizeTownName(locality.name),
  aliases: (locality.aliases ?? []).map(normalizeTownName),
  main: locality.postalCode !== null,
}));

/** Exact match on normalised name or alias; with a canton, only in that canton; with a postal code, prefer the entry with that code. Null if unknown. */
export function findLocality(
  name: string,
  options: { canton?: CantonCode | ''; postalCode?: string } = {},
): Locality | null {
  const query = normalizeTownName(name);
  if (query === '') return null;
  const canton = options.canton || undefined;
  const postalCode = options.postalCode?.trim() || undefined;
  const inCanton = INDEX.filter((entry) => canton === undefined || entry.locality.canton === canton);
  // Name matches win over alias matches ('Sion' is Sion, whatever alias another entry may carry).
  const byName = inCanton.filter((entry) => entry.name === query);
  const candidates = byName.length > 0 ? byName : inCanton.filter((entry) => entry.aliases.includes(query));
  if (candidates.length === 0) {
    // « 1004 Lausanne », « Lausanne 1004 »: the town as an address writes it, its NPA as the hint.
    const before = /^(\d{4}) (\D.*)$/.exec(query);
    const after = /^(\D.*) (\d{4})$/.exec(query);
    const [code, town] = before ? [before[1], before[2]] : after ? [after[2], after[1]] : [];
    return town ? findLocality(town, { canton, postalCode: postalCode ?? code }) : null;
  }
  const withCode = postalCode && candidates.find((entry) => entry.locality.postalCode === postalCode);
  return (withCode || candidates[0]).locality;
}

/** Up to `limit` (default 8) suggestions whose normalised name or alias starts with the normalised query (then those containing it), main towns first (those with a postal code), for 1+ characters. */
export function suggestLocalities(query: string, limit: number = DEFAULT_LIMIT): Locality[] {
  const max = Number.isNaN(limit) ? DEFAULT_LIMIT : Math.max(0, Math.floor(limit));
  const normalized = normalizeTownName(query);
  if (normalized === '' || max === 0) return [];
  const wordStart = ` ${normalized}`;
  // Rank: 0 name or alias starts with the query, 1 one of its words does ('imier' → Saint-Imier), 2 contains it.
  const rankOf = (text: string) =>
    text.startsWith(normalized) ? 0 : ` ${text}`.includes(wordStart) ? 1 : text.includes(normalized) ? 2 : 3;
  const ranked: { entry: IndexedLocality; rank: number; position: number }[] = [];
  INDEX.forEach((entry, position) => {
    const rank = Math.min(rankOf(entry.name), ...entry.aliases.map(rankOf));
    if (rank < 3) ranked.push({ entry, rank, position });
  });
  // The list is sorted by name (French collation): position keeps that order within a rank.
  ranked.sort((a, b) => a.rank - b.rank || Number(b.entry.main) - Number(a.entry.main) || a.position - b.position);
  return ranked.slice(0, max).map(({ entry }) => entry.locality);
}
