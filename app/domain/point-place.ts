// Where a point falls, for the moderator (issue 70): « Position indiquée » alone let a venue typed « Cugy, Vaud » be
// published with Cugy FR's point. The nearest locality of the gazetteer and its canton, a warning when that is not
// the canton or the town the event names, and a link to the point on OpenStreetMap.
import { CANTON_NAMES, type CantonCode } from './cantons';
import { distanceKm, distanceLabel, ofPlace } from './distance';
import { findLocality, LOCALITIES } from './localities';

/** Beyond this distance from the town typed, the point is said to be elsewhere (a village is about 2 km across). */
const FAR_KM = 5;

export interface PointPlace {
  /** « Près de Cugy (Fribourg), à moins d’1 km ». */
  near: string;
  /** Why the point may be wrong, or null. */
  warning: string | null;
  /** The point on OpenStreetMap. */
  mapUrl: string;
}

const cantonName = (code: string) => CANTON_NAMES[code as CantonCode] ?? code;

export function pointPlace(event: {
  lat: number | null;
  lng: number | null;
  city: string;
  canton: string;
  postalCode: string;
}): PointPlace | null {
  if (event.lat == null || event.lng == null) return null;
  const point = { lat: event.lat, lng: event.lng };
  let nearest = LOCALITIES[0];
  let km = Number.POSITIVE_INFINITY;
  for (const locality of LOCALITIES) {
    const d = distanceKm(point, locality);
    if (d < km) [nearest, km] = [locality, d];
  }
  const near = `Près de ${nearest.name} (${cantonName(nearest.canton)}), ${distanceLabel(Math.round(km))}`;
  const typed = findLocality(event.city, { canton: event.canton, postalCode: event.postalCode });
  const away = typed ? Math.round(distanceKm(point, typed)) : 0;
  const warning =
    nearest.canton !== event.canton
      ? `Le point est dans le canton ${ofCanton(nearest.canton)}, l’événement dit ${cantonName(event.canton)}\u00a0: vérifiez-le.`
      : typed && away > FAR_KM
        ? `Le point est à ${away}\u00a0km ${ofPlace(typed.name)}, la localité indiquée\u00a0: vérifiez-le.`
        : null;
  const [lat, lng] = [event.lat.toFixed(5), event.lng.toFixed(5)];
  return { near, warning, mapUrl: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=15/${lat}/${lng}` };
}

/** « de Vaud », « du Valais », « de Fribourg », « du Jura », « du Jura bernois », « de ZH » outside the region. */
function ofCanton(code: string): string {
  const name = cantonName(code);
  return code === 'VS' || code === 'JU' || code === 'BE' ? `du ${name}` : `de ${name}`;
}
