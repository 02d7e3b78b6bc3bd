// The moderation log read on its own: what was published without moderation, for admins to review after the fact.
import type { EventStatus } from '~/domain/event';
import type { ModerationEntry } from './events';
import type { CursorPage, PageRequest } from './paging';

/** A `publish` entry of the moderation log (a trusted account's or source's publication, decision 042). */
export interface Publication extends ModerationEntry {
  /** The event's status now; null once it is deleted. */
  eventStatus: EventStatus | null;
}

export interface ModerationLogStore {
  /**
   * The publications without moderation, newest first (same instant: the later entry first), each with the event's
   * current title and status and the publisher's name (the trusted account, or the admin of a source, the source
   * named in `reason`). Read by keyset (ports/paging.ts): a page costs its own entries.
   */
  listPublications(page: PageRequest): Promise<CursorPage<Publication>>;
}
