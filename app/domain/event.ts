// The event record of ARCHITECTURE §3, as the use cases and screens see it.
import type { CantonCode } from './cantons';
import type { CategorySlug } from './categories';
import type { DayStatus } from './day-status';
import type { Schedule } from './schedule-model';

/**
 * pending: awaiting its first moderation (or unpublished), not public · approved: public · rejected: not public, with
 * a reason · cancelled: public with an « Annulé » badge (only ever reached from approved) · withdrawn: cancelled by
 * its organizer before it was ever public, not public and out of the queue. The transitions: event-lifecycle.ts.
 */
export const EVENT_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'withdrawn'] as const;
/** An admin's decision only an admin may lift (AgendaEvent.refusedByAdmin, cancelledByAdmin). */
export type AdminHold = 'refusedByAdmin' | 'cancelledByAdmin';

export type EventStatus = (typeof EVENT_STATUSES)[number];

export interface EventImage {
  path: string;
  width: number;
  height: number;
  alt: string;
}

export interface Accessibility {
  wheelchair: boolean;
  hearing: boolean;
  familyFriendly: boolean;
}

export interface AgendaEvent {
  id: string;
  slug: string;
  title: string;
  description: string;
  /**
   * « Artistes, intervenants » (issue 52, decision 125): the names the organizer gave, in their order, none twice.
   * Absent (events written before it): none.
   */
  performers?: string[];
  category: CategorySlug;
  startsAt: string;
  /** The end as typed, or when none was typed: the end of the last day (all day, or no end time), for filters. */
  endsAt: string;
  allDay: boolean;
  /** A timed event whose organizer gave no end time: endsAt is only a bound for filters, never shown or exported. */
  openEnd: boolean;
  venueName: string;
  street: string;
  postalCode: string;
  city: string;
  canton: CantonCode;
  lat: number | null;
  lng: number | null;
  isFree: boolean;
  priceMin: number | null;
  priceMax: number | null;
  priceNote: string;
  ticketUrl: string;
  websiteUrl: string;
  organizerName: string;
  contactEmail: string;
  contactPhone: string;
  image: EventImage | null;
  accessibility: Accessibility;
  status: EventStatus;
  rejectionReason: string;
  featured: boolean;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  submittedAt: string;
  moderatedBy: string | null;
  moderatedAt: string | null;
  /** Fields an organizer changed since the last moderation (shown to moderators), empty otherwise. */
  pendingChanges?: string[];
  /** The status before the organizer cancelled (cancelled or withdrawn events), for « Rétablir ». */
  previousStatus: EventStatus | null;
  /**
   * An admin refused the event or its edit, or took it down, and has not approved it since: its owner's edits wait for
   * moderation even from a trusted account (issue 31, event-lifecycle.ts). Absent: false.
   */
  refusedByAdmin?: boolean;
  /** The cancellation in force is an admin's: its owner cannot undo it (issue 31). Absent: false. */
  cancelledByAdmin?: boolean;
  /**
   * An organizer's edit of a public event, awaiting moderation: the content fields as they typed them. The fields
   * above stay the content an admin approved, the one the public sees, until an admin approves this revision.
   */
  revision: EventContent | null;
  /**
   * Several dates, a rule or a period (app/domain/schedule.ts); absent or null: one date, startsAt–endsAt. With a
   * schedule, startsAt and endsAt span the whole series (first start, last end).
   */
  schedule?: Schedule | null;
  /**
   * The venue and organizer records (issue 36) the event points to; null or absent until the places migration (or the
   * form) gives it one. Content since decision 095: a change waits in the revision like the rest; venueName, city…
   * stay the place as the event shows it (the form fills them from the record chosen).
   */
  venueId?: string | null;
  organizerId?: string | null;
  /** The occurrences the organizer cancelled (their startsAt): « annulé » on those dates only. Not content. */
  cancelledDates?: string[];
  /**
   * Its iCalendar SEQUENCE (calendar-sequence.ts): 0 when first published, one more at each revision a calendar shows.
   * Set by the store on each write, never by a caller. Absent: 0.
   */
  icalSequence?: number;
  /** « Ça a lieu ? » (day-status.ts): what its organizer said on a date's day, one per date. Not content. */
  dayStatuses?: DayStatus[];
  /** « Selon la météo »: it says « Confirmation le jour même » until a status is given. Absent: false. */
  weatherDependent?: boolean;
  /**
   * Set by a list (EventStore.search): startsAt, endsAt and openEnd above are those of one occurrence of the event;
   * here whether that date is cancelled, how many dates it has from now on (this one included) and, in a list where
   * a series is one result (oneRowPerEvent), how many of its dates the query matched.
   */
  occurrence?: { cancelled: boolean; upcoming: number; matching?: number };
}

/** Where an event takes place, named alike in the form, the demo data files and the record. */
export const EVENT_PLACE_FIELDS = ['venueName', 'street', 'postalCode', 'city', 'canton', 'lat', 'lng'] as const;
/** Tickets, website and whom to contact, named alike in the form, the demo data files and the record. */
export const EVENT_CONTACT_FIELDS = [
  'ticketUrl',
  'websiteUrl',
  'organizerName',
  'contactEmail',
  'contactPhone',
] as const;

/** The fields an organizer writes (the form's content, schedule included): what a revision holds. */
export const EVENT_CONTENT_FIELDS = [
  'title',
  'slug',
  'description',
  'performers',
  'category',
  'startsAt',
  'endsAt',
  'allDay',
  'openEnd',
  ...EVENT_PLACE_FIELDS,
  'isFree',
  'priceMin',
  'priceMax',
  'priceNote',
  ...EVENT_CONTACT_FIELDS,
  'image',
  'accessibility',
  'schedule',
  // The venue and organizer records (issue 36, decision 095): chosen in the form, moderated like the rest.
  'venueId',
  'organizerId',
  // « Selon la météo » (issue 51): « Confirmation le jour même » until its organizer says « Ça a lieu ? ».
  'weatherDependent',
] as const;
export type EventContentField = (typeof EVENT_CONTENT_FIELDS)[number];
export type EventContent = Pick<AgendaEvent, EventContentField>;

type PlaceAndContact = Pick<
  AgendaEvent,
  | (typeof EVENT_PLACE_FIELDS)[number]
  | (typeof EVENT_CONTACT_FIELDS)[number]
  | 'isFree'
  | 'priceMin'
  | 'priceMax'
  | 'priceNote'
>;

/**
 * The place, prices, tickets and contact of an event from what names them as the record does (the form, a demo data
 * file), and nothing else it holds. A free event has no prices, whatever was typed in them.
 */
export function placeAndContactOf(source: PlaceAndContact): PlaceAndContact {
  const fields = {} as Record<keyof PlaceAndContact, unknown>;
  for (const field of [...EVENT_PLACE_FIELDS, ...EVENT_CONTACT_FIELDS, 'priceNote'] as const)
    fields[field] = source[field];
  return {
    ...(fields as PlaceAndContact),
    isFree: source.isFree,
    priceMin: source.isFree ? null : source.priceMin,
    priceMax: source.isFree ? null : source.priceMax,
  };
}

/** The content fields of an event (a copy: nested image and accessibility are not shared). */
export function contentOf(event: EventContent): EventContent {
  const content = {} as Record<EventContentField, unknown>;
  for (const field of EVENT_CONTENT_FIELDS) content[field] = event[field];
  const copy = content as EventContent;
  // An event without records (before the places migration) has none in its content either: no `undefined` stored.
  if (copy.venueId === undefined) delete copy.venueId;
  if (copy.organizerId === undefined) delete copy.organizerId;
  return {
    ...copy,
    performers: [...(copy.performers ?? [])],
    image: copy.image ? { ...copy.image } : null,
    accessibility: { ...copy.accessibility },
    schedule: copy.schedule ? structuredClone(copy.schedule) : null,
  };
}

/** What the map needs of a located event. */
export interface EventMapPoint {
  id: string;
  title: string;
  lat: number;
  lng: number;
  startsAt: string;
  endsAt: string;
  allDay: boolean;
  city: string;
  category: CategorySlug;
}
