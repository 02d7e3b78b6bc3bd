// A row of the lifecycle table (event-lifecycle.ts), and what it does to an event: the event a submission creates, the event
// after any other transition, and the content fields an edit changes. Pure: no I/O.
import {
  type AdminHold,
  type AgendaEvent,
  contentOf,
  EVENT_CONTENT_FIELDS,
  type EventContent,
  type EventContentField,
  type EventStatus,
} from './event';
import { isPublicStatus } from './event-visibility';

/**
 * Who acts, relative to the event: the account that submitted it, an admin, the system (scheduled jobs: none moves an
 * event yet), or a trusted publisher (a trusted account, or an import source marked trusted) on its own events: its
 * submissions and edits publish at once, each recorded in the moderation log (decision 042). A trusted owner is also
 * an owner: cancelling and undoing go through the owner's rows.
 */
export type LifecycleActor = 'owner' | 'admin' | 'system' | 'trusted';

export const LIFECYCLE_ACTIONS = [
  'submit',
  'edit',
  'cancel',
  'undoCancel',
  'approve',
  'reject',
  'unpublish',
  'feature',
  'unfeature',
  'delete',
] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

/** What a transition does to the content. */
export type ContentEffect =
  /** Nothing. */
  | 'keep'
  /** The form's content becomes the event's content (an event that is not public: nobody sees it but its owner). */
  | 'draft'
  /** The form's content is kept as a pending revision; the approved content stays what the public sees. */
  | 'revise'
  /** The form's content replaces the event's content at once, any revision dropped: an admin's own edit. */
  | 'replace'
  /** The pending revision becomes the public content. */
  | 'publishRevision'
  /** The pending revision is dropped (with the reason); the approved content stays public. */
  | 'discardRevision'
  /** The event leaves the public pages; a pending revision becomes its content, for the next moderation. */
  | 'takeDown';

export interface Transition {
  actor: LifecycleActor;
  action: LifecycleAction;
  /** The status the event must be in; `new` for a submission (no event yet). */
  from: EventStatus | 'new';
  /** Only for an event that has (true) or has not (false) a pending revision. */
  revision?: boolean;
  /** Only for an event that is (true) or is not (false) featured. */
  featured?: boolean;
  /** Only for an event whose status before cancelling was this one (undoing a withdrawal). */
  previous?: EventStatus;
  /** Not for an event an admin holds so (AgendaEvent.refusedByAdmin, cancelledByAdmin): what only an admin lifts. */
  unlessHeld?: AdminHold;
  /** The status that follows; `deleted`: the event is gone. */
  to: EventStatus | 'deleted';
  content: ContentEffect;
  /**
   * The transition leaves content or a status no admin has approved: afterwards the event awaits a moderator (the
   * queue, the live count). A transition without it never puts an event in front of moderators.
   */
  needsModeration: boolean;
  /** An admin's decision, written to the moderation log (who, when, why). */
  logged: boolean;
}

function sameValue(a: unknown, b: unknown): boolean {
  // An absent schedule (events stored before issue 20) is no schedule.
  if (a === b || (a == null && b == null)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const ka = Object.keys(a as object).sort();
  const kb = Object.keys(b as object).sort();
  return (
    ka.length === kb.length &&
    ka.every((k, i) => k === kb[i] && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** The content fields that differ (the slug follows the title: never listed on its own). */
export function changedFields(before: EventContent, after: EventContent): EventContentField[] {
  // No performers (a revision written before issue 52 has none) are an empty list of them.
  const value = (c: EventContent, f: EventContentField) => (f === 'performers' ? (c.performers ?? []) : c[f]);
  return EVENT_CONTENT_FIELDS.filter((f) => f !== 'slug' && !sameValue(value(before, f), value(after, f)));
}

/** The next version (updatedAt) of an event: now, or just after the previous one, so every write changes it. */
export function nextVersion(previous: string, now: string): string {
  const before = Date.parse(previous);
  const at = Date.parse(now);
  return Number.isNaN(before) || at > before ? now : new Date(before + 1).toISOString();
}

export interface TransitionInput {
  /** The form's content (edit). */
  content?: EventContent;
  /** Why an admin refuses (reject): shown to the organizer. */
  reason?: string;
  /** Who acts: recorded as the moderator of a logged decision. */
  by: string | null;
  /** When (ISO). */
  now: string;
}

/**
 * The event after a transition of the table (not `submit`, which creates it, nor `delete`). Throws if the row does
 * not apply to this event: callers find it with findTransition first.
 */
export function applyTransition(event: AgendaEvent, t: Transition, input: TransitionInput): AgendaEvent {
  if (t.to === 'deleted' || t.from !== event.status) throw new Error(`Transition ${t.action} inapplicable`);
  const { now } = input;
  const next: AgendaEvent = { ...event, status: t.to, updatedAt: nextVersion(event.updatedAt, now) };
  const form = () => {
    if (!input.content) throw new Error(`Transition ${t.action} sans contenu`);
    return contentOf(input.content);
  };
  switch (t.content) {
    case 'keep':
      break;
    case 'draft': {
      const content = form();
      Object.assign(next, content);
      next.pendingChanges = [...new Set([...(event.pendingChanges ?? []), ...changedFields(event, content)])];
      break;
    }
    case 'revise': {
      const content = form();
      const changes = changedFields(event, content);
      // An edit that restores the published content leaves nothing to moderate.
      next.revision = changes.length > 0 ? content : null;
      next.pendingChanges = changes;
      next.rejectionReason = '';
      if (!event.revision && changes.length > 0) next.submittedAt = now;
      break;
    }
    case 'replace':
      Object.assign(next, form());
      next.revision = null;
      if (isPublicStatus(t.to)) next.pendingChanges = [];
      break;
    case 'publishRevision':
      if (event.revision) Object.assign(next, contentOf(event.revision));
      next.revision = null;
      next.pendingChanges = [];
      next.rejectionReason = '';
      break;
    case 'discardRevision':
      next.revision = null;
      next.pendingChanges = [];
      next.rejectionReason = input.reason ?? '';
      break;
    case 'takeDown':
      if (event.revision) Object.assign(next, contentOf(event.revision));
      next.revision = null;
      break;
  }
  // Only a public event holds a revision: one that is not (any more) works on its latest text.
  if (next.revision && !isPublicStatus(next.status)) {
    Object.assign(next, contentOf(next.revision));
    next.revision = null;
  }
  if (t.action === 'reject' && t.to === 'rejected') next.rejectionReason = input.reason ?? '';
  if ((t.action === 'approve' && t.content === 'keep') || (t.actor === 'trusted' && isPublicStatus(t.to))) {
    next.rejectionReason = '';
    next.pendingChanges = [];
  }
  // Back in the queue after a refusal: as a new submission.
  if (t.action === 'edit' && t.actor === 'owner' && event.status === 'rejected') {
    next.rejectionReason = '';
    next.submittedAt = now;
  }
  // Only a published event is featured.
  next.featured =
    t.action === 'feature' ? true : t.action === 'unfeature' || t.to !== 'approved' ? false : event.featured;
  // The status to go back to, for as long as the event stays cancelled or withdrawn.
  next.previousStatus =
    t.action === 'cancel' ? event.status : t.to === 'cancelled' || t.to === 'withdrawn' ? event.previousStatus : null;
  // An admin's refusal or take-down holds until an admin approves; an admin's cancellation while the event stays
  // cancelled. Nobody else's action lifts either.
  if (t.actor === 'admin' && (t.action === 'reject' || t.action === 'unpublish')) next.refusedByAdmin = true;
  else if (t.actor === 'admin' && t.action === 'approve') next.refusedByAdmin = false;
  else next.refusedByAdmin = event.refusedByAdmin ?? false;
  next.cancelledByAdmin =
    t.action === 'cancel' ? t.actor === 'admin' : t.to === 'cancelled' && (event.cancelledByAdmin ?? false);
  if (t.logged) {
    next.moderatedBy = input.by;
    next.moderatedAt = now;
  }
  return next;
}

/**
 * The event a `submit` row creates: the submitted content in the row's status, owned by its submitter (an account or
 * an import source's owner), without a revision. Public at once (a trusted publisher), it is published now, by
 * `publishedBy` (an account; null for a source), as an approval would (the alerts list what was published since);
 * otherwise not moderated yet.
 */
export function submittedEvent(
  content: EventContent,
  submission: { id: string; status: EventStatus; createdBy: string; now: string; publishedBy?: string | null },
): AgendaEvent {
  const { id, status, createdBy, now } = submission;
  const published = isPublicStatus(status);
  return {
    id,
    ...content,
    status,
    rejectionReason: '',
    featured: false,
    createdBy,
    createdAt: now,
    updatedAt: now,
    submittedAt: now,
    moderatedBy: published ? (submission.publishedBy ?? null) : null,
    moderatedAt: published ? now : null,
    pendingChanges: [],
    previousStatus: null,
    refusedByAdmin: false,
    cancelledByAdmin: false,
    revision: null,
  };
}
