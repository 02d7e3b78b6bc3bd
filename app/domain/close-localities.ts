// The localities a refused locality's field suggests (« Autour de », « Dernier retour »): the server writes them into the
// page, as the datalist a visitor without JavaScript gets. First those within a typo of what was typed (« Yverdn » →
// Yverdon-les-Bains, « Vevy » → Vevey), by the edit distance and the reach of the search's « Vouliez-vous dire »
// (search-suggestion.ts), or that sound the same written another way (« Lozanne » → Lausanne, « Nion » → Nyon); then
// those whose name contains it (« Morge » → Morges). A module of its own: the server's only, the browser's chunk of the
// localities does not carry the distance.
import { distance } from 'fastest-levenshtein';
import {
  findLocality,
  LOCALITIES,
  type Locality,
  namesakes,
  normalizeTownName,
  suggestLocalities,
  unambiguousName,
} from './localities';
import { notALocality } from './not-a-locality';
import { maxDistance } from './search-suggestion';

const MAX_NAMES = 8;
/** « Villars »: 21 localities of the region begin with it, each a choice. */
const MAX_NAMESAKES = 30;

/**
 * The region's names and aliases, normalised and as they sound, worked out once per process: 1,350 localities, and a
 * refused « Autour de » took 27 ms to work them out on every request.
 */
let forms: { locality: Locality; forms: { written: string; sounds: string }[] }[] | undefined;
const regionForms = () => {
  forms ??= LOCALITIES.filter((locality) => locality.region).map((locality) => ({
    locality,
    forms: [locality.name, ...(locality.aliases ?? [])].map((name) => ({
      written: normalizeTownName(name),
      sounds: soundOf(name),
    })),
  }));
  return forms;
};

/** Nothing when `typed` names a locality of the list. */
export function namesCloseTo(typed: string): string[] {
  // A name of several localities: each of them (issue 70: « Villars » gave eight, Villars-le-Terroir fifth).
  const several = namesakes(typed);
  if (several.length > 0) return several.slice(0, MAX_NAMESAKES).map(unambiguousName);
  // A canton or a city abroad (« Valais », « Paris »): no village for it (issue 70).
  if (findLocality(typed) || notALocality(typed)) return [];
  const started = suggestLocalities(typed, MAX_NAMES).map((locality) => locality.name);
  const query = normalizeTownName(typed);
  if (started.length >= MAX_NAMES || query.length < 3) return started;
  // Beside names that contain what was typed (« Siere » → Orsières), only the closest, first (Sierre).
  const reach = started.length > 0 ? 1 : maxDistance(query.length);
  const sound = soundOf(query);
  // A name that sounds as typed counts as one typo away, and comes first among those as far.
  // Two typos only where the first letter is right: « Paris » is not « Marin » (issue 70).
  const away = ({ written, sounds }: { written: string; sounds: string }) => {
    const typos = distance(query, written);
    if (typos > 1 && sounds === sound) return 1;
    return typos > 1 && written[0] !== query[0] ? Number.POSITIVE_INFINITY : typos;
  };
  // Only the region's, and among those as far, the weightiest first (« Lozane »: Lausanne, not a hamlet of the Goms;
  // a town before a village, decision 144): the gazetteer has no population.
  const close = regionForms()
    .map(({ locality, forms }) => ({
      name: locality.name,
      weight: locality.weight,
      sounds: forms[0].sounds === sound ? 0 : 1,
      away: Math.min(...forms.map(away)),
    }))
    .filter(({ away }) => away <= reach)
    .sort((a, b) => a.away - b.away || a.sounds - b.sounds || b.weight - a.weight || a.name.localeCompare(b.name, 'fr'))
    .map(({ name }) => name);
  return [...new Set([...close, ...started])].slice(0, MAX_NAMES);
}

/**
 * How a name sounds in French, roughly: the spellings of one sound made one (« au », « eau » and « o »; « z » and « s »;
 * « y » and « i »; « ph » and « f »), doubled letters single, no « h » and no silent ending (e, s, t, x, d).
 */
export function soundOf(name: string): string {
  return normalizeTownName(name)
    .replace(/[^a-z]/g, '')
    .replace(/e?au/g, 'o')
    .replace(/ph/g, 'f')
    .replace(/(?<!c)h/g, '')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/c|qu?/g, 'k')
    .replace(/g(?=[eiy])/g, 'j')
    .replace(/z/g, 's')
    .replace(/y/g, 'i')
    .replace(/(ai|ei)/g, 'e')
    .replace(/(.)\1+/g, '$1')
    .replace(/[estxd]+$/, '');
}

/**
 * The locality a search text misspells (« Echalens » → Echallens), for « Vouliez-vous dire … ? » under a search that
 * found little (issue 70): the first of `namesCloseTo` when it is a typo of the whole text (within the reach of the
 * search's suggestions, or written another way for the same sound), not a name that merely begins with it; null for a
 * locality of the list, a short text, or nothing close.
 */
export function localityTypo(typed: string): string | null {
  const query = normalizeTownName(typed);
  if (query.length < 4 || /\d/.test(query) || findLocality(typed)) return null;
  const [first] = namesCloseTo(typed);
  if (!first || namesakes(typed).length > 0) return null;
  const name = normalizeTownName(first);
  return distance(query, name) <= maxDistance(query.length) || soundOf(first) === soundOf(typed) ? first : null;
}
