import { describe, expect, it } from 'vitest';
import { distanceKm, isWithin } from '~/domain/distance';
import { geohashOf, geoIndex } from './geo-index';

/** 2,500 points on a grid over Romandie (46.0–47.4 N, 5.95–7.6 E). */
function grid() {
  const items: { id: number; lat: number; lng: number; geohash: string | null }[] = [];
  for (let i = 0; i < 50; i++)
    for (let j = 0; j < 50; j++) {
      const point = { lat: 46 + (i * 1.4) / 49, lng: 5.95 + (j * 1.65) / 49 };
      items.push({ id: items.length, ...point, geohash: geohashOf(point) });
    }
  return items;
}

describe('index géographique du miroir Firestore', () => {
  it('ne lit que les plages de geohash du cercle, et y trouve tous les points du cercle', () => {
    const items = grid();
    const source = { version: 1, values: () => items };
    const index = geoIndex(source);
    for (const radius of [5, 10, 25, 50]) {
      const near = { lat: 46.51127, lng: 6.49854, radius };
      const read = index.candidates(near);
      const inside = items.filter((p) => isWithin(near, p)).map((p) => p.id);
      expect(read.map((p) => p.id)).toEqual(expect.arrayContaining(inside));
      // Bounded by the circle, not by the collection: far fewer than all at 10 km.
      if (radius <= 10) expect(read.length).toBeLessThan(items.length / 10);
      for (const p of read) expect(distanceKm(near, p)).toBeLessThan(radius * 4);
    }
  });

  it('suit le miroir : un point ajouté compte dès que la version change ; sans coordonnées, jamais', () => {
    const items = [{ lat: 46.51, lng: 6.5, geohash: geohashOf({ lat: 46.51, lng: 6.5 }) }];
    const source = { version: 1, values: () => items };
    const index = geoIndex(source);
    const near = { lat: 46.51127, lng: 6.49854, radius: 5 };
    expect(index.candidates(near)).toHaveLength(1);
    items.push({ lat: 46.52, lng: 6.51, geohash: geohashOf({ lat: 46.52, lng: 6.51 }) });
    items.push({ lat: Number.NaN, lng: Number.NaN, geohash: geohashOf({ lat: null, lng: null }) });
    source.version = 2;
    expect(index.candidates(near)).toHaveLength(2);
  });
});
