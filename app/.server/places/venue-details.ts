// A venue's description, website, photo and point, edited by an admin (issues 47 and 70): published at once (an admin's own word),
// shown on /lieux/:slug and in its JSON-LD Place. The photo goes through the event images' pipeline (sharp, type and
// size checked, SVG and HTML refused), stored as public images; the one it replaces is deleted.
import type { Venue } from '~/domain/place';
import { PROFILE_LIMITS } from '~/domain/place';
import { readVenuePoint, type VenuePointInput } from '~/domain/venue-point';
import { deleteImage, ImageRejected, storeImage } from '../files/images';
import type { FileStore } from '../files/ports';
import type { Store, UserProfile } from '../ports';
import { assertAdmin, existing } from './admin-places';
import { readProfileText } from './profile-text';
import { eventsTakeVenuePoint } from './venue-points';

export interface VenueDetailsInput {
  id: string;
  description: string;
  website: string;
  photoAlt: string;
  photo: { bytes: Buffer } | { refused: string } | null;
  removePhoto: boolean;
  /** The pin moved on the map, or a locality chosen (issue 70); absent: the point stays. */
  point?: VenuePointInput;
}

/** The venue an admin edits, with what its form shows. */
export async function venueDetailsPage({ store }: { store: Store }, actor: UserProfile, id: string): Promise<Venue> {
  assertAdmin(actor);
  return (await existing(store, 'venue', id)) as Venue;
}

/** Checks and saves; a refusal answers every field's message at once, nothing written. */
export async function saveVenueDetails(
  { store, files }: { store: Store; files: FileStore },
  actor: UserProfile,
  input: VenueDetailsInput,
  now: Date,
): Promise<{ ok: true; venue: Venue } | { ok: false; errors: Record<string, string> }> {
  assertAdmin(actor);
  const venue = (await existing(store, 'venue', input.id)) as Venue;
  const { description, website, errors } = readProfileText(input);
  const photoAlt = input.photoAlt.trim();
  if (input.photo && 'refused' in input.photo) errors.photo = input.photo.refused;
  const sending = Boolean(input.photo && 'bytes' in input.photo);
  if ((sending || (venue.photo && !input.removePhoto)) && !photoAlt)
    errors.photoAlt = 'Décrivez la photo en quelques mots (pour les personnes qui ne la voient pas).';
  if (photoAlt.length > PROFILE_LIMITS.logoAlt) errors.photoAlt = 'Cette description est trop longue.';
  const place = input.point ? readVenuePoint(input.point, venue) : { ok: true as const, point: null };
  if (!place.ok) errors.point = place.error;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  let photo = input.removePhoto ? null : venue.photo ? { ...venue.photo, alt: photoAlt } : null;
  if (input.photo && 'bytes' in input.photo) {
    try {
      photo = await storeImage(files, input.photo.bytes, photoAlt, 'events');
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      return { ok: false, errors: { photo: error.message } };
    }
  }
  const { id: _i, status: _s, redirectFrom: _r, createdAt: _c, updatedAt: _u, lastMerge: _m, ...fields } = venue;
  const point = input.point && place.ok ? place.point : { lat: venue.lat, lng: venue.lng };
  const saved = await store.venues.update(
    venue.id,
    { ...fields, description, website, photo, lat: point?.lat ?? null, lng: point?.lng ?? null },
    now.toISOString(),
  );
  if (!saved) {
    if (photo && photo.path !== venue.photo?.path) await deleteImage(files, photo.path);
    return { ok: false, errors: { form: 'Ce lieu n’existe plus.' } };
  }
  if (venue.photo && venue.photo.path !== photo?.path) await deleteImage(files, venue.photo.path);
  // Its events without a point, or at the point it had, follow it: found « Autour de » where it now is.
  if (saved.lat !== venue.lat || saved.lng !== venue.lng) await eventsTakeVenuePoint({ store }, saved, venue);
  return { ok: true, venue: saved };
}
