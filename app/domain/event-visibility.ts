// What the public, and an event's owner and admins, see of an event in each status (decision 029). Pure: no I/O.
import { type AgendaEvent, contentOf, type EventStatus } from './event';

/** What the public may see: published events, and cancelled ones (with a badge). */
export const PUBLIC_STATUSES: readonly EventStatus[] = ['approved', 'cancelled'];

export function isPublicStatus(status: EventStatus): boolean {
  return PUBLIC_STATUSES.includes(status);
}

/** The places migration's order: public events first (a place they name is approved), then the oldest, then by id. */
export function publicFirstThenOldest(
  a: Pick<AgendaEvent, 'status' | 'createdAt' | 'id'>,
  b: Pick<AgendaEvent, 'status' | 'createdAt' | 'id'>,
): number {
  return (
    Number(isPublicStatus(b.status)) - Number(isPublicStatus(a.status)) ||
    a.createdAt.localeCompare(b.createdAt) ||
    a.id.localeCompare(b.id)
  );
}

/** An admin must look at it: a pending event, or a public one with a pending revision. */
export function awaitsModeration(event: Pick<AgendaEvent, 'status' | 'revision'>): boolean {
  return event.status === 'pending' || (event.revision !== null && isPublicStatus(event.status));
}

/**
 * What the public may see of an event: its approved content, or nothing. Whatever is not approved content or not the
 * public's business (a pending revision and the fields it changes, who created or moderated it, a refusal's reason,
 * the status before a cancellation) is blanked: the page's data travels to the browser whole.
 */
export function publicView(event: AgendaEvent): AgendaEvent | null {
  if (!isPublicStatus(event.status)) return null;
  return {
    ...event,
    revision: null,
    pendingChanges: [],
    rejectionReason: '',
    createdBy: null,
    moderatedBy: null,
    moderatedAt: null,
    previousStatus: null,
  };
}

/** What its owner and admins work on: the pending revision when there is one, else the event as it is. */
export function workingView(event: AgendaEvent): AgendaEvent {
  return event.revision ? { ...event, ...contentOf(event.revision) } : event;
}

/**
 * When an event became public: its approval (or its publication by a trusted publisher), else its creation (an event
 * a trusted source published before its publication was dated).
 */
export const publishedAt = (event: Pick<AgendaEvent, 'moderatedAt' | 'createdAt'>) =>
  event.moderatedAt ?? event.createdAt;
