// The ways to a venue (issue 36): « Itinéraire » in the phone's maps and the SBB/CFF timetable to its stop.
import { addressMapUrl, directionsLinks } from './calendar-links';
import { cantonAfter } from './cantons';
import type { Venue, VenueAccessibility } from './place';

const asPlace = (v: Venue) => ({
  venueName: v.name,
  street: v.street,
  postalCode: v.postalCode,
  city: v.locality,
  lat: v.lat,
  lng: v.lng,
});

/** The SBB timetable to the venue's stop (its name as the timetable gives it), else to its address or town. */
export function sbbStopUrl(v: Venue): string {
  const to =
    v.stop ||
    (v.street ? `${v.street}, ${[v.postalCode, v.locality].filter(Boolean).join(' ')}` : '') ||
    (v.lat != null && v.lng != null ? `${v.lat.toFixed(5)},${v.lng.toFixed(5)}` : v.locality);
  return `https://www.sbb.ch/fr/acheter/pages/fahrplan/fahrplan.xhtml?${new URLSearchParams({ nach: to }).toString()}`;
}

export function venueLinks(v: Venue) {
  const { directions, apple } = directionsLinks(asPlace(v));
  return { directions, appleMaps: apple, addressMap: addressMapUrl(asPlace(v)), sbb: sbbStopUrl(v) };
}

export const venueAddress = (v: Pick<Venue, 'street' | 'postalCode' | 'locality' | 'canton'>) =>
  `${[v.street, [v.postalCode, v.locality].filter(Boolean).join(' ')].filter(Boolean).join(', ')}${cantonAfter(v.locality, v.canton)}`;

/** What a venue says of its access, in the order a visitor looks for it. */
export const ACCESSIBILITY_LABELS: { key: keyof VenueAccessibility; label: string }[] = [
  { key: 'wheelchair', label: 'Accessible en fauteuil roulant' },
  { key: 'accessibleToilets', label: 'Toilettes accessibles' },
  { key: 'inductionLoop', label: 'Boucle magnétique (boucle à induction)' },
  { key: 'okGo', label: 'Label OK:GO (informations d’accessibilité vérifiées sur place)' },
  { key: 'cultureInclusive', label: 'Label «\u00a0Kultur inklusiv / Culture inclusive\u00a0»' },
];
