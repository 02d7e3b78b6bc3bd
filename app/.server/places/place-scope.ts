// The venue and organizer a list is filtered on (`?lieu=`, `?organisateur=`, issue 36): their slugs resolved to the
// records' ids once per store revision. A former slug (a rename, a merge) finds the kept record; a slug no approved
// record answers to matches no event (a proposed venue is not public yet), and the API says which one it did not know.
import type { EventFilters } from '~/domain/event-filters';
import type { Organizer, Venue } from '~/domain/place';
import type { Store } from '../ports';

export interface PlaceScope {
  venueId?: string;
  organizerId?: string;
  /** The records' public names, for the list's chips and the alerts' words. */
  venueName?: string;
  organizerName?: string;
  /** The parameters given whose slug no approved record answers to. */
  unknown: ('lieu' | 'organisateur')[];
}

/** An id no record has: a filter on an unknown slug matches nothing, never everything. */
export const NO_PLACE = '\u0000aucun';

async function approved<T extends Venue | Organizer>(
  find: (slug: string) => Promise<{ record: T } | null>,
  slug: string,
): Promise<T | null> {
  const found = await find(slug);
  return found && found.record.status === 'approved' ? found.record : null;
}

export async function placeScope(
  { store }: { store: Store },
  filters: Partial<Pick<EventFilters, 'venue' | 'organizer'>>,
): Promise<PlaceScope> {
  const scope: PlaceScope = { unknown: [] };
  if (filters.venue) {
    const venue = await approved((s) => store.venues.findBySlug(s), filters.venue);
    scope.venueId = venue?.id ?? NO_PLACE;
    if (venue) scope.venueName = venue.name;
    else scope.unknown.push('lieu');
  }
  if (filters.organizer) {
    const organizer = await approved((s) => store.organizers.findBySlug(s), filters.organizer);
    scope.organizerId = organizer?.id ?? NO_PLACE;
    if (organizer) scope.organizerName = organizer.name;
    else scope.unknown.push('organisateur');
  }
  return scope;
}
