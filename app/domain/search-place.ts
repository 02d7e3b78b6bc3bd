// The search box reads a place (issue 70, decision 161): « Echallens », « 1040 », « Nyon VD », « Biel » typed where the
// words go are the events around that locality (« Autour de », DEFAULT_RADIUS), as « Autour de » reads it
// (localities.ts findLocality); the page says so and offers the text search instead (`?mot=1`).
import { localityTypo } from './close-localities';
import { DEFAULT_RADIUS, ofPlace, RADIUS_OPTIONS, type Radius } from './distance';
import { type EventFilters, listPath } from './event-filters';
import { findLocality, type Locality, namesakes, unambiguousName } from './localities';
import { quoted } from './quoted';

/** The parameter that says the list was read from a search text (its value: the text typed). */
export const READ_AS_PLACE = 'lu';

/**
 * Where a search whose whole text names a locality goes: the same selection around it, without the text; null when the
 * text is not a locality, when a centre is already chosen, or when the visitor asked for the words (`words`).
 */
export function placeSearchPath(
  filters: EventFilters,
  extra: Record<string, string> = {},
  /** How many events the text found as words: 0 reads a locality within it too (`wordsAndPlace`). */
  found?: number,
): string | null {
  if (!filters.q || filters.near || filters.words) return null;
  const whole = findLocality(filters.q);
  const split = whole ? { words: '', locality: whole } : found === 0 ? wordsAndPlace(filters.q) : null;
  if (!split) return null;
  const { locality } = split;
  // « Cugy », a name of several: as typed, the list then offers each (issue 70), rather than one picked.
  const place = whole && namesakes(filters.q).length > 0 ? filters.q.trim() : unambiguousName(locality);
  const near = { place, lat: locality.lat, lng: locality.lng, radius: DEFAULT_RADIUS };
  return listPath({ ...filters, q: split.words, near }, { ...extra, [READ_AS_PLACE]: filters.q });
}

/**
 * « concert echallens » typed in « Près de » (issue 70, the second walk): read as the search box reads it, the words
 * sought and « Autour de » the locality (wordsAndPlace), the words added to any text already sought; null when the
 * field names a locality, several (« Villars »: the field offers them) or no words-plus-place.
 */
export function aroundWordsPath(
  filters: EventFilters,
  typedAround: string,
  /** The list's URL parameters: its radius (`rayon`) is kept. */
  params: URLSearchParams,
  extra: Record<string, string> = {},
): string | null {
  if (!typedAround || filters.near || findLocality(typedAround) || namesakes(typedAround).length > 0) return null;
  const split = wordsAndPlace(typedAround);
  if (!split) return null;
  const asked = Number(params.get('rayon'));
  const radius = (RADIUS_OPTIONS as readonly number[]).includes(asked) ? (asked as Radius) : DEFAULT_RADIUS;
  const { locality } = split;
  const near = { place: unambiguousName(locality), lat: locality.lat, lng: locality.lng, radius };
  const q = [filters.q, split.words].filter(Boolean).join(' ');
  return listPath({ ...filters, q, near }, extra);
}

/** Words that join a place to what is sought (« concert à Echallens », « marché près de Bulle »): not sought. */
const LINKING_WORDS = new Set([
  'a',
  'à',
  'au',
  'aux',
  'de',
  'du',
  'des',
  'd',
  'en',
  'pres',
  'près',
  'sur',
  'vers',
  'dans',
]);

/**
 * « concert echallens », « Echallens concert », « marché à Bulle »: the words sought and the locality the text ends or
 * begins with (the longest name first: « fête Villars-le-Terroir », « concert Nyon VD »), or null. Only read when the
 * text found nothing as words (issue 70; decision 161 had left such a text as words): « Fête de la Bière » stays a
 * text while it finds its events.
 */
export function wordsAndPlace(text: string): { words: string; locality: Locality } | null {
  return splitWordsAndPlace(text, (place) => (namesakes(place).length > 0 ? null : findLocality(place)));
}

/**
 * « concert echalens » (issue 70): the words sought and the locality that the text's end or beginning misspells
 * (localityTypo), for « Vouliez-vous dire « concert » autour d’Echallens ? »; null when no part is one.
 */
export function wordsAndPlaceTypo(text: string): { words: string; name: string } | null {
  const found = splitWordsAndPlace(text, (place) => {
    const name = localityTypo(place);
    return name ? { name } : null;
  });
  return found ? { words: found.words, name: found.locality.name } : null;
}

/** The words sought and what `read` finds in the text's end or beginning, the longest part first. */
function splitWordsAndPlace<T>(text: string, read: (place: string) => T | null): { words: string; locality: T } | null {
  const words = text.trim().split(/\s+/);
  const sought = (part: string[]) => {
    const kept = [...part];
    while (kept.length > 0 && LINKING_WORDS.has(kept[0].toLowerCase())) kept.shift();
    while (kept.length > 0 && LINKING_WORDS.has(kept[kept.length - 1].toLowerCase())) kept.pop();
    return kept.join(' ');
  };
  for (let size = words.length - 1; size >= 1; size--) {
    for (const [place, rest] of [
      [words.slice(-size), words.slice(0, -size)],
      [words.slice(0, size), words.slice(size)],
    ]) {
      const soughtWords = sought(rest);
      const locality = soughtWords ? read(place.join(' ')) : null;
      if (locality) return { words: soughtWords, locality };
    }
  }
  return null;
}

export interface PlaceReading {
  /** « Événements autour d’Echallens », « Événements « concert » autour d’Echallens » */
  title: string;
  /** The words sought around it (« concert » of « concert echallens »), '' when the text was the locality alone. */
  words: string;
  /** What was typed, and the same selection searching it as words, with no centre. */
  typed: string;
  wordsHref: string;
}

/** What the page says of a list read from a search text: null unless it came from one (`?lu=`) around a locality. */
export function placeReading(filters: EventFilters, params: URLSearchParams): PlaceReading | null {
  const typed = (params.get(READ_AS_PLACE) ?? '').trim().slice(0, 100);
  if (!typed || !filters.near?.place) return null;
  const words = filters.q ? `${quoted(filters.q)} ` : '';
  return {
    title: `Événements ${words}autour ${ofPlace(filters.near.place)}`,
    words: filters.q,
    typed,
    wordsHref: listPath({ ...filters, near: null, q: typed, words: true }),
  };
}
