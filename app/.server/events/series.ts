// What the event page says of when a series takes place (decisions 041 and 066): its rule in words, its next dates
// (all of them on demand), the one a link points at (`?date=YYYY-MM-DD`), and for an exhibition its period, its
// hours per day of the week, its closing days and its opening on the day looked at.

import type { StoredOccurrence } from '~/.server/schedule/schedule-expand';
import { addDaysToDate, formatCalendarDay, zurichIso, zurichToday } from '~/domain/dates';
import { dayStatusOf } from '~/domain/day-status';
import type { AgendaEvent } from '~/domain/event';
import { frenchList } from '~/domain/french-list';
import { openingText } from '~/domain/opening-text';
import { openingHoursOn, type SchedulePeriod, WEEKDAY_LABELS, WEEKDAYS } from '~/domain/schedule';
import { openBounds } from '~/domain/schedule-days';
import { describeSchedule } from '~/domain/schedule-text';
import { holidayMark, holidayOn, type SchoolHoliday } from '~/domain/school-holidays';
import type { Store } from '../ports';

export interface SeriesDate {
  startsAt: string;
  endsAt: string;
  openEnd: boolean;
  allDay: boolean;
  cancelled: boolean;
  /** Its day in Zurich (YYYY-MM-DD): the `?date=` of a link to it. */
  day: string;
  /** « Vacances (VD) » when that day is in the school holidays of the event's canton (issue 51). */
  holiday: string | null;
  /** A cancelled date: the note its organizer said with « Annulé » (« Ça a lieu ? »), else ''. */
  note?: string;
}

/** An exhibition: its days, its hours per day of the week (Monday first), the days it closes besides. */
export interface PeriodView {
  /** « Du 15 novembre 2026 au 23 février 2027 ». */
  span: string;
  /** Until when, for the line under the title: « Jusqu’au 23 février 2027 », or the span before it opens. */
  until: string;
  week: { day: string; hours: string | null }[];
  /** Closing days still to come: « Fermé aussi le jeudi 24 décembre 2026 et le vendredi 25 décembre 2026. » */
  closed: string | null;
  /** The opening of the day looked at, or of the next day it opens: the arrival asked of the train timetable. */
  visit: { startsAt: string; allDay: false } | null;
}

export interface SeriesView {
  kind: 'dates' | 'rule' | 'period';
  /** The dates from now on (cancelled ones included, marked), in order; none for a period. */
  upcoming: SeriesDate[];
  /** The date a link points at (`?date=`), when it is one of the series'. */
  chosen: SeriesDate | null;
  /** A period: its opening on the day looked at (`?date=` within it, else today), « ouvert aujourd’hui 10:00–18:00 ». */
  opening: string | null;
  period: PeriodView | null;
  /** A rule in words, above its next dates: « Chaque samedi, 08:00–12:00, du 5 décembre 2026 au 27 mars 2027 ». */
  rule: string | null;
}

const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** The first opening from `day` on (a fortnight at most), as an instant. */
function nextOpening(period: SchedulePeriod, day: string): { startsAt: string; allDay: false } | null {
  let d = day < period.from ? period.from : day;
  for (let i = 0; i < 14 && d <= period.to; i++, d = addDaysToDate(d, 1)) {
    const hours = openingHoursOn(period, d);
    if (hours) return { startsAt: zurichIso(d, hours.open), allDay: false };
  }
  return null;
}

/** The closing days to come in one sentence, each with its weekday; null when there are none. */
function closedDaysText(days: string[]): string | null {
  if (days.length === 0) return null;
  const named = [...days].sort().map((d) => `le ${formatCalendarDay(d, 'weekdayYear')}`);
  return `Fermé aussi ${frenchList(named)}.`;
}

/** The series view of an event, or null for a single date. `date` is the page's `?date=` (ignored when malformed). */
/**
 * The rule's sentence says how many times it gives (« 12 fois »); cancelled dates to come are said beside it, as the
 * card counts only the dates that take place (« 11 dates ») and the two read side by side.
 */
function withCancelled(sentence: string, upcoming: SeriesDate[]): string {
  const cancelled = upcoming.filter((d) => d.cancelled).length;
  if (cancelled === 0) return sentence;
  return `${sentence} (${cancelled} date${cancelled > 1 ? 's' : ''} annulée${cancelled > 1 ? 's' : ''})`;
}

export async function seriesView(
  { store }: { store: Store },
  event: AgendaEvent,
  date: string | null,
  now: Date = new Date(),
  holidays: readonly SchoolHoliday[] = [],
): Promise<SeriesView | null> {
  const schedule = event.schedule;
  if (!schedule) return null;
  const wanted = date && YMD.test(date) ? date : null;
  if (schedule.kind === 'period') {
    const today = zurichToday(now);
    // Its first and last open days, as its dates, the bar and the cards say (issue 47).
    const open = openBounds(schedule);
    const span = `Du ${formatCalendarDay(open.from)} au ${formatCalendarDay(open.to)}`;
    return {
      kind: 'period',
      upcoming: [],
      chosen: null,
      opening: openingText(schedule, wanted ? [wanted] : [], now),
      period: {
        span,
        until: open.from <= today ? `Jusqu’au ${formatCalendarDay(open.to)}` : span,
        week: WEEKDAYS.map((d) => {
          const h = schedule.hours[d];
          return { day: WEEKDAY_LABELS[d], hours: h ? `${h.open}–${h.close}` : null };
        }),
        visit: nextOpening(schedule, wanted && wanted > today ? wanted : today),
        closed: closedDaysText(schedule.closed.filter((d) => d >= today && d >= schedule.from && d <= schedule.to)),
      },
      rule: null,
    };
  }
  const stored = await store.events.occurrences(event.id, now.toISOString());
  const toDate = (o: StoredOccurrence): SeriesDate => ({
    startsAt: o.startsAt,
    endsAt: o.endsAt,
    openEnd: o.openEnd,
    allDay: event.allDay,
    cancelled: o.cancelled,
    note: o.cancelled ? (dayStatusOf(event.dayStatuses, o.startsAt)?.note ?? '') : '',
    day: zurichToday(new Date(o.startsAt)),
    holiday: holidayOn(holidays, event.canton, zurichToday(new Date(o.startsAt))) ? holidayMark(event.canton) : null,
  });
  const upcoming = stored.map(toDate);
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
    opening: null,
    period: null,
    rule: schedule.kind === 'rule' ? withCancelled(describeSchedule(schedule), upcoming) : null,
  };
}

/** The stored date of an event on this day (Zurich), past ones included, or undefined. */
export async function storedDateOn({ store }: { store: Store }, eventId: string, day: string) {
  return (await store.events.occurrences(eventId)).find((o) => zurichToday(new Date(o.startsAt)) === day);
}
