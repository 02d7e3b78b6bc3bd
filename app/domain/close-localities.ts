// The localities a refused locality's field suggests (« Autour de », « Dernier retour »): the server writes them into the
// page, as the datalist a visitor without JavaScript gets. Those whose name starts like what was typed (« Morge » →
// Morges), else those within a typo of it (« Yverdn » → Yverdon-les-Bains, « Vevy » → Vevey), by the edit distance and
// the reach of the search's « Vouliez-vous dire » (search-suggestion.ts). A module of its own: the server's only, the
// browser's chunk of the localities does not carry the distance.
import { distance } from 'fastest-levenshtein';
import { findLocality, LOCALITIES, normalizeTownName, suggestLocalities } from './localities';
import { maxDistance } from './search-suggestion';

const MAX_NAMES = 8;

/** Nothing when `typed` names a locality of the list. */
export function namesCloseTo(typed: string): string[] {
  if (findLocality(typed)) return [];
  const started = suggestLocalities(typed, MAX_NAMES).map((locality) => locality.name);
  if (started.length > 0) return started;
  const query = normalizeTownName(typed);
  if (query.length < 3) return [];
  const reach = maxDistance(query.length);
  return LOCALITIES.map((locality) => ({
    name: locality.name,
    away: Math.min(
      ...[locality.name, ...(locality.aliases ?? [])].map((written) => distance(query, normalizeTownName(written))),
    ),
  }))
    .filter(({ away }) => away <= reach)
    .sort((a, b) => a.away - b.away || a.name.localeCompare(b.name, 'fr'))
    .slice(0, MAX_NAMES)
    .map(({ name }) => name);
}
