// The life of an event as one table: which actor may take which action on an event in which status, the status that
// follows, what happens to the content, and whether a moderator must then look at it. Every use case of both backends
// goes through it (app/.server/events/lifecycle.ts), the admin screen offers the buttons it allows, and a property test
// drives random sequences of it (tests/contract/event-lifecycle-property.ts). Pure: no I/O.
//
// The invariant it keeps: an event is visible to the public only if an admin approved the content that is shown. The
// content fields of a public event (approved, cancelled) are the approved content; an organizer's edit of it waits in
// `revision` until an admin approves it (decision 029).
import { type AgendaEvent, EVENT_STATUSES } from './event';
import { LIFECYCLE_ACTIONS, type LifecycleAction, type LifecycleActor, type Transition } from './event-transition';

// The effect of a transition and the views of an event live beside the table; importable from here as before.
export {
  applyTransition,
  type ContentEffect,
  changedFields,
  LIFECYCLE_ACTIONS,
  type LifecycleAction,
  type LifecycleActor,
  nextVersion,
  submittedEvent,
  type Transition,
  type TransitionInput,
} from './event-transition';
export {
  awaitsModeration,
  isPublicStatus,
  PUBLIC_STATUSES,
  publicFirstThenOldest,
  publicView,
  workingView,
} from './event-visibility';

/** Who publishes an event: an account or an import source, trusted or not (decision 042). */
export interface Publisher {
  kind: 'account' | 'source';
  id: string;
  trusted: boolean;
}

type Row = Omit<Transition, 'needsModeration' | 'logged'> & Partial<Pick<Transition, 'needsModeration' | 'logged'>>;

const owner = (row: Omit<Row, 'actor'>): Transition => ({
  needsModeration: false,
  logged: false,
  ...row,
  actor: 'owner',
});
const admin = (row: Omit<Row, 'actor'>): Transition => ({
  needsModeration: false,
  logged: true,
  ...row,
  actor: 'admin',
});

const trusted = (row: Omit<Row, 'actor'>): Transition => ({
  needsModeration: false,
  logged: true,
  ...row,
  actor: 'trusted',
});

/** The table. Anything not in it is refused. */
export const TRANSITIONS: readonly Transition[] = [
  // The organizer, on their own events.
  owner({ action: 'submit', from: 'new', to: 'pending', content: 'draft', needsModeration: true }),
  owner({ action: 'edit', from: 'pending', to: 'pending', content: 'draft', needsModeration: true }),
  owner({ action: 'edit', from: 'rejected', to: 'pending', content: 'draft', needsModeration: true }),
  owner({ action: 'edit', from: 'withdrawn', to: 'withdrawn', content: 'draft' }),
  owner({ action: 'edit', from: 'approved', to: 'approved', content: 'revise', needsModeration: true }),
  owner({ action: 'edit', from: 'cancelled', to: 'cancelled', content: 'revise', needsModeration: true }),
  // Cancelling a public event keeps it public with a badge; one that never was public is withdrawn, never published.
  owner({ action: 'cancel', from: 'approved', to: 'cancelled', content: 'keep' }),
  owner({ action: 'cancel', from: 'pending', to: 'withdrawn', content: 'keep' }),
  owner({ action: 'cancel', from: 'rejected', to: 'withdrawn', content: 'keep' }),
  // Only the owner's own cancellation: an admin's stands until an admin decides otherwise.
  owner({ action: 'undoCancel', from: 'cancelled', unlessHeld: 'cancelledByAdmin', to: 'approved', content: 'keep' }),
  owner({
    action: 'undoCancel',
    from: 'withdrawn',
    previous: 'pending',
    to: 'pending',
    content: 'keep',
    needsModeration: true,
  }),
  owner({ action: 'undoCancel', from: 'withdrawn', previous: 'rejected', to: 'rejected', content: 'keep' }),

  // A trusted publisher, on its own events: published at once, logged (« publié sans modération »). A refusal stays
  // the admins' call: an event an admin refused (or whose edit an admin refused, or that an admin took down) goes
  // through the owner's rows, back to the queue, until an admin approves it again (issue 31).
  trusted({ action: 'submit', from: 'new', to: 'approved', content: 'draft' }),
  trusted({ action: 'edit', from: 'pending', unlessHeld: 'refusedByAdmin', to: 'approved', content: 'draft' }),
  trusted({ action: 'edit', from: 'approved', unlessHeld: 'refusedByAdmin', to: 'approved', content: 'replace' }),
  trusted({ action: 'edit', from: 'cancelled', unlessHeld: 'refusedByAdmin', to: 'cancelled', content: 'replace' }),

  // Admins, on any event.
  admin({ action: 'approve', from: 'pending', to: 'approved', content: 'keep' }),
  admin({ action: 'approve', from: 'rejected', to: 'approved', content: 'keep' }),
  admin({ action: 'approve', from: 'approved', revision: true, to: 'approved', content: 'publishRevision' }),
  admin({ action: 'approve', from: 'cancelled', revision: true, to: 'cancelled', content: 'publishRevision' }),
  admin({ action: 'reject', from: 'pending', to: 'rejected', content: 'keep' }),
  admin({ action: 'reject', from: 'approved', revision: true, to: 'approved', content: 'discardRevision' }),
  admin({ action: 'reject', from: 'cancelled', revision: true, to: 'cancelled', content: 'discardRevision' }),
  admin({ action: 'unpublish', from: 'approved', to: 'pending', content: 'takeDown', needsModeration: true }),
  admin({ action: 'unpublish', from: 'cancelled', to: 'pending', content: 'takeDown', needsModeration: true }),
  admin({ action: 'cancel', from: 'approved', to: 'cancelled', content: 'keep' }),
  admin({ action: 'feature', from: 'approved', featured: false, to: 'approved', content: 'keep' }),
  ...EVENT_STATUSES.map((status) =>
    admin({ action: 'unfeature', from: status, featured: true, to: status, content: 'keep' }),
  ),
  ...EVENT_STATUSES.map((status) =>
    admin({ action: 'edit', from: status, to: status, content: 'replace', needsModeration: status === 'pending' }),
  ),
  ...EVENT_STATUSES.map((status) => admin({ action: 'delete', from: status, to: 'deleted', content: 'keep' })),
];

/** The actors a user is for an event (an admin first: an admin's edit of their own event applies at once). */
export function actorsFor(
  user: { uid: string; role: string; trusted?: boolean; organizerIds?: readonly string[] } | null,
  event: Pick<AgendaEvent, 'createdBy' | 'organizerId'> | null,
): LifecycleActor[] {
  if (!user) return [];
  const actors: LifecycleActor[] = [];
  if (user.role === 'admin') actors.push('admin');
  // Its author, or a member of the organization it is « au nom de » (issue 73, decision 167): the one check of « may
  // this account manage this event? », the member's rights read with the session on every request.
  const author = event?.createdBy != null && event.createdBy === user.uid;
  const member = Boolean(event?.organizerId && user.organizerIds?.includes(event.organizerId));
  if (!event || author || member) {
    if (user.trusted) actors.push('trusted');
    actors.push('owner');
  }
  return actors;
}

type LifecycleState = Pick<
  AgendaEvent,
  'status' | 'featured' | 'revision' | 'previousStatus' | 'refusedByAdmin' | 'cancelledByAdmin'
>;

/** The row allowing this action to the first of these actors on this event (null: a submission), or null. */
export function findTransition(
  actors: readonly LifecycleActor[],
  event: LifecycleState | null,
  action: LifecycleAction,
): Transition | null {
  const from = event ? event.status : 'new';
  for (const actor of actors) {
    const found = TRANSITIONS.find(
      (t) =>
        t.actor === actor &&
        t.action === action &&
        t.from === from &&
        (t.revision === undefined || t.revision === (event?.revision != null)) &&
        (t.featured === undefined || t.featured === event?.featured) &&
        (t.previous === undefined || t.previous === event?.previousStatus) &&
        (t.unlessHeld === undefined || !event?.[t.unlessHeld]),
    );
    if (found) return found;
  }
  return null;
}

/** The actions these actors may take on this event now. */
export function allowedActions(actors: readonly LifecycleActor[], event: LifecycleState): LifecycleAction[] {
  return LIFECYCLE_ACTIONS.filter((action) => findTransition(actors, event, action) !== null);
}
