// How an event from a feed enters the lifecycle (decisions 042 and 045), shared by calendar sources and followed
// instances (decision 088): as the source's owner (the admin who added it), and first as a trusted publisher when the
// source is trusted, each publication logged under that admin with the source's name as the reason.
import type { AgendaEvent, EventContent } from '~/domain/event';
import {
  applyTransition,
  findTransition,
  type LifecycleAction,
  type LifecycleActor,
  submittedEvent,
  type Transition,
} from '~/domain/event-lifecycle';
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
) {
  const transition = findTransition(sourceActors(source), null, 'submit');
  if (!transition || transition.to === 'deleted') return null;
  const event = submittedEvent(content, { id: newId(), status: transition.to, createdBy: source.createdBy, now });
  return store.events.createSubmission({
    uid: source.createdBy,
    submissionKey,
    event,
    entry: sourcePublication(source, transition, now),
  });
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
): Promise<AgendaEvent | null | 'stale'> {
  const transition = findTransition(sourceActors(source), event, action);
  if (!transition || transition.to === 'deleted') return null;
  const next = applyTransition(event, transition, { content, by: null, now });
  const after = await store.events.transition({
    seen: event.updatedAt,
    next,
    entry: sourcePublication(source, transition, now),
  });
  return after ?? 'stale';
}
