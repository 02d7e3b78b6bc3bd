// An organizer account edits its organizer's profile (description, website, logo), moderated like an event (decision
// 095): what it sends waits as the record's revision, the public profile unchanged until an admin publishes it on
// /admin/organisateurs. An account that speaks for several organizers chooses which.

import { isReviewImage } from '~/domain/images';
import type { Organizer, OrganizerProfile } from '~/domain/place';
import { PROFILE_LIMITS } from '~/domain/place';
import { copyReviewImageToPublic, deleteImage, ImageRejected, storeEventImage } from '../files/images';
import type { FileStore } from '../files/ports';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';
import { readProfileText } from './profile-text';

const NOT_YOURS = 'Cet organisateur n’existe pas, ou votre compte ne parle pas pour lui.';

/** The organizers this account speaks for and the one chosen (`?id=`, or the first), its profile as last sent. */
export async function organizerProfilePage({ store }: { store: Store }, user: UserProfile, wanted: string | null) {
  const organizers = await store.organizers.listByAccount(user.uid);
  const chosen = organizers.find((o) => o.id === wanted) ?? organizers[0] ?? null;
  if (wanted && chosen?.id !== wanted) throw new UseCaseError(NOT_YOURS, 'form', 404);
  return {
    organizers: organizers.map((o) => ({ id: o.id, name: o.name })),
    chosen: chosen
      ? {
          id: chosen.id,
          name: chosen.name,
          slug: chosen.slug,
          pending: chosen.status !== 'approved',
          // The profile as last sent: the revision waiting, else the public one.
          profile: chosen.revision ?? { description: chosen.description, website: chosen.website, logo: chosen.logo },
          waiting: Boolean(chosen.revision),
        }
      : null,
  };
}

export interface ProfileInput {
  organizerId: string;
  description: string;
  website: string;
  logoAlt: string;
  logo: { bytes: Buffer } | { refused: string } | null;
  removeLogo: boolean;
}

/** Saves the profile sent as the organizer’s revision: the public profile stays until an admin publishes it. */
export async function saveOrganizerProfile(
  { store, files, now = () => new Date() }: { store: Store; files: FileStore; now?: () => Date },
  user: UserProfile,
  input: ProfileInput,
): Promise<{ ok: true; organizer: Organizer } | { ok: false; errors: Record<string, string> }> {
  const organizer = await store.organizers.findById(input.organizerId);
  if (!organizer?.accountUids.includes(user.uid)) throw new UseCaseError(NOT_YOURS, 'form', 404);
  const { description, website, errors } = readProfileText(input);
  const logoAlt = input.logoAlt.trim();
  if (input.logo && 'refused' in input.logo) errors.logo = input.logo.refused;
  const current = organizer.revision ?? {
    description: organizer.description,
    website: organizer.website,
    logo: organizer.logo,
  };
  if (input.logo && 'bytes' in input.logo && !logoAlt)
    errors.logoAlt = 'Décrivez le logo en quelques mots (pour les personnes qui ne le voient pas).';
  if (logoAlt.length > PROFILE_LIMITS.logoAlt) errors.logoAlt = 'Cette description est trop longue.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  let logo: OrganizerProfile['logo'] = input.removeLogo ? null : current.logo;
  if (input.logo && 'bytes' in input.logo) {
    try {
      logo = await storeEventImage(files, input.logo.bytes, logoAlt);
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      return { ok: false, errors: { logo: error.message } };
    }
  } else if (logo && logoAlt && logoAlt !== logo.alt) logo = { ...logo, alt: logoAlt };
  const at = now().toISOString();
  const saved = await store.organizers.setRevision({
    id: organizer.id,
    revision: { description, website, logo },
    now: at,
  });
  if (!saved) throw new UseCaseError(NOT_YOURS, 'form', 404);
  return { ok: true, organizer: saved };
}

/** The organizers whose profile waits for an admin, with the public profile beside the one sent. */
export async function profilesAwaiting({ store }: { store: Store }, admin: UserProfile) {
  if (admin.role !== 'admin') throw new UseCaseError('Action réservée aux administrateurs.', 'form', 403);
  const all = await store.organizers.list();
  return all
    .filter((o) => o.revision)
    .map((o) => ({
      id: o.id,
      name: o.name,
      updatedAt: o.updatedAt,
      before: { description: o.description, website: o.website, logo: o.logo },
      after: o.revision as OrganizerProfile,
    }));
}

/** The admin publishes the profile sent (its logo made public) or refuses it (the public profile stays). */
export async function decideOnProfile(
  { store, files, now = () => new Date() }: { store: Store; files: FileStore; now?: () => Date },
  admin: UserProfile,
  input: { id: string; seen: string; publish: boolean },
): Promise<Organizer> {
  if (admin.role !== 'admin') throw new UseCaseError('Action réservée aux administrateurs.', 'form', 403);
  const organizer = await store.organizers.findById(input.id);
  const changed = new UseCaseError('Ce profil a changé entre-temps\u00a0: voici son état actuel.', 'form', 409);
  if (!organizer?.revision || organizer.updatedAt !== input.seen) throw changed;
  const at = now().toISOString();
  const sent = organizer.revision.logo;
  if (!input.publish) {
    const kept = await store.organizers.setRevision({ id: organizer.id, revision: null, now: at });
    if (!kept) throw changed;
    if (sent && isReviewImage(sent.path) && sent.path !== organizer.logo?.path)
      await deleteImage(files, sent.path).catch(() => {});
    return kept;
  }
  // The logo under review goes public first, so the public profile never points to a missing file; the review copy
  // goes once the profile is published (as an event's image, decision 031).
  const review = sent && isReviewImage(sent.path) ? sent.path : null;
  let copied: string | null = null;
  if (sent && review) {
    copied = await copyReviewImageToPublic(files, review);
    if (!copied) throw new UseCaseError('Le logo envoyé est introuvable\u00a0: refusez ce profil.', 'form', 409);
    const moved = await store.organizers.setRevision({
      id: organizer.id,
      revision: { ...organizer.revision, logo: { ...sent, path: copied } },
      now: organizer.updatedAt,
    });
    if (!moved) {
      await deleteImage(files, copied).catch(() => {});
      throw changed;
    }
  }
  const published = await store.organizers.publishRevision({ id: organizer.id, seen: organizer.updatedAt, now: at });
  if (!published) throw changed;
  if (review)
    await deleteImage(files, review).catch((error) =>
      console.error('organizer profile: review logo not removed', error),
    );
  return published;
}
