// « Vouliez-vous dire Echallens ? » (issue 70): a search text that misspells a locality (« Echalens »), or ends or
// begins with one (« concert echalens »: « concert » around Echallens), and found little is offered the events around
// it, as « Autour de » offers Lausanne for « Lozane »: by spelling, then the weightier locality (close-localities.ts),
// and only when the list around it finds more than the text did.
import { distance } from 'fastest-levenshtein';
import { localityTypo } from '~/domain/close-localities';
import { DEFAULT_RADIUS, ofPlace } from '~/domain/distance';
import { type EventFilters, listPath } from '~/domain/event-filters';
import { findLocality, unambiguousName } from '~/domain/localities';
import { quoted } from '~/domain/quoted';
import { READ_AS_PLACE, wordsAndPlaceTypo } from '~/domain/search-place';
import { foldText } from '~/domain/search-text';
import type { Store } from '../ports';
import { countEvents, SUGGEST_BELOW, searchSuggestion } from './public';

export interface Suggestion {
  /** The words or the locality suggested, as the link says them. */
  q: string;
  total: number;
  more?: true;
  /** Where the link goes when it is not the same search with `q` (the list around the locality). */
  href?: string;
  /** The text as a locality's suggestion reads it (« concert Echallens »), to weigh against a correction of words. */
  reads?: string;
}

export async function placeSuggestion(
  { store }: { store: Store },
  filters: EventFilters,
  found: number,
  now = new Date(),
): Promise<Suggestion | null> {
  if (!filters.q || filters.near || filters.words || found >= SUGGEST_BELOW) return null;
  // The whole text (« Echalens »), else its end or beginning with the words sought (« concert echalens »).
  const whole = localityTypo(filters.q);
  const split = whole ? null : wordsAndPlaceTypo(filters.q);
  const name = whole ?? split?.name;
  const locality = name ? findLocality(name) : null;
  if (!name || !locality) return null;
  const place = unambiguousName(locality);
  const near = { place, lat: locality.lat, lng: locality.lng, radius: DEFAULT_RADIUS };
  const around = { ...filters, q: split?.words ?? '', near };
  const { total, more } = await countEvents({ store }, around, now);
  // The list around it, saying what was typed (« Vous avez cherché « Echalens », lu comme une localité »).
  const href = listPath(around, { [READ_AS_PLACE]: filters.q });
  const q = split ? `${quoted(split.words)} autour ${ofPlace(place)}` : name;
  const reads = split ? `${split.words} ${name}` : name;
  return total > found ? { q, total, ...(more ? { more } : {}), href, reads } : null;
}

/**
 * What a search that found little suggests: the locality it misspells or its words corrected (decision 143), whichever
 * is the closer writing of what was typed (« concrt »: « concert », one letter, rather than the village of Court, two);
 * the locality when both are as close (« Echalens »: the list around Echallens, not the word in a title).
 */
export async function searchOrPlaceSuggestion(
  deps: { store: Store },
  filters: EventFilters,
  found: number,
  now = new Date(),
): Promise<Suggestion | null> {
  const place = await placeSuggestion(deps, filters, found, now);
  const words = await searchSuggestion(deps, filters, found, now);
  if (!place || !words) return place ?? words;
  const typed = foldText(filters.q ?? '');
  return distance(typed, foldText(words.q)) < distance(typed, foldText(place.reads ?? place.q)) ? words : place;
}
