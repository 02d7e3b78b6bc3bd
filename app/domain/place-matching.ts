// Which venue (or organizer) record a free-text place names (issue 36): the places migration merges spellings with
// it, imports propose its match to the admin when it is unsure. Normalised name, locality and distance.
import { normalizeTownName } from './localities';

export interface PlaceCandidate {
  name: string;
  locality: string;
  lat: number | null;
  lng: number | null;
}

export interface PlaceMatch<T> {
  record: T;
  /** Sure: the same place, attach without asking. Unsure: probably the same, an admin confirms. */
  sure: boolean;
}

/** Within this distance, two points with the same name are one place (a hall and its entrance, a rounded pin). */
export const SAME_PLACE_METERS = 300;
/** Within this distance, two places whose names look alike are proposed as one (unsure). */
export const NEAR_METERS = 150;

/** Words that tell nothing about which place it is. */
const FILLERS = new Set(['le', 'la', 'les', 'l', 'de', 'du', 'des', 'd', 'et', 'a', 'au', 'aux', 'en', 'sur']);

/**
 * « Salle du Bourg, Lausanne », « Salle du Bourg (Lausanne) » and « salle du bourg » in Lausanne are one name: case,
 * accents, punctuation, « St » and a locality added after a comma, a dash or in brackets do not count (« Opéra de
 * Lausanne » keeps its town: it is part of the name).
 */
export function normalizePlaceName(name: string, locality = ''): string {
  const town = normalizeTownName(locality);
  const added = /^(.*\S)\s*(?:,|\(|\s[–—-]\s)\s*([^,()–—]+?)\)?\s*$/u.exec(name);
  if (town !== '' && added && normalizeTownName(added[2]) === town) return normalizeTownName(added[1]);
  return normalizeTownName(name);
}

const words = (normalised: string) => normalised.split(' ').filter((w) => w !== '' && !FILLERS.has(w));

/** Whether two normalised names look alike: one's meaningful words are all in the other, or most of them are shared. */
export function namesLookAlike(a: string, b: string): boolean {
  const wa = new Set(words(a));
  const wb = new Set(words(b));
  if (wa.size === 0 || wb.size === 0) return false;
  const shared = [...wa].filter((w) => wb.has(w)).length;
  return shared === Math.min(wa.size, wb.size) || shared / new Set([...wa, ...wb]).size >= 0.6;
}

/** Great-circle distance in metres, or null when either point is unknown. */
export function distanceMeters(a: PlaceCandidate, b: PlaceCandidate): number | null {
  if (a.lat == null || a.lng == null || b.lat == null || b.lng == null) return null;
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** How well a record matches: 2 sure, 1 unsure, 0 not at all. */
function score(candidate: PlaceCandidate, record: PlaceCandidate): 0 | 1 | 2 {
  const sameTown = normalizeTownName(candidate.locality) === normalizeTownName(record.locality);
  const a = normalizePlaceName(candidate.name, candidate.locality);
  const b = normalizePlaceName(record.name, record.locality);
  const distance = distanceMeters(candidate, record);
  const near = (limit: number) => distance !== null && distance <= limit;
  if (a === b && a !== '') {
    if (sameTown) return distance === null || near(SAME_PLACE_METERS) ? 2 : 1;
    // Same name, another locality name (a district, a neighbouring commune): only if it is the same spot.
    return near(NEAR_METERS) ? 1 : 0;
  }
  if (!namesLookAlike(a, b)) return 0;
  return (sameTown && (distance === null || near(SAME_PLACE_METERS))) || near(NEAR_METERS) ? 1 : 0;
}

/** The venue a free-text place names among `records`: the best match, sure before unsure, the nearest first. */
export function matchVenue<T extends PlaceCandidate>(
  candidate: PlaceCandidate,
  records: readonly T[],
): PlaceMatch<T> | null {
  let best: { record: T; score: number; distance: number } | null = null;
  for (const record of records) {
    const s = score(candidate, record);
    if (s === 0) continue;
    const distance = distanceMeters(candidate, record) ?? Number.POSITIVE_INFINITY;
    if (!best || s > best.score || (s === best.score && distance < best.distance))
      best = { record, score: s, distance };
  }
  return best ? { record: best.record, sure: best.score === 2 } : null;
}

/** The organizer a free-text name names: the same normalised name is sure, names that look alike are unsure. */
export function matchOrganizer<T extends { name: string }>(name: string, records: readonly T[]): PlaceMatch<T> | null {
  const wanted = normalizePlaceName(name);
  if (wanted === '') return null;
  const same = records.find((r) => normalizePlaceName(r.name) === wanted);
  if (same) return { record: same, sure: true };
  const alike = records.find((r) => namesLookAlike(wanted, normalizePlaceName(r.name)));
  return alike ? { record: alike, sure: false } : null;
}
