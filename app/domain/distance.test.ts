import { describe, expect, it } from 'vitest';
import {
  boundingBox,
  DISTANCE_ERRORS,
  describeNear,
  describeNearAlert,
  distanceKm,
  distanceLabel,
  nearParams,
  outsideRegion,
  parseNear,
} from './distance';
import { filtersToParams, parseEventFilters } from './event-filters';

const parse = (query: string) => parseNear(new URLSearchParams(query));

describe('autour d’un lieu : lecture de l’adresse', () => {
  it('une localité de la liste, quelle que soit la casse ou l’accent, avec son rayon', () => {
    expect(parse('autour=morges&rayon=10')).toEqual({
      near: { place: 'Morges', lat: 46.514, lng: 6.4932, radius: 10 },
      error: null,
    });
    expect(parse('autour=geneve&rayon=5').near?.place).toBe('Genève');
    expect(parse('autour=Genf&rayon=50').near?.place).toBe('Genève');
  });

  it('sans rayon, 10 km ; sans centre, le rayon ne dit rien', () => {
    expect(parse('autour=Morges').near?.radius).toBe(10);
    expect(parse('rayon=25')).toEqual({ near: null, error: null });
  });

  it('une position arrondie à deux décimales (environ un kilomètre), jamais plus précise', () => {
    expect(parse('lat=46.519634&lon=6.632812&rayon=25').near).toEqual({
      place: '',
      lat: 46.52,
      lng: 6.63,
      radius: 25,
    });
  });

  it('une localité nommée l’emporte sur une position', () => {
    expect(parse('autour=Nyon&lat=46.52&lon=6.63').near?.place).toBe('Nyon');
  });

  it('refuse en français une localité inconnue, un rayon hors de la liste, une position hors de Suisse', () => {
    expect(parse('autour=Atlantis').error).toBe(DISTANCE_ERRORS.unknownPlace('Atlantis'));
    expect(parse('autour=Atlantis').error).toContain('Localité inconnue');
    expect(parse('autour=Morges&rayon=15').error).toBe(DISTANCE_ERRORS.radius);
    expect(parse('autour=Morges&rayon=abc').error).toBe(DISTANCE_ERRORS.radius);
    expect(parse('lat=48.85&lon=2.35').error).toBe(DISTANCE_ERRORS.outside);
    expect(parse('lat=46.5').error).toBe(DISTANCE_ERRORS.position);
    expect(parse('lat=1e2&lon=6').error).toBe(DISTANCE_ERRORS.position);
    expect(DISTANCE_ERRORS.radius).toBe('Rayon invalide\u00a0: choisissez 5, 10, 25 ou 50\u00a0km.');
  });

  it('revient dans l’adresse telle qu’elle a été lue (liens, flux, alertes)', () => {
    const { filters } = parseEventFilters(new URLSearchParams('autour=morges&rayon=25&category=x'), []);
    expect(filtersToParams(filters).toString()).toBe('autour=Morges&rayon=25');
    expect(nearParams(parse('lat=46.519&lon=6.6&rayon=5').near)).toEqual([
      ['lat', '46.52'],
      ['lon', '6.60'],
      ['rayon', '5'],
    ]);
    const refused = parseEventFilters(new URLSearchParams('autour=Atlantis'), []);
    expect(refused.nearError).toContain('Atlantis');
    expect(refused.typedAround).toBe('Atlantis');
  });
});

describe('distance', () => {
  it('Morges–Lausanne ≈ 10,3 km ; la boîte contient le cercle', () => {
    const morges = { lat: 46.51127, lng: 6.49854 };
    expect(distanceKm(morges, { lat: 46.516, lng: 6.63282 })).toBeCloseTo(10.3, 1);
    const box = boundingBox({ ...morges, radius: 10 });
    // Due east and due north at 10 km are inside the box.
    expect(distanceKm(morges, { lat: morges.lat, lng: box.maxLng })).toBeGreaterThanOrEqual(10);
    expect(distanceKm(morges, { lat: box.maxLat, lng: morges.lng })).toBeGreaterThanOrEqual(10);
  });

  it('se lit « à 8 km », « à moins d’1 km » ; la lettre dit le rayon et le lieu', () => {
    expect(distanceLabel(8.4)).toBe('à 8\u00a0km');
    expect(distanceLabel(0.4)).toBe('à moins d’1\u00a0km');
    expect(describeNearAlert({ place: 'Morges', lat: 0, lng: 0, radius: 10 })).toBe(
      'dans un rayon de 10\u00a0km autour de Morges',
    );
  });

  it('« de » s’élide devant une voyelle : « autour d’Orsières », « d’Yverdon-les-Bains », pas devant un h', () => {
    const near = (place: string) => ({ place, lat: 0, lng: 0, radius: 10 as const });
    expect(describeNear(near('Orsières'))).toBe('autour d’Orsières (10\u00a0km)');
    expect(describeNearAlert(near('Yverdon-les-Bains'))).toBe('dans un rayon de 10\u00a0km autour d’Yverdon-les-Bains');
    expect(describeNear(near('Écublens'))).toBe('autour d’Écublens (10\u00a0km)');
    expect(describeNear(near('Hauterive'))).toBe('autour de Hauterive (10\u00a0km)');
    expect(describeNear(near(''))).toBe('autour de ma position (10\u00a0km)');
  });
});

describe('une localité hors de la région (issue 70)', () => {
  const around = (typed: string) => parseNear(new URLSearchParams({ autour: typed })).near;

  it('dite hors de Suisse romande, avec la ville principale de la région la plus proche et sa distance', () => {
    expect(outsideRegion(around('Zürich') ?? fail())).toEqual({ place: 'Zürich', nearest: 'Moutier', km: 90 });
    // Biel/Bienne, German-speaking for the most part, is no « ville romande » (issue 70: Bern is told Fribourg).
    expect(outsideRegion(around('Lyss') ?? fail())).toEqual({ place: 'Lyss', nearest: 'La Neuveville', km: 16 });
  });

  it('rien dans la région ni pour une position', () => {
    for (const typed of ['Morges', 'Biel', 'Moutier', 'Zermatt'])
      expect(outsideRegion(around(typed) ?? fail())).toBeNull();
    expect(outsideRegion({ place: '', lat: 47.37, lng: 8.55, radius: 10 })).toBeNull();
  });
});

function fail(): never {
  throw new Error('localité non lue');
}
