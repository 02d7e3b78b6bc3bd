// The stored form of an event and of its occurrences in Firestore, and the mapping from and to the domain.

import type { DocumentSnapshot, FirestoreDataConverter } from 'firebase-admin/firestore';
import { materialise, type StoredOccurrence } from '~/.server/schedule/schedule-expand';
import type { DayStatus } from '~/domain/day-status';
import type { AgendaEvent, EventContent } from '~/domain/event';
import { awaitsModeration } from '~/domain/event-lifecycle';
import type { Schedule } from '~/domain/schedule';
import { allSearchTokens, type IndexedEvent, indexEvent } from './event-index';
import { geohashOf } from './geo-index';

/**
 * The stored form: the event as the domain has it, plus instants as numbers, the search tokens (of the public
 * content), and whether it awaits moderation (what the live count listens to).
 */
export interface EventDoc extends AgendaEvent {
  startsTs: number;
  endsTs: number;
  searchTokens: string[];
  /** Its point's geohash (geofire-common), null without one: what a query by geohash ranges orders on (decision 115). */
  geohash: string | null;
  awaitingModeration: boolean;
  /** Up to when its occurrences are stored (ms): the daily job extends the series behind the horizon. */
  occurrencesUntil?: number;
  /** Without a venue or an organizer record: what the places migration queries (decision 160). */
  placesMissing: boolean;
  /** Whether it has a schedule: what the daily extension of the series queries (decision 160). */
  series: boolean;
}

/** The derived field the places migration finds its events by (Firestore's `== null` is not the emulator's). */
export const PLACES_MISSING = 'placesMissing';
export const placesMissing = (e: Pick<AgendaEvent, 'venueId' | 'organizerId'>): boolean => !e.venueId || !e.organizerId;

/** A schedule as plain data (no `undefined`, which Firestore refuses), or null. */
const plainSchedule = (s: Schedule | null | undefined): Schedule | null =>
  s ? (JSON.parse(JSON.stringify(s)) as Schedule) : null;

const copyContent = (c: EventContent): EventContent => ({
  ...c,
  performers: [...(c.performers ?? [])],
  image: c.image ? { ...c.image } : null,
  accessibility: { ...c.accessibility },
  schedule: plainSchedule(c.schedule),
});

export function toEventDoc(e: AgendaEvent): EventDoc {
  return {
    ...e,
    image: e.image ? { ...e.image } : null,
    accessibility: { ...e.accessibility },
    pendingChanges: e.pendingChanges ?? [],
    previousStatus: e.previousStatus ?? null,
    refusedByAdmin: e.refusedByAdmin ?? false,
    cancelledByAdmin: e.cancelledByAdmin ?? false,
    revision: e.revision ? copyContent(e.revision) : null,
    schedule: plainSchedule(e.schedule),
    cancelledDates: [...(e.cancelledDates ?? [])],
    icalSequence: e.icalSequence ?? 0,
    dayStatuses: (e.dayStatuses ?? []).map((d) => ({ ...d })),
    weatherDependent: e.weatherDependent ?? false,
    performers: [...(e.performers ?? [])],
    venueId: e.venueId ?? null,
    organizerId: e.organizerId ?? null,
    startsTs: Date.parse(e.startsAt),
    endsTs: Date.parse(e.endsAt),
    searchTokens: allSearchTokens(e),
    geohash: geohashOf(e),
    awaitingModeration: awaitsModeration({ status: e.status, revision: e.revision ?? null }),
    placesMissing: placesMissing(e),
    series: e.schedule != null,
  };
}

export function fromEventDoc(d: Partial<EventDoc>): AgendaEvent {
  return {
    id: String(d.id),
    slug: String(d.slug ?? ''),
    title: String(d.title ?? ''),
    description: String(d.description ?? ''),
    category: String(d.category ?? ''),
    startsAt: String(d.startsAt ?? ''),
    endsAt: String(d.endsAt ?? ''),
    allDay: Boolean(d.allDay),
    // Absent from documents written before issue 19: their end was always shown.
    openEnd: Boolean(d.openEnd),
    venueName: String(d.venueName ?? ''),
    street: String(d.street ?? ''),
    postalCode: String(d.postalCode ?? ''),
    city: String(d.city ?? ''),
    canton: d.canton as AgendaEvent['canton'],
    lat: d.lat ?? null,
    lng: d.lng ?? null,
    isFree: Boolean(d.isFree),
    priceMin: d.priceMin ?? null,
    priceMax: d.priceMax ?? null,
    priceNote: String(d.priceNote ?? ''),
    ticketUrl: String(d.ticketUrl ?? ''),
    websiteUrl: String(d.websiteUrl ?? ''),
    organizerName: String(d.organizerName ?? ''),
    contactEmail: String(d.contactEmail ?? ''),
    contactPhone: String(d.contactPhone ?? ''),
    image: d.image ? { ...d.image } : null,
    accessibility: {
      wheelchair: Boolean(d.accessibility?.wheelchair),
      hearing: Boolean(d.accessibility?.hearing),
      familyFriendly: Boolean(d.accessibility?.familyFriendly),
    },
    status: d.status ?? 'pending',
    rejectionReason: String(d.rejectionReason ?? ''),
    featured: Boolean(d.featured),
    createdBy: d.createdBy ?? null,
    createdAt: String(d.createdAt ?? ''),
    updatedAt: String(d.updatedAt ?? ''),
    submittedAt: String(d.submittedAt ?? ''),
    moderatedBy: d.moderatedBy ?? null,
    moderatedAt: d.moderatedAt ?? null,
    pendingChanges: [...(d.pendingChanges ?? [])],
    previousStatus: d.previousStatus ?? null,
    // Written before issue 31 without them: a refused event is held by its refusal.
    refusedByAdmin: d.refusedByAdmin ?? d.status === 'rejected',
    cancelledByAdmin: d.cancelledByAdmin ?? false,
    revision: d.revision ? copyContent(d.revision) : null,
    schedule: plainSchedule(d.schedule),
    cancelledDates: [...(d.cancelledDates ?? [])],
    // Written before issue 52 without it: as at a first publication.
    icalSequence: d.icalSequence ?? 0,
    // Written before issue 51 without them: nothing said, not « selon la météo ».
    dayStatuses: Array.isArray(d.dayStatuses) ? d.dayStatuses.map((x: DayStatus) => ({ ...x })) : [],
    weatherDependent: d.weatherDependent ?? false,
    // Written before issue 52 without it: no performers.
    performers: Array.isArray(d.performers) ? d.performers.map(String) : [],
    // Absent when none, as the events written before issue 36 were read.
    ...(d.venueId ? { venueId: d.venueId } : {}),
    ...(d.organizerId ? { organizerId: d.organizerId } : {}),
  };
}

export const eventConverter: FirestoreDataConverter<AgendaEvent, EventDoc> = {
  toFirestore: (event) => toEventDoc(event as AgendaEvent),
  fromFirestore: (snapshot) => fromEventDoc({ ...(snapshot.data() as EventDoc), id: snapshot.id }),
};

export function parseIndexedEvent(snapshot: DocumentSnapshot): IndexedEvent {
  const data = snapshot.data() as EventDoc;
  return indexEvent(fromEventDoc({ ...data, id: snapshot.id }), Number(data.occurrencesUntil ?? 0));
}

/** An occurrence document: the occurrence, its event, and what the list filters on (status, category, canton). */
export interface OccurrenceDoc extends StoredOccurrence {
  eventId: string;
  status: AgendaEvent['status'];
  category: string;
  canton: string;
}

export const occurrenceKey = (eventId: string, startsTs: number) => `${eventId}:${startsTs}`;

export function occurrenceDocs(e: AgendaEvent, horizon: Date): OccurrenceDoc[] {
  return materialise(e, horizon).map((o) => ({
    ...o,
    eventId: e.id,
    status: e.status,
    category: e.category,
    canton: e.canton,
  }));
}
