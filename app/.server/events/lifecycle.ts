// One step of an event's life for a user: the table of app/domain/event-lifecycle.ts decides whether this user may
// take this action on this event and what follows, the store writes it atomically (with the moderation log for an
// admin's decision). The organizer's use cases (submissions.ts) and the admins' (moderation/moderation.ts) come here.
import type { AgendaEvent, EventContent } from '~/domain/event';
import {
  actorsFor,
  applyTransition,
  findTransition,
  isPublicStatus,
  type LifecycleAction,
  type Transition,
} from '~/domain/event-lifecycle';
import { isReviewImage } from '~/domain/images';
import { isModerationAction, type ModerationAction } from '~/domain/moderation';
import { copyReviewImageToPublic, deleteImage, reviewImagesOf } from '../files/images';
import type { FileStore } from '../files/ports';
import { approveRecordsOf } from '../places/propose';
import { audit } from '../platform/audit';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';
import { type ChangeTellDeps, tellRegistrantsOfChange } from '../registrations/changes';
import { carryCancelledDates } from './cancel-date';

export const LIFECYCLE_MESSAGES = {
  notFound: 'Cet événement n’existe pas (ou plus).',
  refused: 'Cette action n’est pas possible pour cet événement dans son état actuel.',
  changed:
    'Cet événement a changé entre-temps (un autre administrateur l’a peut-être déjà traité) : voici son état actuel.',
  changedForOwner: 'Cet événement a changé entre-temps : voici son état actuel. Réessayez si besoin.',
  imageMissing:
    'L’image de cet événement est introuvable\u00a0: modifiez l’événement pour la remplacer ou la retirer, puis publiez-le.',
} as const;

export interface LifecycleDeps extends ChangeTellDeps {
  store: Store;
  now?: () => Date;
  /** Where images live (services.files): an image under review is made public with its content. Only steps on an
   * event showing such an image need it (the demo data has none). */
  files?: FileStore;
}

export interface LifecycleStep {
  /** The event before the step. */
  before: AgendaEvent;
  /** The event after it; null when it was deleted. */
  after: AgendaEvent | null;
  transition: Transition;
}

function logAction(action: LifecycleAction): ModerationAction {
  if (!isModerationAction(action)) throw new Error(`Action non journalisable : ${action}`);
  return action;
}

/**
 * Takes one action on an event as this user. Refusals are UseCaseErrors in French: 404 when the event does not exist
 * or is not theirs (a stranger learns nothing, and it is logged), 409 when the table does not allow it in the event's
 * status, or when the event changed since `seen` (the version the user decided on) or meanwhile.
 */
export async function changeEvent(
  deps: LifecycleDeps,
  user: UserProfile,
  input: {
    eventId: string;
    action: LifecycleAction;
    content?: EventContent;
    reason?: string;
    seen?: string;
    /** Dates of the series to mark cancelled in the same write (an edit's exclusions of public dates, decision 068). */
    cancelDates?: string[];
  },
): Promise<LifecycleStep> {
  const { store } = deps;
  const before = await store.events.findById(input.eventId);
  if (!before) throw new UseCaseError(LIFECYCLE_MESSAGES.notFound, 'form', 404);
  const actors = actorsFor(user, before);
  if (actors.length === 0) {
    audit('access.denied', { uid: user.uid, path: `/evenement/${before.id}`, reason: 'owner' });
    throw new UseCaseError(LIFECYCLE_MESSAGES.notFound, 'form', 404);
  }
  const changed = new UseCaseError(
    actors.includes('admin') ? LIFECYCLE_MESSAGES.changed : LIFECYCLE_MESSAGES.changedForOwner,
    'form',
    409,
  );
  if (input.seen && input.seen !== before.updatedAt) throw changed;
  const transition = findTransition(actors, before, input.action);
  if (!transition) throw new UseCaseError(LIFECYCLE_MESSAGES.refused, 'form', 409);
  const now = (deps.now ? deps.now() : new Date()).toISOString();
  // A member's edit or cancellation of another's event of its organization is written to the log as an admin's
  // decision is: the moderator reads which member did what (issue 73, decision 167). Its author's own steps stay out of
  // it (every organizer with a record is its responsable: the log would become every organizer's edits).
  const asMember =
    transition.actor === 'owner' &&
    before.createdBy !== user.uid &&
    Boolean(before.organizerId && user.organizerIds?.includes(before.organizerId)) &&
    isModerationAction(transition.action);
  const entry =
    transition.logged || asMember
      ? {
          adminUid: user.uid,
          // A trusted publisher's edit is recorded as what it is: a publication without moderation.
          action: transition.actor === 'trusted' ? ('publish' as const) : logAction(transition.action),
          reason: input.reason ?? '',
          createdAt: now,
        }
      : undefined;
  const files = () => {
    if (!deps.files) throw new Error('Une image en attente de relecture demande le stockage des fichiers');
    return deps.files;
  };
  if (transition.to === 'deleted') {
    if (!entry) throw new Error('Une suppression se journalise');
    if (!(await store.events.remove({ id: before.id, seen: before.updatedAt, entry }))) throw changed;
    await removeUnusedReviewImages(files, before, null);
    await tellRegistrantsOfChange(deps, before, null, new Date(now));
    return { before, after: null, transition };
  }
  const next = applyTransition(before, transition, {
    content: input.content,
    reason: input.reason,
    by: user.uid,
    now,
  });
  if (input.cancelDates?.length)
    next.cancelledDates = [...new Set([...(next.cancelledDates ?? []), ...input.cancelDates])].sort();
  // Dates that moved keep their « Annulé ».
  if (next.cancelledDates?.length && next.schedule !== before.schedule)
    next.cancelledDates = carryCancelledDates(before, next);
  // The public content's image goes public with it (decision 031): copied from `review/` to a public path first, so
  // the public never references a missing file; the review copy goes once the write has committed.
  let published: string | null = null;
  if (isPublicStatus(next.status) && next.image && isReviewImage(next.image.path)) {
    const reviewPath = next.image.path;
    published = await copyReviewImageToPublic(files(), reviewPath);
    if (!published) {
      const current = await store.events.findById(before.id);
      if (current?.updatedAt !== before.updatedAt) throw changed;
      throw new UseCaseError(LIFECYCLE_MESSAGES.imageMissing, 'form', 409);
    }
    next.image = { ...next.image, path: published };
    if (next.revision?.image?.path === reviewPath)
      next.revision = { ...next.revision, image: { ...next.revision.image, path: published } };
  }
  // Its proposed venue and organizer go public with it (decision 095), before it: never a public event on a proposal.
  const showsOthers = next.venueId !== before.venueId || next.organizerId !== before.organizerId;
  if (isPublicStatus(next.status) && (showsOthers || !isPublicStatus(before.status)))
    await approveRecordsOf({ store }, next, now);
  const after = await store.events.transition({ seen: before.updatedAt, next, entry });
  if (!after) {
    if (published) await deleteImage(files(), published).catch(() => {});
    throw changed;
  }
  await removeUnusedReviewImages(files, before, after);
  await tellRegistrantsOfChange(deps, before, after, new Date(now));
  return { before, after, transition };
}

/** After a committed step: the review images `before` used that `after` no longer does (published, replaced, refused,
 * deleted) are removed. A failure is logged; the step stands, and the orphan is never served. */
async function removeUnusedReviewImages(files: () => FileStore, before: AgendaEvent, after: AgendaEvent | null) {
  const kept = reviewImagesOf(after);
  const unused = [...reviewImagesOf(before)].filter((path) => !kept.has(path));
  if (unused.length === 0) return;
  try {
    await Promise.all(unused.map((path) => deleteImage(files(), path)));
  } catch (error) {
    console.error('lifecycle: review image not removed', error);
  }
}
