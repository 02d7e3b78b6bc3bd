// schema.org for venue and organizer records (issue 36): the venue's page is a Place with its position, the
// organizer's an Organization, and an event's JSON-LD points to both (with their pages' addresses).
import type { CantonCode } from './cantons';
import { imageUrl } from './images';
import type { Organizer, Venue } from './place';

export const venueUrl = (siteUrl: string, slug: string) => `${siteUrl}/lieux/${slug}`;
export const organizerUrl = (siteUrl: string, slug: string) => `${siteUrl}/organisateurs/${slug}`;

/** What both begin with: the type, the name, the page's address and the description when there is one. */
const profileLd = (type: 'Place' | 'Organization', profile: Venue | Organizer, url: string) => ({
  '@type': type,
  name: profile.name,
  url,
  description: profile.description || undefined,
});

export function venuePlaceLd(venue: Venue, siteUrl: string) {
  return {
    ...profileLd('Place', venue, venueUrl(siteUrl, venue.slug)),
    address: {
      '@type': 'PostalAddress',
      streetAddress: venue.street || undefined,
      postalCode: venue.postalCode || undefined,
      addressLocality: venue.locality,
      addressRegion: venue.canton as CantonCode,
      addressCountry: 'CH',
    },
    ...(venue.lat != null && venue.lng != null
      ? { geo: { '@type': 'GeoCoordinates', latitude: venue.lat, longitude: venue.lng } }
      : {}),
    ...(venue.photo ? { image: `${siteUrl}${imageUrl(venue.photo.path, 1600)}` } : {}),
    ...(venue.website ? { sameAs: venue.website } : {}),
    ...(venue.accessibility.wheelchair
      ? { amenityFeature: { '@type': 'LocationFeatureSpecification', name: 'Accès en fauteuil roulant', value: true } }
      : {}),
  };
}

export function organizerLd(organizer: Organizer, siteUrl: string) {
  return {
    ...profileLd('Organization', organizer, organizerUrl(siteUrl, organizer.slug)),
    ...(organizer.logo ? { logo: `${siteUrl}${imageUrl(organizer.logo.path, 400)}` } : {}),
    ...(organizer.website ? { sameAs: organizer.website } : {}),
  };
}

/** A page's own JSON-LD document (with its context). */
export const withContext = <T extends object>(ld: T) => ({ '@context': 'https://schema.org', ...ld });
