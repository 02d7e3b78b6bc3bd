// Events around a place on Firestore (issue 47, decision 115): the mirrored events that have a point, sorted by their
// geohash, read only in the geohash ranges that cover the circle (geofire-common's geohashQueryBounds, the ranges a
// Firestore query would take with orderBy('geohash').startAt().endAt()); the exact distance is the search's filter.
import { geohashForLocation, geohashQueryBounds } from 'geofire-common';

/** An event's geohash (10 characters, about a metre), or null without coordinates: never around anything. */
export function geohashOf(point: { lat: number | null; lng: number | null }): string | null {
  if (point.lat == null || point.lng == null) return null;
  if (Math.abs(point.lat) > 90 || Math.abs(point.lng) > 180) return null;
  return geohashForLocation([point.lat, point.lng]);
}

interface Source<T> {
  readonly version: number;
  values(): T[];
}

/** The values of a mirror sorted by geohash, rebuilt when the mirror has changed since the last search. */
export function geoIndex<T extends { geohash: string | null }>(source: Source<T>) {
  let version = -1;
  let sorted: (T & { geohash: string })[] = [];
  const firstAtLeast = (hash: string) => {
    let [lo, hi] = [0, sorted.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid].geohash < hash) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    /** The events in the ranges covering the circle: a superset of those within it, each once. */
    candidates(near: { lat: number; lng: number; radius: number }): T[] {
      if (source.version !== version) {
        version = source.version;
        sorted = source
          .values()
          .filter((item): item is T & { geohash: string } => item.geohash !== null)
          .sort((a, b) => (a.geohash < b.geohash ? -1 : a.geohash > b.geohash ? 1 : 0));
      }
      const found = new Set<T>();
      for (const [start, end] of geohashQueryBounds([near.lat, near.lng], near.radius * 1000)) {
        for (let i = firstAtLeast(start); i < sorted.length && sorted[i].geohash <= end; i++) found.add(sorted[i]);
      }
      return [...found];
    },
  };
}
