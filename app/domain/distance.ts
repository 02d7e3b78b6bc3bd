// « Près de chez moi » (issue 47): a centre (a locality of the list, or the visitor's position sent for one request)
// and a radius, read from the URL like the other list filters; the distance as a card says it; the words of an alert.
import { distanceBetween } from 'geofire-common';
import { findLocality, LOCALITIES, type Locality, namesakes, normalizeTownName, unambiguousName } from './localities';
import { notALocalityMessage } from './not-a-locality';
import { formatCount } from './numbers';

/** The radii one may choose, in km; the first one the form shows selected is DEFAULT_RADIUS. */
export const RADIUS_OPTIONS = [5, 10, 25, 50] as const;
export type Radius = (typeof RADIUS_OPTIONS)[number];
export const DEFAULT_RADIUS: Radius = 10;

/** Switzerland's extent (with a margin): a position outside it has no event around it. */
export const SWISS_BOUNDS = { minLat: 45.8, maxLat: 47.85, minLng: 5.9, maxLng: 10.55 } as const;

/** Where the search is centred: a locality of the list (its name), or a position (`place` empty). */
export interface NearFilter {
  /** The locality's name as the list writes it (« Morges »), '' for the visitor's position. */
  place: string;
  lat: number;
  lng: number;
  radius: Radius;
}

/** A position as it may travel in a URL: two decimals, about a kilometre (never more precise than that). */
export const roundCoordinate = (value: number) => Math.round(value * 100) / 100;

const isRadius = (value: number): value is Radius => (RADIUS_OPTIONS as readonly number[]).includes(value);

export const inSwitzerland = (lat: number, lng: number) =>
  lat >= SWISS_BOUNDS.minLat && lat <= SWISS_BOUNDS.maxLat && lng >= SWISS_BOUNDS.minLng && lng <= SWISS_BOUNDS.maxLng;

const SEVERAL_PLACES = ' peut être plusieurs localités\u00a0: choisissez la vôtre dans la liste.';
/** The refusal of a name of several localities (« Villars »): its field offers every one of them. */
export const isSeveralPlaces = (message: string) => message.endsWith(SEVERAL_PLACES);

export const DISTANCE_ERRORS = {
  severalPlaces: (typed: string) => `«\u00a0${typed}\u00a0»${SEVERAL_PLACES}`,
  unknownPlace: (typed: string) =>
    `Localité inconnue\u00a0: «\u00a0${typed}\u00a0». Choisissez une localité de Suisse romande dans la liste.`,
  radius: `Rayon invalide\u00a0: choisissez ${RADIUS_OPTIONS.slice(0, -1).join(', ')} ou ${RADIUS_OPTIONS.at(-1)}\u00a0km.`,
  position: 'Position invalide\u00a0: la latitude et la longitude doivent être deux nombres.',
  outside: 'Cette position n’est pas en Suisse\u00a0: choisissez une localité de la liste.',
} as const;

export interface ParsedNear {
  near: NearFilter | null;
  /** French message when a centre or a radius is given but not usable (the page and the API answer 400). */
  error: string | null;
}

/**
 * `autour` (a locality's name, any case or accents, or an alias: « geneve », « Genf ») or `lat` and `lon` (the
 * visitor's position, rounded to two decimals); `rayon` in RADIUS_OPTIONS, DEFAULT_RADIUS when absent. A locality
 * wins over a position (a form that names one was chosen after). Without a centre, `rayon` is ignored.
 */
export function parseNear(params: URLSearchParams): ParsedNear {
  const typed = (params.get('autour') ?? '').trim().slice(0, 100);
  const lat = (params.get('lat') ?? '').trim();
  const lon = (params.get('lon') ?? '').trim();
  if (!typed && !lat && !lon) return { near: null, error: null };
  const rayon = (params.get('rayon') ?? '').trim();
  const radius = rayon === '' ? DEFAULT_RADIUS : Number(rayon);
  if (!isRadius(radius)) return { near: null, error: DISTANCE_ERRORS.radius };
  if (typed) {
    const locality = findLocality(typed);
    // A bare name of several localities (« Villars », « Cugy ») is not one picked for the visitor (issue 70).
    if (namesakes(typed).length > 0) return { near: null, error: DISTANCE_ERRORS.severalPlaces(typed) };
    if (!locality) return { near: null, error: notALocalityMessage(typed) ?? DISTANCE_ERRORS.unknownPlace(typed) };
    const place = shownName(locality, typed);
    return { near: { place, lat: locality.lat, lng: locality.lng, radius }, error: null };
  }
  const number = (text: string) => (/^-?\d{1,3}(\.\d+)?$/.test(text) ? Number(text) : Number.NaN);
  const [y, x] = [number(lat), number(lon)];
  if (Number.isNaN(y) || Number.isNaN(x)) return { near: null, error: DISTANCE_ERRORS.position };
  if (!inSwitzerland(y, x)) return { near: null, error: DISTANCE_ERRORS.outside };
  return { near: { place: '', lat: roundCoordinate(y), lng: roundCoordinate(x), radius }, error: null };
}

/**
 * The name a centre is shown by: the French name the visitor typed of a German-speaking town (issue 70, the second
 * walk: « Berne », « Brigue », « Guin »; one outside the region or of GERMAN_SPEAKING, not a bilingual « Biel/Bienne »),
 * else the list's (« Sitten » is Sion).
 */
function shownName(locality: Locality, typed: string): string {
  if ((locality.region && !GERMAN_SPEAKING.has(locality.name)) || locality.name.includes('/'))
    return unambiguousName(locality);
  const query = normalizeTownName(typed);
  return locality.aliases?.find((alias) => normalizeTownName(alias) === query) ?? unambiguousName(locality);
}

/** The URL parameters of a centre: `autour` and `rayon`, or `lat`, `lon` and `rayon`. */
export function nearParams(near: NearFilter | null): [string, string][] {
  if (!near) return [];
  const centre: [string, string][] = near.place
    ? [['autour', near.place]]
    : [
        ['lat', roundCoordinate(near.lat).toFixed(2)],
        ['lon', roundCoordinate(near.lng).toFixed(2)],
      ];
  return [...centre, ['rayon', String(near.radius)]];
}

/** Great-circle distance in km between two points (geofire-common's, the same on both stores). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  return distanceBetween([a.lat, a.lng], [b.lat, b.lng]);
}

/** Whether an event's point is within the radius (an event without coordinates never is). */
export function isWithin(
  near: { lat: number; lng: number; radius: number },
  point: { lat: number | null; lng: number | null },
): boolean {
  if (point.lat == null || point.lng == null) return false;
  return distanceKm(near, { lat: point.lat, lng: point.lng }) <= near.radius;
}

/**
 * The box around the centre that holds the circle (degrees): the indexed prefilter before the exact distance. A degree
 * of latitude is at least 110.57 km; a degree of longitude shrinks with the cosine of the latitude (taken at the edge
 * nearer the pole, where it is smallest).
 */
export function boundingBox(near: { lat: number; lng: number; radius: number }) {
  const dLat = near.radius / 110.57;
  const edge = Math.min(89, Math.abs(near.lat) + dLat);
  const dLng = near.radius / (111.32 * Math.cos((edge * Math.PI) / 180));
  return { minLat: near.lat - dLat, maxLat: near.lat + dLat, minLng: near.lng - dLng, maxLng: near.lng + dLng };
}

/** « à 8 km », « à moins d’1 km » (whole kilometres: the position itself is rounded to about one). */
export function distanceLabel(km: number): string {
  return km < 1 ? 'à moins d’1\u00a0km' : `à ${formatCount(km)}\u00a0km`;
}

/** « de Morges », « d’Orsières », « d’Yverdon-les-Bains »: « de » elided before a vowel (not before an h, aspirated in
 * the region's names: « de Hauterive »). */
export const ofPlace = (name: string) => (/^[aeiouyàâäéèêëîïôöûüÿ]/i.test(name) ? `d’${name}` : `de ${name}`);

/** « autour de Morges (10 km) », « autour d’Orsières (10 km) » for a chip and a title; « autour de ma position ». */
export function describeNear(near: NearFilter): string {
  return `autour ${near.place ? ofPlace(near.place) : 'de ma position'} (${near.radius}\u00a0km)`;
}

/** « dans un rayon de 10 km autour de Morges »: what an alert's letter says. */
export function describeNearAlert(near: NearFilter): string {
  return `dans un rayon de ${near.radius}\u00a0km autour ${near.place ? ofPlace(near.place) : 'de votre position'}`;
}

/**
 * The region's main towns where most speak German (issue 70: « Bern » was told « La ville romande la plus proche,
 * Düdingen »): never named as the nearest French-speaking town.
 */
const GERMAN_SPEAKING = new Set([
  'Biel/Bienne',
  'Brig',
  'Düdingen',
  'Murten/Morat',
  'Naters',
  'Tafers',
  'Visp',
  'Zermatt',
]);

/**
 * A centre outside the region (« Zürich »: the gazetteer knows the rest of Switzerland): its name, the region's nearest
 * main town (weight 20 and up, LOCALITIES.md: a town a visitor knows, not a hamlet) and how far, in whole km; null for a
 * centre inside the region or a position.
 */
export function outsideRegion(near: NearFilter): { place: string; nearest: string; km: number } | null {
  const centre = near.place ? findLocality(near.place) : null;
  if (!centre || centre.region) return null;
  let nearest: { place: string; nearest: string; km: number } | null = null;
  for (const town of LOCALITIES) {
    if (!town.region || town.weight < 20 || GERMAN_SPEAKING.has(town.name)) continue;
    const km = Math.round(distanceKm(centre, town));
    if (!nearest || km < nearest.km) nearest = { place: near.place, nearest: town.name, km };
  }
  return nearest;
}
