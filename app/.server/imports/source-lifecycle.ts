// How an event from a feed enters the lifecycle (decisions 042 and 045), shared by calendar sources and followed
// instances (decision 088): as the source's owner (the admin who added it), and first as a trusted publisher when the
// source is trusted, each publication logged under that admin with the source's name as the reason.
import type { AgendaEvent, EventContent } from '~/domain/event';
import {
  applyTransition,
  findTransition,
  isPublicStatus,
  type LifecycleAction,
  type LifecycleActor,
  submittedEvent,
  type Transition,
  workingView,
} from '~/domain/event-lifecycle';
import {
  type AttachedRecord,
  approveRecordsOf,
  forgetCreated,
  organizerForName,
  type PlaceBook,
  venueForPlace,
} from '../places/propose';
import { newId } from '../platform/ids';
import type { Store } from '../ports';

/** What the lifecycle needs of a source, whichever kind. */
export interface FeedSource {
  name: string;
  createdBy: string;
  trusted: boolean;
}

export const sourceActors = (source: FeedSource): readonly LifecycleActor[] =>
  source.trusted ? ['trusted', 'owner'] : ['owner'];

/** The moderation log's entry of a step the source publishes on its own, if it does. */
export const sourcePublication = (source: FeedSource, transition: Transition, now: string) =>
  transition.logged
    ? { adminUid: source.createdBy, action: 'publish' as const, reason: `Source « ${source.name} »`, createdAt: now }
    : undefined;

/**
 * Submits a feed's new event as its source's owner (pending, or public for a trusted source), once per
 * `submissionKey`. Null when the lifecycle allows no submission.
 */
export async function submitFromSource(
  store: Store,
  source: FeedSource,
  content: EventContent,
  submissionKey: string,
  now: string,
  book?: PlaceBook,
  /** The new event's id, when the caller must note it before the event is written (federation/echo.ts). */
  id: string = newId(),
) {
  const transition = findTransition(sourceActors(source), null, 'submit');
  if (!transition || transition.to === 'deleted') return null;
  const placed = await withRecords({ store, book }, content, null, now);
  const event = submittedEvent(placed.content, {
    id,
    status: transition.to,
    createdBy: source.createdBy,
    now,
  });
  try {
    if (isPublicStatus(event.status)) await approveRecordsOf({ store }, event, now);
    const result = await store.events.createSubmission({
      uid: source.createdBy,
      submissionKey,
      event,
      entry: sourcePublication(source, transition, now),
    });
    // Already imported under this key: the records proposed for this attempt are not needed.
    if (!result.created) await forgetCreated({ store }, placed.venue, placed.organizer);
    return result;
  } catch (error) {
    await forgetCreated({ store }, placed.venue, placed.organizer);
    throw error;
  }
}

/**
 * The feed's content with its venue and organizer records (decision 095): those the event already has while the feed
 * names the same place and organizer, otherwise matched (a sure match attaches, an unsure one is proposed to the
 * admin with the event, none proposes a new record).
 */
async function withRecords(
  { store, book }: { store: Store; book?: PlaceBook },
  content: EventContent,
  current: AgendaEvent | null,
  now: string,
) {
  const shown = current ? workingView(current) : null;
  const samePlace =
    shown?.venueId && shown.venueName === content.venueName && shown.city === content.city ? shown.venueId : null;
  const sameOrganizer = shown?.organizerId && shown.organizerName === content.organizerName ? shown.organizerId : null;
  const venue: AttachedRecord = samePlace
    ? { id: samePlace, created: false }
    : await venueForPlace({ store, book }, content, now);
  const organizer: AttachedRecord = sameOrganizer
    ? { id: sameOrganizer, created: false }
    : content.organizerName.trim()
      ? await organizerForName({ store, book }, content.organizerName, null, now)
      : { id: shown?.organizerId ?? '', created: false };
  return {
    content: { ...content, venueId: venue.id, organizerId: organizer.id || null },
    venue,
    organizer,
  };
}

/**
 * One lifecycle step of a feed's event as its source's owner, written only on the version read: the event after it,
 * null when the lifecycle allows no such step, 'stale' when the event changed meanwhile (the caller retries later).
 */
export async function stepAsSource(
  store: Store,
  source: FeedSource,
  event: AgendaEvent,
  action: LifecycleAction,
  now: string,
  content?: EventContent,
  book?: PlaceBook,
): Promise<AgendaEvent | null | 'stale'> {
  const transition = findTransition(sourceActors(source), event, action);
  if (!transition || transition.to === 'deleted') return null;
  const placed = content ? await withRecords({ store, book }, content, event, now) : null;
  const next = applyTransition(event, transition, { content: placed?.content, by: null, now });
  // A trusted source publishes its records with the event (decision 095).
  if (isPublicStatus(next.status)) await approveRecordsOf({ store }, next, now);
  const after = await store.events.transition({
    seen: event.updatedAt,
    next,
    entry: sourcePublication(source, transition, now),
  });
  if (!after && placed) await forgetCreated({ store }, placed.venue, placed.organizer);
  return after ?? 'stale';
}
