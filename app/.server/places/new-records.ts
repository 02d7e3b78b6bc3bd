// New venue and organizer records from what an event says of them in free text (the places migration, imports, the
// form's « proposer un lieu »), with a slug no other record answers to.
import type { AgendaEvent } from '~/domain/event';
import { findLocality, normalizeTownName } from '~/domain/localities';
import { NO_VENUE_ACCESSIBILITY, type Organizer, type PlaceStatus, type Venue } from '~/domain/place';
import { normalizePlaceName } from '~/domain/place-matching';
import { slugify } from '~/domain/slug';
import { newId } from '../platform/ids';
import { localityPoint } from './venue-points';

/** The town as the localities list names it when it knows it, otherwise as typed. */
export function localityOf(e: Pick<AgendaEvent, 'city' | 'canton' | 'postalCode'>): string {
  return findLocality(e.city, { canton: e.canton, postalCode: e.postalCode })?.name ?? e.city.trim();
}

/** A venue's name as the event gives it, without a locality added after a comma; the town when there is no name. */
export function venueNameOf(e: Pick<AgendaEvent, 'venueName' | 'city' | 'canton' | 'postalCode'>): string {
  const name = e.venueName.trim();
  if (name === '') return localityOf(e);
  const locality = localityOf(e);
  const added = /^(.*\S)\s*(?:,|\(|\s[–—-]\s)\s*([^,()–—]+?)\)?\s*$/u.exec(name);
  return added && normalizeTownName(added[2]) === normalizeTownName(locality) ? added[1] : name;
}

/** What a new venue record takes from an event (or a form, an import): its place as typed. */
export type TypedPlace = Pick<
  AgendaEvent,
  'venueName' | 'street' | 'postalCode' | 'city' | 'canton' | 'lat' | 'lng'
> & {
  accessibility: Pick<AgendaEvent['accessibility'], 'wheelchair'>;
};

export function venueFromEvent(e: TypedPlace, status: PlaceStatus, now: string): Venue {
  const locality = localityOf(e);
  const name = venueNameOf(e);
  const named = normalizePlaceName(name).includes(normalizeTownName(locality));
  const point =
    e.lat === null || e.lng === null
      ? localityPoint({ locality: e.city, postalCode: e.postalCode, canton: e.canton })
      : null;
  return {
    id: newId(),
    slug: slugify(named ? name : `${name} ${locality}`),
    name,
    street: e.street,
    postalCode: e.postalCode,
    locality,
    canton: e.canton,
    // Every venue has a point (issue 70): its locality's when the event has none.
    lat: e.lat ?? point?.lat ?? null,
    lng: e.lng ?? point?.lng ?? null,
    website: '',
    photo: null,
    stop: '',
    accessibility: { ...NO_VENUE_ACCESSIBILITY, wheelchair: e.accessibility.wheelchair },
    description: '',
    status,
    redirectFrom: [],
    createdAt: now,
    updatedAt: now,
  };
}

export function organizerNamed(name: string, status: PlaceStatus, now: string, accountUids: string[] = []): Organizer {
  return {
    id: newId(),
    slug: slugify(name) || 'organisateur',
    name: name.trim(),
    description: '',
    website: '',
    logo: null,
    status,
    accountUids,
    redirectFrom: [],
    createdAt: now,
    updatedAt: now,
  };
}

/** The record with a slug none of `taken` is (followed by -2, -3… when the plain one is), now taken too. */
export function withFreeSlug<T extends Venue | Organizer>(record: T, taken: Set<string>): T {
  let slug = record.slug;
  for (let n = 2; taken.has(slug); n++) slug = `${record.slug.slice(0, 76)}-${n}`;
  taken.add(slug);
  return { ...record, slug };
}
