// The search box reads a place (issue 70, decision 161): « Echallens », « 1040 », « Nyon VD », « Biel » typed where the
// words go are the events around that locality (« Autour de », DEFAULT_RADIUS), as « Autour de » reads it
// (localities.ts findLocality); the page says so and offers the text search instead (`?mot=1`).
import { DEFAULT_RADIUS, ofPlace } from './distance';
import { type EventFilters, listPath } from './event-filters';
import { findLocality } from './localities';

/** The parameter that says the list was read from a search text (its value: the text typed). */
export const READ_AS_PLACE = 'lu';

/**
 * Where a search whose whole text names a locality goes: the same selection around it, without the text; null when the
 * text is not a locality, when a centre is already chosen, or when the visitor asked for the words (`words`).
 */
export function placeSearchPath(filters: EventFilters, extra: Record<string, string> = {}): string | null {
  if (!filters.q || filters.near || filters.words) return null;
  const locality = findLocality(filters.q);
  if (!locality) return null;
  const near = { place: locality.name, lat: locality.lat, lng: locality.lng, radius: DEFAULT_RADIUS };
  return listPath({ ...filters, q: '', near }, { ...extra, [READ_AS_PLACE]: filters.q });
}

export interface PlaceReading {
  /** « Événements autour d’Echallens » */
  title: string;
  /** What was typed, and the same selection searching it as words, with no centre. */
  typed: string;
  wordsHref: string;
}

/** What the page says of a list read from a search text: null unless it came from one (`?lu=`) around a locality. */
export function placeReading(filters: EventFilters, params: URLSearchParams): PlaceReading | null {
  const typed = (params.get(READ_AS_PLACE) ?? '').trim().slice(0, 100);
  if (!typed || !filters.near?.place) return null;
  return {
    title: `Événements autour ${ofPlace(filters.near.place)}`,
    typed,
    wordsHref: listPath({ ...filters, near: null, q: typed, words: true }),
  };
}
