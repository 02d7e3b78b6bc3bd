// Venues and organizers (issue 36): records an event points to, with pages of their own.
import type { FoundBySlug, Organizer, OrganizerProfile, PlaceStatus, Venue } from '~/domain/place';

/** What one store of records (venues or organizers) promises; both backends pass the same contract. */
export interface PlaceRecordStore<T extends Venue | Organizer, F> {
  /** Every record, or those of one status, by name (French collation is the caller's). */
  list(options?: { status?: PlaceStatus }): Promise<T[]>;
  findById(id: string): Promise<T | null>;
  /** By its slug, or by a former slug (`moved`: the page redirects to the record's slug). */
  findBySlug(slug: string): Promise<FoundBySlug<T> | null>;
  /** Stores new records as they are (migration, demo content, tests). A slug already in use is refused (throws). */
  insertMany(records: readonly T[]): Promise<void>;
  /** Stores a new record; false, nothing written, when its slug (current or former) is already taken. */
  create(record: T): Promise<boolean>;
  /** Saves the editable fields; a new slug keeps the old one as a redirect. Null if absent or the slug is taken. */
  update(id: string, fields: F, now: string): Promise<T | null>;
  setStatus(id: string, status: PlaceStatus, now: string): Promise<T | null>;
  /**
   * Merges `fromId` into `intoId` in one write: every event that pointed to the first (its content and its pending
   * revision) points to the second, the second keeps the first's slugs as redirects, the first is gone. Null when
   * either is missing or they are the same; otherwise the record kept and how many events moved. The kept record
   * keeps what the merge did (`lastMerge`, by `by`), replacing the trace of an earlier merge into it.
   */
  merge(input: {
    fromId: string;
    intoId: string;
    now: string;
    by?: string;
  }): Promise<{ kept: T; events: number } | null>;
  /**
   * Undoes the last merge into `intoId` in one write (decision 114): the record merged away comes back as it was, the
   * events the merge moved (content or pending revision) that still point to `intoId` point to it again, the kept
   * record loses the slugs, accounts and status the merge gave it. Null when there is no merge to undo, or when the
   * record merged away could not come back (its id or one of its slugs taken since).
   */
  unmerge(input: { intoId: string; now: string }): Promise<{ kept: T; restored: T; events: number } | null>;
  /** Removes a record no event points to; false when absent or still used. */
  delete(id: string): Promise<boolean>;
}

export type VenueFields = Omit<Venue, 'id' | 'status' | 'redirectFrom' | 'createdAt' | 'updatedAt' | 'lastMerge'>;
export type OrganizerFields = Omit<
  Organizer,
  'id' | 'status' | 'redirectFrom' | 'createdAt' | 'updatedAt' | 'accountUids' | 'revision' | 'lastMerge'
>;

export interface VenueStore extends PlaceRecordStore<Venue, VenueFields> {
  /**
   * The venues without a point (latitude or longitude null), by name; `limit`: at most that many, read as such (the
   * start's check on Firestore reads what it finds, not every venue).
   */
  listWithoutPoint(limit?: number): Promise<Venue[]>;
}

export interface OrganizerStore extends PlaceRecordStore<Organizer, OrganizerFields> {
  /** The organizers an account speaks for. */
  listByAccount(uid: string): Promise<Organizer[]>;
  /** Links or unlinks an account (admins); null when the organizer is absent. */
  setAccount(input: { id: string; uid: string; linked: boolean; now: string }): Promise<Organizer | null>;
  /** Keeps (or, null, drops) the profile an account sent, awaiting an admin; null when the organizer is absent. */
  setRevision(input: { id: string; revision: OrganizerProfile | null; now: string }): Promise<Organizer | null>;
  /**
   * Makes the pending profile the public one in one write, if it is still the one the admin saw (`seen`: its
   * updatedAt); null when absent, without a revision, or changed meanwhile.
   */
  publishRevision(input: { id: string; seen: string; now: string }): Promise<Organizer | null>;
}

/** The venue and organizer of one event, written by the migration of free-text places (and by imports). */
export interface EventPlaceLink {
  eventId: string;
  venueId: string;
  organizerId: string;
}
