// The event form's venue and organizer (decision 095): a record chosen fills the event's place (or its organizer's
// name) from it; « Proposer un nouveau lieu » (or an empty choice) makes the place typed a proposed record once the
// form has passed. An organizer account chooses only organizers it speaks for: another's, forged in a POST, is refused.
import type { AgendaEvent } from '~/domain/event';
import { NEW_PLACE } from '~/domain/event-form';
import type { FieldErrors } from '~/domain/forms';
import { isReservedName, RESERVED_NAME_MESSAGE } from '~/domain/reserved-names';
import { venuesForText, venueTextMessage } from '~/domain/venue-text';
import type { Store, UserProfile } from '../ports';
import type { TypedPlace } from './new-records';
import { type AttachedRecord, organizerForName, venueForPlace } from './propose';
import { ownPendingVenues, venuesByCanton } from './venue-directory';

export const PLACE_CHOICE_MESSAGES = {
  venue: 'Ce lieu n’est pas dans la liste\u00a0: choisissez-en un autre, ou proposez un nouveau lieu.',
  organizer:
    'Votre compte ne parle pas pour cet organisateur\u00a0: choisissez l’un des vôtres, ou proposez-en un nouveau.',
} as const;

export interface PlaceChoice {
  errors: FieldErrors;
  /** The form's values, the place (and organizer's name) of a chosen record filled in. */
  values: Record<string, string>;
  /** Once the form has passed: the records, a proposed one created for what was typed. */
  attach(
    place: TypedPlace & { organizerName: string },
    now: string,
  ): Promise<{ venue: AttachedRecord; organizer: AttachedRecord }>;
}

/** The event form's place fields, from an event or from the venue chosen (its position as the form writes it). */
export const placeValues = (
  p: Pick<AgendaEvent, 'venueName' | 'street' | 'postalCode' | 'city' | 'canton' | 'lat' | 'lng'>,
) => ({
  venueName: p.venueName,
  street: p.street,
  postalCode: p.postalCode,
  city: p.city,
  canton: p.canton,
  lat: p.lat == null ? '' : String(p.lat),
  lng: p.lng == null ? '' : String(p.lng),
});

const chosen = (value: string | undefined) => {
  const v = (value ?? '').trim();
  return v === '' || v === NEW_PLACE ? null : v;
};

/** Reads the choice of the form `values` for `actor`, on the event being edited (`existing`, its working copy). */
export async function readPlaceChoice(
  { store }: { store: Store },
  actor: UserProfile,
  values: Record<string, string>,
  existing: AgendaEvent | null,
): Promise<PlaceChoice> {
  const errors: FieldErrors = {};
  const next = { ...values };
  const admin = actor.role === 'admin';
  let venueId = chosen(values.venueId);
  // Without JavaScript, the venue typed (issue 70): read back to one of the venues the page suggests, the same list.
  const typed = (values.venueText ?? '').trim();
  if (!venueId && typed) {
    const current = existing?.venueId ? await store.venues.findById(existing.venueId) : null;
    const own = await ownPendingVenues({ store }, actor);
    const offered = (await venuesByCanton({ store }, current, own)).flatMap((g) => g.venues);
    const found = venuesForText(typed, offered);
    if (found.length === 1) venueId = found[0].id;
    else errors.venueText = venueTextMessage(typed, found.length);
  }
  if (venueId) {
    next.venueId = venueId;
    const venue = await store.venues.findById(venueId);
    // An approved venue, the one the event already has, or one this account proposed (still waiting, issue 70); an
    // admin any.
    const own = async () =>
      venue?.status === 'pending' && (await ownPendingVenues({ store }, actor)).some((v) => v.id === venue.id);
    if (!venue || !(admin || venue.status === 'approved' || venue.id === existing?.venueId || (await own()))) {
      errors.venueId = PLACE_CHOICE_MESSAGES.venue;
    } else {
      Object.assign(next, placeValues({ ...venue, venueName: venue.name, city: venue.locality }));
    }
  }
  const organizerId = chosen(values.organizerId);
  if (organizerId) {
    const organizer = await store.organizers.findById(organizerId);
    const allowed =
      organizer && (admin || organizer.accountUids.includes(actor.uid) || organizer.id === existing?.organizerId);
    if (!allowed) errors.organizerId = PLACE_CHOICE_MESSAGES.organizer;
    else next.organizerName = organizer.name;
  }
  // A venue or organizer typed here becomes a public page once the event is approved: no team name (issue 46), as for
  // an account's name. Admins are the team.
  if (!admin && !venueId && isReservedName(values.venueName ?? '')) errors.venueName = RESERVED_NAME_MESSAGE;
  if (!admin && !organizerId && isReservedName(values.organizerName ?? ''))
    errors.organizerName = RESERVED_NAME_MESSAGE;
  return {
    errors,
    values: next,
    async attach(place, now) {
      const venue = venueId ? { id: venueId, created: false } : await venueForPlace({ store }, place, now);
      try {
        const organizer = organizerId
          ? { id: organizerId, created: false }
          : await organizerForName({ store }, place.organizerName, actor, now);
        return { venue, organizer };
      } catch (error) {
        if (venue.created) await store.venues.delete(venue.id).catch(() => false);
        throw error;
      }
    },
  };
}
