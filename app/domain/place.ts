// Venues and organizers as records (issue 36): an event points to one of each. A record proposed by an organizer
// waits for an admin (pending) and is approved with the event; a merged record leaves its slug as a redirect.
import type { CantonCode } from './cantons';
import type { EventImage } from './event';

export const PLACE_STATUSES = ['pending', 'approved'] as const;
export type PlaceStatus = (typeof PLACE_STATUSES)[number];

/** What a venue offers people with a disability, and the Swiss labels it holds (OK:GO, Kultur inklusiv). */
export interface VenueAccessibility {
  wheelchair: boolean;
  inductionLoop: boolean;
  accessibleToilets: boolean;
  /** The OK:GO label (Stiftung Cerebral / Procap): accessibility information checked on site. */
  okGo: boolean;
  /** The label « Kultur inklusiv / Culture inclusive » (Pro Infirmis). */
  cultureInclusive: boolean;
}

export const NO_VENUE_ACCESSIBILITY: VenueAccessibility = {
  wheelchair: false,
  inductionLoop: false,
  accessibleToilets: false,
  okGo: false,
  cultureInclusive: false,
};

export interface Venue {
  id: string;
  slug: string;
  name: string;
  street: string;
  postalCode: string;
  /** A town of the localities list (app/domain/localities.ts), as it is named there when it is known. */
  locality: string;
  canton: CantonCode;
  lat: number | null;
  lng: number | null;
  website: string;
  photo: EventImage | null;
  /** The public-transport stop as the SBB/CFF timetable names it (« Lausanne, Riponne-M. Béjart »), or empty. */
  stop: string;
  accessibility: VenueAccessibility;
  /** A short description (plain text). */
  description: string;
  status: PlaceStatus;
  /** Slugs of venues merged into this one, or its former slugs: their pages redirect here (301). */
  redirectFrom: string[];
  /**
   * A proposed venue that probably is an approved one (an unsure match, decision 095): the admin confirms it (the two
   * are merged) or says it is another place. Absent or null: none.
   */
  suggestedMatchId?: string | null;
  /** What the last merge into this venue did, for its undo (decision 114); absent or null: nothing to undo. */
  lastMerge?: MergeTrace | null;
  createdAt: string;
  updatedAt: string;
}

/** What an organizer account edits of its organizer (decision 095): moderated like an event's content. */
export interface OrganizerProfile {
  description: string;
  website: string;
  logo: EventImage | null;
}

/** The longest description, website and logo description an organizer's profile takes. */
export const PROFILE_LIMITS = { description: 2000, website: 500, logoAlt: 200 } as const;

export interface Organizer {
  id: string;
  slug: string;
  /** The public name. */
  name: string;
  description: string;
  website: string;
  logo: EventImage | null;
  status: PlaceStatus;
  /** The accounts that speak for this organizer (many to many: an account may speak for several organizers). */
  accountUids: string[];
  redirectFrom: string[];
  /** The profile as its account last sent it, awaiting an admin (the fields above stay public until then). */
  revision?: OrganizerProfile | null;
  /** What the last merge into this organizer did, for its undo (decision 114); absent or null: nothing to undo. */
  lastMerge?: MergeTrace | null;
  createdAt: string;
  updatedAt: string;
}

/** A venue or an organizer found by a slug: `moved` when the slug is a former one (the page redirects). */
export interface FoundBySlug<T> {
  record: T;
  moved: boolean;
}

/** How long after a merge an admin may undo it (decision 114): a day, and only until the kept record merges again. */
export const MERGE_UNDO_HOURS = 24;

/**
 * What a merge did, kept on the record it kept (decision 114): the record merged away as it was, the events whose
 * content and those whose pending revision were moved, the slugs and accounts the kept record received, its status
 * before. The undo gives back exactly that and nothing else.
 */
export interface MergeTrace {
  at: string;
  /** The admin who merged. */
  by: string;
  gone: Venue | Organizer;
  eventIds: string[];
  revisionIds: string[];
  addedSlugs: string[];
  addedAccounts: string[];
  statusBefore: PlaceStatus;
}

/** Whether a record's last merge may still be undone at `now`. */
export const undoable = (trace: MergeTrace | null | undefined, now: Date): trace is MergeTrace =>
  Boolean(trace) && now.getTime() - Date.parse(trace?.at ?? '') < MERGE_UNDO_HOURS * 3_600_000;
