// The public API's venues and organizers (issue 36): the approved records, what their pages show, with their count of
// upcoming public events; `q` (name or town) and `canton` narrow the venues, `q` the organizers.
import { isCantonCode } from '~/domain/cantons';
import { imageUrl } from '~/domain/images';
import type { Organizer, Venue } from '~/domain/place';
import { organizerUrl, venueUrl } from '~/domain/place-jsonld';
import { organizerIndex, venueIndex } from '../places/public-places';
import type { Store } from '../ports';
import { ApiProblem } from './events';

const absolute = (siteUrl: string, path: string) => `${siteUrl}${path}`;

export function apiVenue(v: Venue, siteUrl: string, upcoming: number) {
  return {
    slug: v.slug,
    name: v.name,
    url: venueUrl(siteUrl, v.slug),
    address: { street: v.street, postalCode: v.postalCode, locality: v.locality, canton: v.canton },
    geo: v.lat != null && v.lng != null ? { lat: v.lat, lng: v.lng } : null,
    stop: v.stop || null,
    websiteUrl: v.website || null,
    photoUrl: v.photo ? absolute(siteUrl, imageUrl(v.photo.path, 800)) : null,
    description: v.description,
    accessibility: { ...v.accessibility },
    upcomingEvents: upcoming,
    eventsUrl: `${siteUrl}/api/v1/events?lieu=${v.slug}`,
  };
}

export function apiOrganizer(o: Organizer, siteUrl: string, upcoming: number) {
  return {
    slug: o.slug,
    name: o.name,
    url: organizerUrl(siteUrl, o.slug),
    websiteUrl: o.website || null,
    logoUrl: o.logo ? absolute(siteUrl, imageUrl(o.logo.path, 400)) : null,
    description: o.description,
    upcomingEvents: upcoming,
    eventsUrl: `${siteUrl}/api/v1/events?organisateur=${o.slug}`,
  };
}

const text = (params: URLSearchParams) => (params.get('q') ?? '').trim().slice(0, 100);

export async function apiVenues({ store }: { store: Store }, params: URLSearchParams, siteUrl: string) {
  const canton = params.get('canton');
  if (canton && !isCantonCode(canton))
    throw new ApiProblem(
      400,
      'Requête invalide',
      `Valeur inconnue pour «\u00a0canton\u00a0»\u00a0: «\u00a0${canton}\u00a0».`,
    );
  const index = await venueIndex({ store }, text(params), canton ?? '');
  const records = new Map((await store.venues.list({ status: 'approved' })).map((v) => [v.slug, v]));
  const data = index.cantons.flatMap((c) =>
    c.towns.flatMap((t) =>
      t.venues.flatMap((entry) => {
        const venue = records.get(entry.slug);
        return venue ? [apiVenue(venue, siteUrl, entry.upcoming)] : [];
      }),
    ),
  );
  return { data };
}

export async function apiOrganizers({ store }: { store: Store }, params: URLSearchParams, siteUrl: string) {
  const index = await organizerIndex({ store }, text(params));
  const records = new Map((await store.organizers.list({ status: 'approved' })).map((o) => [o.slug, o]));
  const data = index.letters.flatMap((l) =>
    l.entries.flatMap((entry) => {
      const organizer = records.get(entry.slug);
      return organizer ? [apiOrganizer(organizer, siteUrl, entry.upcoming)] : [];
    }),
  );
  return { data };
}
