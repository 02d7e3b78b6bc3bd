// What the public API (/api/v1) says of an event, a category, a partner: stable English field names, dates in ISO 8601
// with the Europe/Zurich offset, absolute URLs (docs/decisions/046-api-publique.md). Only ever given public content.

import { TZDate } from '@date-fns/tz';
import { formatISO } from 'date-fns/formatISO';
import type { CategoryInfo } from '~/domain/categories';
import { TIME_ZONE } from '~/domain/dates';
import { dayStatusOf, dayStatusText } from '~/domain/day-status';
import type { AgendaEvent } from '~/domain/event';
import { occurrenceDayOf } from '~/domain/event-card';
import { IMAGE_WIDTHS, imageUrl, isReviewImage } from '~/domain/images';
import type { Partner } from '~/domain/partner';
import { type Availability, availabilityText } from '~/domain/registration';
import { describeSchedule, seriesLine } from '~/domain/schedule-text';

/** An instant as `2026-11-28T20:00:00+01:00`. */
export const zurichIsoOffset = (iso: string) => formatISO(new TZDate(new Date(iso), TIME_ZONE));

const absolute = (siteUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : `${siteUrl}${path}`);

/**
 * An approved image in the widths that really exist. The pipeline writes a file per nominal width (400, 800, 1600) but
 * never enlarges a small upload: for a 600 px picture, `-800` and `-1600` are both 600 px wide. Each size says its real
 * width, and a file that repeats the one before is not listed (decision 007).
 */
export function apiImage(event: AgendaEvent, siteUrl: string) {
  const image = event.image;
  // A picture no admin approved is never public (decision 031).
  if (!image || isReviewImage(image.path)) return null;
  // The stored width is the largest variant's; 0 only for an image whose size was never read (nominal widths then).
  const real = (nominal: number) => (image.width > 0 ? Math.min(nominal, image.width) : nominal);
  const heightAt = (w: number) => (image.width > 0 ? Math.round((image.height * w) / image.width) : image.height);
  const size = (nominal: (typeof IMAGE_WIDTHS)[number]) => ({
    url: absolute(siteUrl, imageUrl(image.path, nominal)),
    width: real(nominal),
    height: heightAt(real(nominal)),
  });
  const sizes = IMAGE_WIDTHS.map(size).filter((s, i, all) => i === 0 || s.width > all[i - 1].width);
  return { ...size(800), alt: image.alt, sizes };
}

/**
 * A series in words (decision 065): its kind, the schedule in a sentence, the line a list shows (« Chaque mardi ·
 * 18:30 · 29 dates ») and how many of its dates the request matched (with `group=series`). Null for one date.
 */
export function apiSeries(event: AgendaEvent) {
  const schedule = event.schedule;
  if (!schedule) return null;
  const matching = event.occurrence?.matching ?? null;
  const line = event.occurrence ? seriesLine(schedule, matching ?? 1, event.occurrence.upcoming) : null;
  return {
    kind:
      schedule.kind === 'rule'
        ? ('rule' as const)
        : schedule.kind === 'dates'
          ? ('dates' as const)
          : ('period' as const),
    description: describeSchedule(schedule),
    summary: line?.text ?? null,
    matchingDates: matching,
  };
}

/** « Ça a lieu ? » (issue 51) for the date the item stands for: what was said, when, and the same in words. */
function apiDayStatus(event: AgendaEvent) {
  const said = dayStatusOf(event.dayStatuses, event.startsAt);
  if (!said) return null;
  return {
    status: said.kind,
    text: dayStatusText(said),
    note: said.note || null,
    saidAt: zurichIsoOffset(said.saidAt),
    postponedTo: said.postponedTo ? zurichIsoOffset(said.postponedTo) : null,
    movedTo: said.movedTo || null,
  };
}

/**
 * Places to book (issue 73) for the date the item stands for: `open`, `few`, `waiting-list`, `full` or `closed`, the
 * places left (null once closed) and the words of the site. Never who registered.
 */
export function apiRegistration(availability: Availability | null) {
  if (!availability) return null;
  const remaining = 'remaining' in availability ? availability.remaining : availability.kind === 'closed' ? null : 0;
  return { availability: availability.kind, remainingPlaces: remaining, text: availabilityText(availability) };
}

export function apiEvent(
  event: AgendaEvent,
  siteUrl: string,
  categories: readonly CategoryInfo[],
  registration: Availability | null = null,
) {
  const day = occurrenceDayOf(event);
  const page = `${siteUrl}/evenement/${event.id}`;
  const category = categories.find((c) => c.slug === event.category);
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    performers: [...(event.performers ?? [])],
    url: day ? `${page}?date=${day}` : page,
    icsUrl: `${page}/calendrier.ics`,
    startsAt: zurichIsoOffset(event.startsAt),
    // An end the organizer never gave is only a bound for filters: not said.
    endsAt: event.openEnd ? null : zurichIsoOffset(event.endsAt),
    allDay: event.allDay,
    cancelled: event.status === 'cancelled' || (event.occurrence?.cancelled ?? false),
    weatherDependent: event.weatherDependent ?? false,
    dayStatus: apiDayStatus(event),
    occurrence: day && event.occurrence ? { date: day, upcomingDates: event.occurrence.upcoming } : null,
    series: apiSeries(event),
    venue: {
      name: event.venueName,
      street: event.street,
      postalCode: event.postalCode,
      locality: event.city,
      canton: event.canton,
      latitude: event.lat,
      longitude: event.lng,
    },
    category: { slug: event.category, name: category?.label ?? event.category },
    price: { free: event.isFree, min: event.priceMin, max: event.priceMax, currency: 'CHF', note: event.priceNote },
    accessibility: {
      wheelchair: event.accessibility.wheelchair,
      hearing: event.accessibility.hearing,
      family: event.accessibility.familyFriendly,
    },
    organizer: { name: event.organizerName },
    ticketUrl: event.ticketUrl || null,
    websiteUrl: event.websiteUrl || null,
    image: apiImage(event, siteUrl),
    registration: apiRegistration(registration),
  };
}

export type ApiEvent = ReturnType<typeof apiEvent>;
export const EVENT_FIELDS = [
  'id',
  'title',
  'description',
  'performers',
  'url',
  'icsUrl',
  'startsAt',
  'endsAt',
  'allDay',
  'cancelled',
  'weatherDependent',
  'dayStatus',
  'occurrence',
  'series',
  'venue',
  'category',
  'price',
  'accessibility',
  'organizer',
  'ticketUrl',
  'websiteUrl',
  'image',
  'registration',
] as const satisfies readonly (keyof ApiEvent)[];

export function apiCategory(category: CategoryInfo, siteUrl: string, upcoming: number) {
  return {
    slug: category.slug,
    name: category.label,
    color: category.color,
    upcomingEvents: upcoming,
    url: `${siteUrl}/evenements?category=${encodeURIComponent(category.slug)}`,
  };
}

export function apiPartner(partner: Partner, siteUrl: string) {
  return {
    id: partner.id,
    name: partner.name,
    kind: partner.kind === 'partenaire' ? ('partner' as const) : ('donor' as const),
    description: partner.description,
    url: `${siteUrl}/partenaires/${partner.id}`,
    websiteUrl: partner.websiteUrl || null,
    logoUrl: partner.logo ? absolute(siteUrl, partner.logo) : null,
  };
}
