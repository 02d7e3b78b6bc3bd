// What the event page shows of a series (decision 041): its next dates, all of them, the one a link points at
// (`?date=YYYY-MM-DD`), and for a period its opening hours.
import { zurichToday } from '~/domain/dates';
import type { AgendaEvent } from '~/domain/event';
import { openingHoursText, todayOpeningText } from '~/domain/schedule';
import type { StoredOccurrence } from '~/domain/schedule-expand';
import { describeSchedule } from '~/domain/schedule-text';
import type { Store } from '../ports';

export interface SeriesDate {
  startsAt: string;
  endsAt: string;
  openEnd: boolean;
  allDay: boolean;
  cancelled: boolean;
  /** Its day in Zurich (YYYY-MM-DD): the `?date=` of a link to it. */
  day: string;
}

export interface SeriesView {
  kind: 'dates' | 'rule' | 'period';
  /** The dates from now on (cancelled ones included, marked), in order. */
  upcoming: SeriesDate[];
  /** The date a link points at (`?date=`), when it is one of the series'. */
  chosen: SeriesDate | null;
  /** A period: « ouvert aujourd’hui 10:00–18:00 » or « fermé aujourd’hui », and its weekly hours. */
  openingToday: string | null;
  openingHours: string[];
  /** A rule in words, above its next dates: « Chaque samedi, 08:00–12:00, du 5 décembre 2026 au 27 mars 2027 ». */
  rule: string | null;
}

/** The series view of an event, or null for a single date. `date` is the page's `?date=` (ignored when malformed). */
export async function seriesView(
  store: Store,
  event: AgendaEvent,
  date: string | null,
  now: Date = new Date(),
): Promise<SeriesView | null> {
  const schedule = event.schedule;
  if (!schedule) return null;
  const stored = await store.events.occurrences(event.id, now.toISOString());
  const toDate = (o: StoredOccurrence): SeriesDate => ({
    startsAt: o.startsAt,
    endsAt: o.endsAt,
    openEnd: o.openEnd,
    allDay: event.allDay,
    cancelled: o.cancelled,
    day: zurichToday(new Date(o.startsAt)),
  });
  const upcoming = stored.map(toDate);
  const wanted = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
  let chosen = wanted ? (upcoming.find((d) => d.day === wanted) ?? null) : null;
  if (wanted && !chosen) {
    // A link to a date already past still names it (from all the stored dates).
    const past = (await store.events.occurrences(event.id)).find((o) => zurichToday(new Date(o.startsAt)) === wanted);
    chosen = past ? toDate(past) : null;
  }
  return {
    kind: schedule.kind,
    upcoming,
    chosen,
    openingToday: todayOpeningText(schedule, now),
    openingHours: schedule.kind === 'period' ? openingHoursText(schedule) : [],
    rule: schedule.kind === 'rule' ? describeSchedule(schedule) : null,
  };
}
