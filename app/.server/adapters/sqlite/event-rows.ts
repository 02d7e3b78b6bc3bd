// Events as SQLite rows: conversions both ways, and the SQL of an event query (filters, full-text match, order).

import type { CantonCode } from '~/domain/cantons';
import type { CategorySlug } from '~/domain/categories';
import type { DayStatus } from '~/domain/day-status';
import { boundingBox } from '~/domain/distance';
import { type AgendaEvent, EVENT_STATUSES, type EventContent, type EventStatus } from '~/domain/event';
import { PUBLIC_STATUSES } from '~/domain/event-lifecycle';
import type { Schedule } from '~/domain/schedule';
import { wordForms } from '~/domain/search-forms';
import type { EventQuery } from '../../ports';
import type { Db } from './db';
import { bool, num, type Row, str } from './rows';

/** An event read with one of its occurrences (columns occ_*): its dates are the occurrence's. */
export function toEventAt(row: Row): AgendaEvent {
  const event = toEvent(row);
  return {
    ...event,
    startsAt: str(row.occ_starts_at),
    endsAt: str(row.occ_ends_at),
    openEnd: bool(row.occ_open_end),
    occurrence: {
      cancelled: bool(row.occ_cancelled),
      upcoming: Number(row.occ_upcoming),
      ...(row.occ_matching == null ? {} : { matching: Number(row.occ_matching) }),
    },
  };
}

export function toEvent(row: Row): AgendaEvent {
  return {
    id: str(row.id),
    slug: str(row.slug),
    title: str(row.title),
    description: str(row.description),
    performers: row.performers ? (JSON.parse(str(row.performers)) as string[]) : [],
    category: row.category as CategorySlug,
    startsAt: str(row.starts_at),
    endsAt: str(row.ends_at),
    allDay: bool(row.all_day),
    openEnd: bool(row.open_end),
    venueName: str(row.venue_name),
    street: str(row.street),
    postalCode: str(row.postal_code),
    city: str(row.city),
    canton: row.canton as CantonCode,
    lat: num(row.lat),
    lng: num(row.lng),
    isFree: bool(row.is_free),
    priceMin: num(row.price_min),
    priceMax: num(row.price_max),
    priceNote: str(row.price_note),
    ticketUrl: str(row.ticket_url),
    websiteUrl: str(row.website_url),
    organizerName: str(row.organizer_name),
    contactEmail: str(row.contact_email),
    contactPhone: str(row.contact_phone),
    image: row.image ? JSON.parse(str(row.image)) : null,
    accessibility: {
      wheelchair: bool(row.wheelchair),
      hearing: bool(row.hearing),
      familyFriendly: bool(row.family_friendly),
    },
    status: row.status as EventStatus,
    rejectionReason: str(row.rejection_reason),
    featured: bool(row.featured),
    createdBy: row.created_by == null ? null : str(row.created_by),
    createdAt: str(row.created_at),
    updatedAt: str(row.updated_at),
    submittedAt: str(row.submitted_at),
    moderatedBy: row.moderated_by == null ? null : str(row.moderated_by),
    moderatedAt: row.moderated_at == null ? null : str(row.moderated_at),
    pendingChanges: row.pending_changes ? (JSON.parse(str(row.pending_changes)) as string[]) : [],
    previousStatus: row.previous_status == null ? null : (row.previous_status as EventStatus),
    refusedByAdmin: bool(row.refused_by_admin),
    cancelledByAdmin: bool(row.cancelled_by_admin),
    revision: row.revision ? (JSON.parse(str(row.revision)) as EventContent) : null,
    schedule: row.schedule ? (JSON.parse(str(row.schedule)) as Schedule) : null,
    cancelledDates: row.cancelled_dates ? (JSON.parse(str(row.cancelled_dates)) as string[]) : [],
    icalSequence: Number(row.ical_sequence ?? 0),
    dayStatuses: row.day_statuses ? (JSON.parse(str(row.day_statuses)) as DayStatus[]) : [],
    weatherDependent: bool(row.weather_dependent),
    // Absent when none, as the events written before issue 36 were read.
    ...(row.venue_id == null ? {} : { venueId: str(row.venue_id) }),
    ...(row.organizer_id == null ? {} : { organizerId: str(row.organizer_id) }),
  };
}

export function eventParams(e: AgendaEvent) {
  return {
    id: e.id,
    slug: e.slug,
    title: e.title,
    description: e.description,
    performers: e.performers?.length ? JSON.stringify(e.performers) : null,
    category: e.category,
    starts_at: e.startsAt,
    ends_at: e.endsAt,
    starts_ts: Date.parse(e.startsAt),
    ends_ts: Date.parse(e.endsAt),
    all_day: e.allDay ? 1 : 0,
    open_end: e.openEnd ? 1 : 0,
    venue_name: e.venueName,
    street: e.street,
    postal_code: e.postalCode,
    city: e.city,
    canton: e.canton,
    lat: e.lat,
    lng: e.lng,
    is_free: e.isFree ? 1 : 0,
    price_min: e.priceMin,
    price_max: e.priceMax,
    price_note: e.priceNote,
    ticket_url: e.ticketUrl,
    website_url: e.websiteUrl,
    organizer_name: e.organizerName,
    contact_email: e.contactEmail,
    contact_phone: e.contactPhone,
    image: e.image ? JSON.stringify(e.image) : null,
    wheelchair: e.accessibility.wheelchair ? 1 : 0,
    hearing: e.accessibility.hearing ? 1 : 0,
    family_friendly: e.accessibility.familyFriendly ? 1 : 0,
    status: e.status,
    rejection_reason: e.rejectionReason,
    featured: e.featured ? 1 : 0,
    created_by: e.createdBy,
    created_at: e.createdAt,
    updated_at: e.updatedAt,
    submitted_at: e.submittedAt,
    moderated_by: e.moderatedBy,
    moderated_at: e.moderatedAt,
    pending_changes: e.pendingChanges?.length ? JSON.stringify(e.pendingChanges) : null,
    previous_status: e.previousStatus ?? null,
    refused_by_admin: e.refusedByAdmin ? 1 : 0,
    cancelled_by_admin: e.cancelledByAdmin ? 1 : 0,
    revision: e.revision ? JSON.stringify(e.revision) : null,
    schedule: e.schedule ? JSON.stringify(e.schedule) : null,
    cancelled_dates: e.cancelledDates?.length ? JSON.stringify(e.cancelledDates) : null,
    ical_sequence: e.icalSequence ?? 0,
    day_statuses: e.dayStatuses?.length ? JSON.stringify(e.dayStatuses) : null,
    weather_dependent: e.weatherDependent ? 1 : 0,
    venue_id: e.venueId ?? null,
    organizer_id: e.organizerId ?? null,
  };
}

export function statusCounts(rows: Row[]): Record<EventStatus, number> {
  const counts = Object.fromEntries(EVENT_STATUSES.map((s) => [s, 0])) as Record<EventStatus, number>;
  for (const r of rows) counts[r.status as EventStatus] = Number(r.n);
  return counts;
}

/**
 * FTS5 query: every word required, in any of its forms (search-forms.ts, decision 161): the typed one as a quoted
 * prefix, the others whole ("fete"* AND ("marches"* OR "marche")); FTS5 wants the AND written beside a bracket.
 */
export function ftsMatch(words: readonly string[]): string {
  return words
    .map((w) => {
      const forms = wordForms(w).map((f) => `"${f.term.replace(/"/g, '')}"${f.prefix ? '*' : ''}`);
      return forms.length === 0
        ? `"${w.replace(/"/g, '')}"*`
        : forms.length === 1
          ? forms[0]
          : `(${forms.join(' OR ')})`;
    })
    .join(' AND ');
}

/** Awaits moderation (event-lifecycle.ts awaitsModeration): pending, or public with a pending revision. */
export const AWAITING = `(e.status = 'pending' OR (e.revision IS NOT NULL AND e.status IN (${PUBLIC_STATUSES.map((s) => `'${s}'`).join(', ')})))`;

/**
 * The distance in km from the centre (its latitude twice, then its longitude) to the event's point: geofire-common's
 * haversine (radius 6371 km), 2·asin(√a) being its 2·atan2(√a, √(1−a)).
 */
const HAVERSINE_KM = `(2 * 6371 * asin(sqrt(
  pow(sin(radians(e.lat - ?) / 2), 2) + cos(radians(?)) * cos(radians(e.lat)) * pow(sin(radians(e.lng - ?) / 2), 2))))`;

/**
 * The conditions of a public query on one stored date, named `alias`: it ends after `endsAfter`, and is in the date
 * window or the school holidays asked. The others (status, category, words…) are the event's, the same for all its dates.
 */
export function dateConditions(q: EventQuery, alias: string): { where: string[]; params: unknown[] } {
  const where = [`${alias}.ends_ts > ?`];
  const params: unknown[] = [Date.parse(q.endsAfter)];
  const add = (clause: string, ...values: unknown[]) => {
    where.push(clause);
    params.push(...values);
  };
  if (q.startsBefore) add(`${alias}.starts_ts < ?`, Date.parse(q.startsBefore));
  if (q.nightEndsAfter)
    add(`(${alias}.starts_ts >= ? OR ${alias}.ends_ts > ?)`, Date.parse(q.endsAfter), Date.parse(q.nightEndsAfter));
  if (q.windows) {
    // A handful of ranges on the occurrence's own dates, as the date filters: none means no date matches.
    if (q.windows.length === 0) add('0');
    else
      add(
        `(${q.windows.map(() => `(${alias}.ends_ts > ? AND ${alias}.starts_ts < ? AND (${alias}.starts_ts >= ? OR ${alias}.ends_ts > ?))`).join(' OR ')})`,
        ...q.windows.flatMap((w) => [
          Date.parse(w.start),
          Date.parse(w.end),
          Date.parse(w.start),
          Date.parse(w.nightEndsAfter ?? w.start),
        ]),
      );
  }
  return { where, params };
}

/**
 * The SQL of a public query, over occurrences (decision 041): `o` is one stored date of event `e`, and the dates
 * filters apply to it (an event matches through any of its dates).
 */
export function eventQuerySql(q: EventQuery) {
  const where = [`e.status IN (${q.status.map(() => '?').join(', ')})`];
  const params: unknown[] = [...q.status];
  const dates = dateConditions(q, 'o');
  where.push(...dates.where);
  params.push(...dates.params);
  let from = 'FROM event_occurrences o JOIN events e ON e.id = o.event_id';
  let rank: string | null = null;
  if (q.words && q.words.length > 0) {
    from = 'FROM events_fts f JOIN events e ON e.id = f.event_id JOIN event_occurrences o ON o.event_id = e.id';
    where.unshift('events_fts MATCH ?');
    params.unshift(ftsMatch(q.words));
    // Title matters most, then organizer and venue, then city, then description.
    rank = 'bm25(events_fts, 0, 10, 1, 4, 3, 5)';
  }
  const event = eventConditions(q);
  where.push(...event.where);
  params.push(...event.params);
  // The near filter's box is the way in, unless words are: their full-text match is. On the index that holds what the
  // list tests of an event (status, last end, category, canton: migration 33), only the box's events to come are read,
  // not every event of its latitudes, past ones included (issue 69).
  if (q.near && !rank) {
    from = from.replace('JOIN events e ON', 'JOIN events e INDEXED BY events_lat_lng_counted ON');
    where.push('e.last_ends_ts > ?');
    params.push(Date.parse(q.endsAfter));
  }
  return { from, where: where.join(' AND '), params, rank };
}

/**
 * The conditions of a public query on the event itself, after its status and dates: category, canton, the other
 * filters, the near filter's box and distance.
 */
export function eventConditions(q: EventQuery): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, ...values: unknown[]) => {
    where.push(clause);
    params.push(...values);
  };
  if (q.category) add('e.category = ?', q.category);
  if (q.canton) add('e.canton = ?', q.canton);
  if (q.free) add('e.is_free = 1');
  if (q.family) add('e.family_friendly = 1');
  if (q.accessible) add('e.wheelchair = 1');
  if (q.organizerName) add('e.organizer_name = ? COLLATE NOCASE', q.organizerName);
  if (q.venueId) add('e.venue_id = ?', q.venueId);
  if (q.organizerId) add('e.organizer_id = ?', q.organizerId);
  if (q.excludeId) add('e.id <> ?', q.excludeId);
  if (q.near) {
    // The box on the (lat, lng) index first, then the exact distance: geofire-common's haversine, written in SQL.
    // Without statistics SQLite would rather read every public event by status: the box is named as the way in
    // (with words, the full-text match stays the way in: eventQuerySql).
    const box = boundingBox(q.near);
    add('e.lat BETWEEN ? AND ? AND e.lng BETWEEN ? AND ?', box.minLat, box.maxLat, box.minLng, box.maxLng);
    add(`${HAVERSINE_KM} <= ?`, q.near.lat, q.near.lat, q.near.lng, q.near.radius);
  }
  return { where, params };
}

/** The events of these ids that exist, in one query (`/favoris`, decision 173). */
export function eventsByIds(db: Db, ids: readonly string[]): AgendaEvent[] {
  const sql = 'SELECT * FROM events WHERE id IN (SELECT value FROM json_each(?))';
  return (db.prepare(sql).all(JSON.stringify(ids)) as Row[]).map(toEvent);
}
