// Events, their occurrences and the moderation log.

import type { StoredOccurrence } from '~/.server/schedule/schedule-expand';
import type { CantonCode } from '~/domain/cantons';
import type { CategorySlug } from '~/domain/categories';
import type { AgendaEvent, EventMapPoint, EventStatus } from '~/domain/event';
import type { ModerationAction } from '~/domain/moderation';
import type { CursorPage } from './paging';
import type { EventPlaceLink } from './places';

/** The last result of a page: an event at one of its dates (`startsAt` as the store gives it). */
export interface PageCursor {
  eventId: string;
  startsAt: string;
}

export interface EventQuery {
  status: readonly EventStatus[];
  /** Only events that have not ended at this instant (ISO). */
  endsAfter: string;
  /** Only events that start before this instant (ISO): the end of a date window. */
  startsBefore?: string;
  /**
   * A date that starts before `endsAfter` matches only if it ends after this instant (ISO): the night of a date window
   * that begins at midnight belongs to the evening before (a concert from 21:00 to 01:30 is not on the next day).
   */
  nightEndsAfter?: string;
  /**
   * Only dates that overlap one of these windows (ISO instants, [start, end)): the school holidays of a canton
   * (issue 51), at most MAX_HOLIDAY_WINDOWS. An empty list matches nothing. With `nightEndsAfter`, a date that
   * starts before the window matches it only if it ends after that instant (as the query's own `nightEndsAfter`).
   */
  windows?: { start: string; end: string; nightEndsAfter?: string }[];
  category?: CategorySlug;
  canton?: CantonCode;
  /** Search words, each matched as a diacritic-insensitive prefix in title, description, venue, city, organizer. */
  words?: string[];
  free?: boolean;
  family?: boolean;
  accessible?: boolean;
  organizerName?: string;
  /** Only the events of this venue or organizer record (issue 36). */
  venueId?: string;
  organizerId?: string;
  excludeId?: string;
  /**
   * Only events whose point is within `radius` km of (lat, lng) (issue 47): an event without coordinates never is.
   * Bounded on both stores: an indexed box then the exact distance (SQLite), geohash ranges then the exact distance
   * (Firestore's mirror, decision 115). The order stays the date order.
   */
  near?: { lat: number; lng: number; radius: number };
  /** Featured events first (home highlights); then by date, the most relevant first on the same instant (words). */
  featuredFirst?: boolean;
  /** With words: the most relevant first, then by date (the list's « par pertinence »). */
  byRelevance?: boolean;
  /**
   * Without this, one item per matching occurrence (decision 041): a series is one item per matching date, sorted by
   * that date, its startsAt/endsAt the occurrence's and `occurrence` set (the API's `group=occurrences`, the iCal
   * feeds). With this, a series is one result (decision 065): one item per event at its next matching date that is
   * not cancelled (the first matching one if all are), `occurrence.matching` its number of matching dates.
   */
  oneRowPerEvent?: boolean;
  /**
   * The caller reads the items only (similar events): a store may then leave the events and dates uncounted (SQLite
   * does: `total` and `dates` are 0), a count that no bound serves for every filter (decision 142).
   */
  itemsOnly?: boolean;
  /**
   * The caller shows how many events, not how many dates (a venue's page): a store may then leave `dates` 0 (SQLite
   * does for a venue alone, its events to come counted on an index, decision 158).
   */
  eventsOnly?: boolean;
  /**
   * The caller shows a count up to this many events (the list: « Plus de 500 événements »): beyond it a store may stop
   * counting and answer `atLeast`, `total` this number and `dates` 0 (SQLite does for words and « Autour de » without
   * dates, decision 151). Without it, the counts are exact. SQLite then pages a common word (more than this many
   * events) as the list, by date and the same instant by title, not by relevance.
   */
  countUpTo?: number;
  limit: number;
  offset: number;
  /**
   * Where the previous page ended (issue 69): its last result, an event at one of its dates. A store may start the page
   * just after it (a keyset) rather than skip `offset` results; one it does not find, or a store that does not use it,
   * leaves the offset.
   */
  after?: PageCursor;
  /**
   * Where the next page begins (its first result): a store may end the page just before it, walking back (the list's
   * « Précédent » beyond NUMBERED_PAGES); one it does not find, or a store that does not use it, leaves the offset.
   */
  before?: PageCursor;
}

export interface EventStore {
  /**
   * A page of the matching items and how many there are (`total`: events with oneRowPerEvent, otherwise dates), and
   * `dates`, how many matching occurrences in all, a cancelled one not counted (« 3 événements, 41 dates »).
   */
  search(query: EventQuery): Promise<{ items: AgendaEvent[]; total: number; dates: number; atLeast?: boolean }>;
  /** Located events matching the query (limit and offset ignored), for the map. */
  mapPoints(query: EventQuery, max: number): Promise<EventMapPoint[]>;
  /**
   * The names a search may suggest (« Vouliez-vous dire … ? »): title, venue, city and organizer of every event the
   * query matches (words, limit and offset ignored), as typed. Only ever asked with public statuses (decision 039).
   */
  suggestionTexts(query: EventQuery): Promise<string[]>;
  findById(id: string): Promise<AgendaEvent | null>;
  /** Those of these events that exist, in one read (`/favoris`, decision 173): Firestore's getAll, one SQLite query. */
  findByIds(ids: readonly string[]): Promise<AgendaEvent[]>;
  /** Stores events as they are (demo content, imports, tests): no use case goes through here. */
  insertMany(events: readonly AgendaEvent[]): Promise<void>;
  /** Events of these statuses that have not ended at this instant, per category (a series counts once). */
  countUpcomingByCategory(endsAfter: string, status: readonly EventStatus[]): Promise<Record<string, number>>;
  /**
   * Events an admin must look at: pending ones, and public ones holding a pending revision (docs/specification.md §4: counted live;
   * on Firestore from a listener on the denormalised `awaitingModeration` field).
   */
  countAwaitingModeration(): Promise<number>;
  /**
   * Stores a new submission once per (account, submission key): a repeated key returns the event created first.
   * Atomic, so parallel repeats never create two events.
   */
  createSubmission(input: {
    uid: string;
    submissionKey: string;
    event: AgendaEvent;
    /** A trusted publisher's submission, published at once: recorded in the moderation log in the same write. */
    entry?: ModerationLogInput;
  }): Promise<{ event: AgendaEvent; created: boolean }>;
  /**
   * Writes one step of the event's life (app/domain/event-lifecycle.ts), atomically: only if the stored event is
   * still the version `seen` (its updatedAt), replaces it by `next` and, for an admin's decision, appends `entry` to
   * the moderation log with the event's title. Its icalSequence is the store's, from the stored event and `next`
   * (app/domain/calendar-sequence.ts), never the caller's. Returns the stored event, or null when it is gone or changed
   * since.
   */
  transition(input: { seen: string; next: AgendaEvent; entry?: ModerationLogInput }): Promise<AgendaEvent | null>;
  /**
   * Deletes an event, atomically, only if it is still the version `seen`: the event and its submission keys go; its
   * moderation log stays (each entry keeps the title it was taken on) and `entry`, the deletion, is appended. False
   * when it is gone or changed since.
   */
  remove(input: { id: string; seen: string; entry: ModerationLogInput }): Promise<boolean>;
  /** The event a submission key already produced for this account, if any. */
  findSubmission(uid: string, submissionKey: string): Promise<string | null>;
  listByOwner(uid: string): Promise<AgendaEvent[]>;
  /** Events of these statuses in a city starting within a time window (for possible duplicates), 20 at most. */
  listNear(input: {
    city: string;
    from: string;
    to: string;
    excludeId?: string;
    statuses: readonly EventStatus[];
  }): Promise<AgendaEvent[]>;
  /** The base paths of every image an event shows or will show (its content's and its pending revision's). */
  listImagePaths(): Promise<string[]>;
  /**
   * The moderation list: one status, all, or what awaits moderation; optionally searched. Awaiting and pending: what
   * starts soon first (ModerationQuery.now), then the oldest submission first; the others: most recently changed first.
   */
  listForModeration(query: ModerationQuery): Promise<CursorPage<AgendaEvent>>;
  /** How many events of every status (all dates). */
  countAllByStatus(): Promise<Record<EventStatus, number>>;
  /**
   * An event's stored occurrences (decision 041), in order, those ending after `endsAfter` when given. Every write of
   * an event (insert, submission, transition) stores them in the same transaction, from its public content, up to
   * the rolling horizon (occurrenceHorizon): a single event has one, its own dates.
   */
  occurrences(eventId: string, endsAfter?: string): Promise<StoredOccurrence[]>;
  /**
   * The daily job: stores the occurrences of every series up to `horizon` (ISO) where they stop before it and the
   * series goes on. Returns how many events it extended.
   */
  extendOccurrences(horizon: string): Promise<number>;
  /**
   * Points events to their venue and organizer records (the places migration, imports), without touching anything
   * else (not their updatedAt: a form open on them still saves). Returns how many events changed.
   */
  attachPlaces(links: readonly EventPlaceLink[]): Promise<number>;
  /**
   * Every event not yet pointing to both a venue and an organizer record (the places migration, at each start): one
   * read of the missing ones, nothing for a site already linked (not every event read to find none). In the
   * migration's order: public events first, then the oldest. `limit`: the first ones only (the migration's batch, or
   * to know whether there are many).
   */
  listWithoutPlaces(limit?: number): Promise<AgendaEvent[]>;
  /** How many events point to each venue (or organizer) record, by status: what a record's page and the admins see. */
  countByPlace(
    kind: 'venue' | 'organizer',
    status: readonly EventStatus[],
    /** Only events with a date ending after this instant (ISO), as search() counts them: the upcoming ones. */
    endsAfter?: string,
  ): Promise<Record<string, number>>;
  /**
   * The sitemap's index (decision 159): per UTC day (`ms / 86400000`) of their last date's end, from the day of
   * `endsAfter` on, how many public events (PUBLIC_STATUSES) end that day, in the order of the days. Days with none are
   * left out; the day of `endsAfter` may count a few that ended before it.
   */
  publicEndDays(endsAfter: string): Promise<{ day: number; events: number }[]>;
  /**
   * One sitemap file of events (decision 159): the public events whose last date ends after `endsAfter` and on a day
   * from `firstDay` to `lastDay` (UTC days, both included), by that end then id, at most `limit`.
   */
  publicEndingOn(q: {
    endsAfter: string;
    firstDay: number;
    lastDay: number;
    limit: number;
  }): Promise<{ id: string; updatedAt: string }[]>;
  /** Events of an account per status (the organizer's history, for moderators). */
  countByOwner(uid: string): Promise<Record<EventStatus, number>>;
  /** The decisions taken on an event, newest first (also once the event is deleted). */
  moderationHistory(eventId: string): Promise<ModerationEntry[]>;
}

export type { ModerationAction };

export interface ModerationEntry {
  id: number;
  eventId: string;
  /** The event's current title; once it is deleted, the title the decision was taken on. */
  eventTitle: string;
  adminUid: string | null;
  adminName: string;
  action: ModerationAction;
  reason: string;
  createdAt: string;
}

/** What a use case writes to the moderation log; the store adds the number, the event and its title. */
export type ModerationLogInput = Pick<ModerationEntry, 'adminUid' | 'action' | 'reason' | 'createdAt'>;

export interface ModerationQuery {
  /** `awaiting`: pending events and public ones with a pending revision (the queue). */
  status: EventStatus | 'all' | 'awaiting';
  /** Search words (prefix, diacritic-insensitive, like the public search) or an organizer's email. */
  words?: string[];
  ownerEmail?: string;
  /**
   * The queue (awaiting, pending) only: the instant its « Commence bientôt » is measured from (domain/moderation.ts
   * startsSoonBounds). Those first, the soonest start first, then the others oldest submission first; absent: the
   * queue by submission alone.
   */
  now?: string;
  /** By keyset (ports/paging.ts): on Firestore a page of a tab reads its own events, its total is counted. */
  limit: number;
  after?: string | null;
  before?: string | null;
}
