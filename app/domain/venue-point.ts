// A venue's point as an admin sets it (issue 70): the pin moved on the map (with JavaScript), or a locality chosen
// (without it too: a name or a postcode, « 1040 », « Villars-le-Terroir »). Checked on the server: a point in
// Switzerland (with a margin, SWISS_BOUNDS), a locality the gazetteer knows.
import { inSwitzerland } from './distance';
import { findLocality } from './localities';

export interface VenuePointInput {
  /** The pin's position, as the form's hidden fields send it ('' when the venue had none and no pin was placed). */
  lat: string;
  lng: string;
  /** « Placer le point sur une localité »: '' when nothing was typed. */
  locality: string;
}

type Point = { lat: number; lng: number };

export const VENUE_POINT_ERRORS = {
  position: 'Position invalide\u00a0: déplacez le repère sur la carte, ou choisissez une localité.',
  outside: 'Ce point n’est pas en Suisse\u00a0: déplacez le repère, ou choisissez une localité.',
  unknown: (typed: string) =>
    `Localité inconnue\u00a0: «\u00a0${typed}\u00a0». Écrivez-la comme La Poste (par exemple Villars-le-Terroir) ou donnez son NPA (1040).`,
} as const;

const same = (a: Point | null, b: Point) =>
  a !== null && Math.abs(a.lat - b.lat) < 1e-6 && Math.abs(a.lng - b.lng) < 1e-6;

/**
 * The venue's point after the form: the pin when it was moved (it differs from the venue's `current` point), else the
 * chosen locality's, else `current`. A position outside Switzerland or a locality unknown is refused with its message.
 */
export function readVenuePoint(
  input: VenuePointInput,
  current: { lat: number | null; lng: number | null },
): { ok: true; point: Point | null } | { ok: false; error: string } {
  const was = current.lat !== null && current.lng !== null ? { lat: current.lat, lng: current.lng } : null;
  const [lat, lng] = [input.lat.trim(), input.lng.trim()];
  let pin: Point | null = null;
  if (lat !== '' || lng !== '') {
    const [y, x] = [Number(lat), Number(lng)];
    if (lat === '' || lng === '' || !Number.isFinite(y) || !Number.isFinite(x))
      return { ok: false, error: VENUE_POINT_ERRORS.position };
    if (!inSwitzerland(y, x)) return { ok: false, error: VENUE_POINT_ERRORS.outside };
    pin = { lat: Number(y.toFixed(5)), lng: Number(x.toFixed(5)) };
  }
  if (pin && !same(was, pin)) return { ok: true, point: pin };
  const typed = input.locality.trim();
  if (typed) {
    const locality = findLocality(typed);
    if (!locality) return { ok: false, error: VENUE_POINT_ERRORS.unknown(typed) };
    return { ok: true, point: { lat: locality.lat, lng: locality.lng } };
  }
  return { ok: true, point: was };
}
