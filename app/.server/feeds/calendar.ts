// iCalendar (RFC 5545) export of events: one event to download, or a selection to subscribe to.

import { TZDate } from '@date-fns/tz';
import ical, {
  type ICalCalendar,
  ICalCalendarMethod,
  ICalEventStatus,
  ICalEventTransparency,
  escape as icalEscape,
} from 'ical-generator';
import { LRUCache } from 'lru-cache';
import { allDayRange, eventLocationLine, openEndedDay } from '~/domain/calendar-links';
import { type CategoryInfo, categoryLabel, DEFAULT_CATEGORIES } from '~/domain/categories';
import { formatDateTime, TIME_ZONE } from '~/domain/dates';
import { dayStatusOf, dayStatusText } from '~/domain/day-status';
import type { AgendaEvent } from '~/domain/event';
import { performersLine } from '~/domain/performers';
import { registrationLine } from '~/domain/registration';
import type { RegistrationsOf } from '../registrations/registrations';
import { seriesVEvents } from './calendar-series';
import { calendarText, veventsText } from './ical-text';

export const ICAL_UID_DOMAIN = 'agenda-romand.ch';
export const ICAL_PROD_ID = '//Agenda romand//Agenda romand//FR';
/** How often subscribed calendars should refresh (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 6 * 60 * 60;

export interface ICalendarOptions {
  siteUrl: string;
  name: string;
  description?: string;
  /** The store's categories, for each event's category label (the seeded defaults if not given). */
  categories?: readonly CategoryInfo[];
  /** What each entry's date offers to book (issue 73), read for the whole feed at once. */
  registrations?: RegistrationsOf;
}

/**
 * The UID of an event in a list before its domain: a date of a series has its own (the id and its start); a period
 * (an exhibition) is one entry, the event's, as in its own .ics.
 */
export const icalKey = (event: Pick<AgendaEvent, 'id' | 'schedule' | 'startsAt'>) =>
  event.schedule && event.schedule.kind !== 'period'
    ? `${event.id}-${event.startsAt.slice(0, 16).replace(/[-:]/g, '')}`
    : event.id;

export const eventPageUrl = (siteUrl: string, id: string) => `${siteUrl}/evenement/${id}`;

// ical-generator formats a TZDate in its own zone; a plain Date would be read in the server's zone.
const zurich = (iso: string) => new TZDate(new Date(iso).getTime(), TIME_ZONE);

/**
 * The events as one VCALENDAR. Times carry TZID=Europe/Zurich with its VTIMEZONE; all-day events are DATE values
 * with an exclusive end. The zone is set on each event rather than as the calendar's own zone, because
 * ical-generator would then also write DTSTAMP and LAST-MODIFIED as local times, where RFC 5545 wants UTC.
 */
/** The calendar's own properties (its events are added apart: addEvents). */
function newCalendar(opts: ICalendarOptions): ICalCalendar {
  return ical({
    prodId: ICAL_PROD_ID,
    method: ICalCalendarMethod.PUBLISH,
    // ical-generator writes NAME and X-WR-CALDESC unescaped.
    name: icalEscape(opts.name, false),
    description: opts.description ? icalEscape(opts.description, false) : undefined,
    url: opts.siteUrl,
    ttl: REFRESH_SECONDS,
    // No generator: calendarText writes the zone's VTIMEZONE once (ical-generator would fold the whole text slowly).
    timezone: { name: null },
  });
}

function addEvents(calendar: ICalCalendar, events: readonly AgendaEvent[], opts: ICalendarOptions): void {
  for (const event of events) {
    const url = eventPageUrl(opts.siteUrl, event.id);
    const cancelled = event.status === 'cancelled';
    const location = eventLocationLine(event);
    // No end time: RFC 5545 §3.6.1 lets a DATE-TIME DTSTART stand without DTEND (the event has no stated end), which
    // calendars show as a start only. A span of days without an end time keeps the end of its last day.
    const range = event.allDay
      ? allDayRange(event)
      : { start: zurich(event.startsAt), endExclusive: openEndedDay(event) ? null : zurich(event.endsAt) };
    const common = {
      stamp: new Date(event.updatedAt),
      lastModified: new Date(event.updatedAt),
      // RFC 5545's SEQUENCE: the store's counter (app/domain/calendar-sequence.ts), the same in every calendar file.
      sequence: event.icalSequence ?? 0,
      timezone: TIME_ZONE,
      allDay: event.allDay,
      description: [event.description.trim(), performersLine(event), url].filter(Boolean).join('\n\n'),
      location:
        event.lat != null && event.lng != null
          ? { title: location || event.city, geo: { lat: event.lat, lon: event.lng } }
          : location || null,
      url,
      categories: [{ name: categoryLabel(event.category, opts.categories ?? DEFAULT_CATEGORIES) }],
    };
    const summary = (off: boolean) => (off ? `Annulé : ${event.title}` : event.title);
    const status = (off: boolean) => (off ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED);
    // A series on its own (the event's .ics): each of its dates, with the UID it has in a list (decision 124), where
    // each date of a series is an item of its own. A period (an exhibition) is the same one all-day, free
    // VEVENT everywhere, with the event's UID: never its opening hours as one timed block of months (issue 52).
    if (event.schedule && (!event.occurrence || event.schedule.kind === 'period')) {
      for (const v of seriesVEvents(event, event.schedule)) {
        const off = cancelled || v.cancelled;
        calendar.createEvent({
          ...common,
          id: `${event.id}${v.suffix}@${ICAL_UID_DOMAIN}`,
          start: v.start,
          end: v.end,
          allDay: v.allDay ?? common.allDay,
          transparency: v.transparent ? ICalEventTransparency.TRANSPARENT : null,
          description: v.note ? `${v.note}\n\n${common.description}` : common.description,
          summary: summary(off),
          status: status(off),
        });
      }
      continue;
    }
    const off = cancelled || Boolean(event.occurrence?.cancelled);
    // « Ça a lieu ? » (issue 51): what was said that day heads the description; « Reporté » is TENTATIVE (docs/ca-a-lieu.md).
    const said = dayStatusOf(event.dayStatuses, event.startsAt);
    const postponed = !off && said?.kind === 'postponed';
    const long = spansDays(event);
    const days = long ? allDayRange(event) : range;
    const stated = long && !event.allDay ? `${statedTimes(event)}\n\n${common.description}` : common.description;
    // Places to book (issue 73): one line, after what was said on the day.
    const booking = registrationLine(opts.registrations?.(event) ?? null);
    const description = booking ? `${booking}\n\n${stated}` : stated;
    calendar.createEvent({
      ...common,
      id: `${icalKey(event)}@${ICAL_UID_DOMAIN}`,
      start: days.start,
      end: days.endExclusive,
      allDay: long || event.allDay,
      transparency: long ? ICalEventTransparency.TRANSPARENT : null,
      description: said ? `${dayStatusText(said)}\n\n${description}` : description,
      summary: postponed ? `Reporté : ${event.title}` : summary(off),
      status: postponed ? ICalEventStatus.TENTATIVE : status(off),
    });
  }
}

/** More than a day from start to end: a single event one goes to, not a block of the subscriber's time. */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A single event over several days (a « Marché de Noël » of four weeks, a fair over a weekend): shown as an exhibition
 * is (issue 52), all day over its days and as free time (TRANSP:TRANSPARENT), its stated times said first in its
 * description. As one timed entry, it was four weeks of busy time that hid the subscriber's own appointments in a week
 * view and made every invitation of those weeks a conflict; one entry per day would invent opening hours it never
 * stated (decision 154).
 */
export function spansDays(event: Pick<AgendaEvent, 'startsAt' | 'endsAt' | 'schedule'>): boolean {
  return !event.schedule && Date.parse(event.endsAt) - Date.parse(event.startsAt) > DAY_MS;
}

/** The times a single event over several days states, for its description: « Du … à 11:00 au … à 20:00 ». */
const statedTimes = (event: Pick<AgendaEvent, 'startsAt' | 'endsAt'>) =>
  `Du ${formatDateTime(event.startsAt)} au ${formatDateTime(event.endsAt)}`;

/** The VEVENTs of these events as folded text. */
function eventsText(events: readonly AgendaEvent[], opts: ICalendarOptions): string {
  const calendar = newCalendar(opts);
  addEvents(calendar, events, opts);
  return veventsText(calendar);
}

/** The events as one VCALENDAR (the text of calendarText: CRLF after each line, END:VCALENDAR included). */
export function buildICalendar(events: AgendaEvent[], opts: ICalendarOptions): string {
  return calendarText(newCalendar(opts), TIME_ZONE, events.length > 0, eventsText(events, opts));
}

/** Events made into text per slice, the event loop free between two: other requests wait for one slice at most. */
const SLICE = 20;

/**
 * The VEVENTs of the events of lists already made, while the store is at the revision they were made at: the feeds of
 * two selections (another `q`, another canton) share most of their events, made once (issue 46). A date of a series
 * is its own entry (icalKey); the site's address and the categories' labels do not change within a revision.
 */
const made = new LRUCache<string, string>({ max: 4 * 500 });
let madeAt = -1;
// The places to book are in the key: they change with the time (a closing time passed) as well as the revision.
const madeKey = (event: AgendaEvent, opts: ICalendarOptions) =>
  `${opts.siteUrl} ${icalKey(event)} ${event.occurrence?.cancelled ? 1 : 0} ${registrationLine(opts.registrations?.(event) ?? null) ?? ''}`;

/**
 * buildICalendar for a feed of up to FEED_MAX_EVENTS events of a list, without holding the process for the whole of
 * it; `revision`: the store's, under which each event's VEVENT is kept for the next feeds.
 */
export async function buildICalendarInSlices(
  events: AgendaEvent[],
  opts: ICalendarOptions,
  revision: number,
): Promise<string> {
  if (revision !== madeAt) {
    made.clear();
    madeAt = revision;
  }
  const parts: string[] = [];
  for (let i = 0; i < events.length; i += SLICE) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const event of events.slice(i, i + SLICE)) {
      const key = madeKey(event, opts);
      let text = made.get(key);
      if (text === undefined) {
        text = eventsText([event], opts);
        made.set(key, text);
      }
      parts.push(text);
    }
  }
  return calendarText(newCalendar(opts), TIME_ZONE, events.length > 0, parts.join(''));
}
