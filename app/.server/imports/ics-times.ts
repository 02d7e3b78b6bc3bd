// The dates of a VEVENT in the agenda's terms, read with ical.js (decision 146) as the best calendar clients read them:
// its VTIMEZONE definitions honoured (whatever their name), else an IANA or Windows zone name, else a floating time
// taken as Zurich's; its recurrence expanded with RRULEs, RDATEs (periods too), EXDATEs, EXRULEs and its moved or
// cancelled instances (RECURRENCE-ID); each date ending at its start plus the event's duration. Only the dates of the
// import's window are kept (from the first day of the month, WINDOW_MONTHS long), as Zurich wall-clock times: one
// date, a weekly or monthly rule of the site when one says them exactly, or a list of dates with their own times (a
// date over several days ends on its own day, `endDate`; app/domain/schedule.ts).
import type ICAL from 'ical.js';
import { expandSchedule, type Occurrence, occurrence, scheduleSpan } from '~/.server/schedule/schedule-expand';
import { addDaysToDate, zurichDay, zurichIso, zurichWallClock } from '~/domain/dates';
import type { EventContent } from '~/domain/event';
import {
  MAX_OCCURRENCES,
  type Schedule,
  type ScheduleDate,
  type ScheduleRule,
  WEEKDAYS,
  type Weekday,
  weekdayOf,
} from '~/domain/schedule';
import { dayMs, excluded, exruleStarts, ical, instantOf, MAX_STEPS, periodEnds, tzidOf } from './ics-zones';

/** How far ahead a series is imported, from the first day of the current month (the job rolls it, run-import.ts). */
export const WINDOW_MONTHS = 13;

/** Longer than any date of a series the import keeps: one before the window by more cannot reach into it. */
const LONGEST = 400 * 86_400_000;

/**
 * A VEVENT the import leaves aside, with the reason the run log gives beside its UID (issue 31): a recurrence the
 * agenda cannot hold (every hour, minute or second) or that gives no date. The rest of the feed is imported.
 */
export class SkippedEntry extends Error {}

/** The longest each month can be (February in a leap year). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A rule whose days of the month exist in none of its months (BYMONTH=2;BYMONTHDAY=30): no date but DTSTART. */
function neverOccurs(rule: ICAL.Recur): boolean {
  const months = (rule.parts.BYMONTH ?? []).map(Number);
  const days = (rule.parts.BYMONTHDAY ?? []).map(Number);
  if (months.length === 0 || days.length === 0) return false;
  return months.every((m) => days.every((d) => Math.abs(d) > (MONTH_DAYS[m - 1] ?? 31)));
}

/** Recurrences more frequent than daily: an agenda lists days, not hours. */
const SUB_DAILY = new Set(['HOURLY', 'MINUTELY', 'SECONDLY']);

/** The import's window, seen from `now`: the first day of its Zurich month, and WINDOW_MONTHS later. */
export function importWindow(now: Date): { from: number; to: number } {
  const [y, m] = zurichWallClock(now).date.split('-').map(Number);
  const firstOf = (months: number) => Date.parse(zurichIso(ymdOf(Date.UTC(y, m - 1 + months, 1))));
  return { from: firstOf(0), to: firstOf(WINDOW_MONTHS) };
}

/** One dated occurrence of a VEVENT: start and end instants (ms), or days for an all-day one, and its status. */
interface Instance {
  start: number;
  end: number | null;
  allDay: boolean;
  cancelled: boolean;
}

/** The dates of a VEVENT, ready for the event model. */
export interface Times {
  times: Pick<EventContent, 'startsAt' | 'endsAt' | 'allDay' | 'openEnd' | 'schedule'>;
  /** The dates (startsAt) cancelled in the feed (STATUS:CANCELLED on an instance). */
  cancelledDates: string[];
  /** All its dates are cancelled. */
  cancelled: boolean;
  /** Its series had more dates in the window than the cap: only the first ones are kept. */
  cut: boolean;
}

/** The DATE of an all-day value, at midnight UTC (ms). */
const ymdOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** An instance of the series or of its changed instance (`component`): its zones and its status are that one's. */
function instanceOf(start: ICAL.Time, end: ICAL.Time | null, component: ICAL.Component): Instance {
  const cancelled = String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
  if (start.isDate) {
    const first = dayMs(start);
    const last = end?.isDate && dayMs(end) > first ? dayMs(end) : first + 86_400_000;
    return { start: first, end: last, allDay: true, cancelled };
  }
  const startTzid = tzidOf(component.getFirstProperty('dtstart'));
  const at = instantOf(start, startTzid);
  const until = end ? instantOf(end, tzidOf(component.getFirstProperty('dtend')) || startTzid) : null;
  return { start: at, end: until !== null && until > at ? until : null, allDay: false, cancelled };
}

const rulesOf = (component: ICAL.Component) =>
  component.getAllProperties('rrule').map((p) => p.getFirstValue() as ICAL.Recur);

/**
 * Every instance of a VEVENT (its exceptions related) that ends after `from` and starts before `to`, in order. Throws
 * SkippedEntry for a recurrence the agenda does not take.
 */
export function instancesOf(event: ICAL.Event, from: number, to: number): Instance[] {
  const master = event.component;
  const rules = rulesOf(master);
  const freq = rules.map((r) => r.freq).find((f) => SUB_DAILY.has(f));
  if (freq)
    throw new SkippedEntry(
      `Récurrence trop fréquente (FREQ=${freq})\u00a0: l’agenda ne reprend que des dates par jour, semaine, mois ou année. Événement ignoré.`,
    );
  const impossible = rules.find(neverOccurs);
  if (impossible)
    throw new SkippedEntry(
      `Règle de récurrence sans aucune date possible (${impossible.toString().slice(0, 80)})\u00a0: événement ignoré.`,
    );
  // Several RRULEs: ical.js drops dates when one of them ends first; each is expanded alone, the sets merged.
  if (rules.length > 1) return severalRules(event, from, to);
  const startTzid = tzidOf(master.getFirstProperty('dtstart'));
  const instances: Instance[] = [];
  const keep = (i: Instance) => {
    if ((i.end ?? i.start) >= from && i.start < to) instances.push(i);
  };
  if (!event.isRecurring()) {
    keep(instanceOf(event.startDate, event.endDate, master));
    return instances;
  }
  const removed = exruleStarts(event, to, startTzid);
  const periods = periodEnds(event, startTzid);
  /** One instance of the expansion (by its original start); false once past the window. */
  const plain = Object.keys(event.exceptions).length === 0;
  const visit = (next: ICAL.Time): boolean => {
    // Long before the window, a series without changed instances has nothing to read (a daily rule since 1997).
    if (plain && (next.isDate ? dayMs(next) : next.toUnixTime() * 1000) < from - LONGEST) return true;
    const details = event.getOccurrenceDetails(next);
    const own = details.item.component !== master;
    const instance = instanceOf(details.startDate, details.endDate, details.item.component);
    const original = instantOf(next, startTzid);
    // A moved instance may come before the window of its original date: both are read against the window.
    if (original >= to && instance.start >= to) return false;
    if (removed.has(original)) return true;
    const periodEnd = own ? undefined : periods.get(original);
    if (periodEnd !== undefined && periodEnd > instance.start) instance.end = periodEnd;
    keep(instance);
    return true;
  };
  // RDATEs without a RRULE: ical.js gives them only, but DTSTART is the first date of the set (RFC 5545 3.8.5.2).
  if (!master.hasProperty('rrule') && !excluded(master, event.startDate, startTzid)) visit(event.startDate);
  const iterator = event.iterator();
  let step = 0;
  for (let next = iterator.next(); next; next = iterator.next()) {
    if (++step > MAX_STEPS || !visit(next)) break;
  }
  if (step > MAX_STEPS && instances.length === 0)
    throw new SkippedEntry('Règle de récurrence sans date calculable\u00a0: événement ignoré.');
  return instances.sort((a, b) => a.start - b.start);
}

/** The instances of a VEVENT with several RRULEs: those of each rule (its RDATEs with the first), in order, once. */
function severalRules(event: ICAL.Event, from: number, to: number): Instance[] {
  const I = ical();
  const master = event.component;
  const exceptions = Object.values(event.exceptions).map((e) => e.component);
  const all = master.getAllProperties('rrule').flatMap((_, k) => {
    const copy = new I.Component(structuredClone(master.toJSON()), master.parent ?? undefined);
    copy.getAllProperties('rrule').forEach((rule, j) => {
      if (j !== k) copy.removeProperty(rule);
    });
    if (k > 0) copy.removeAllProperties('rdate');
    return instancesOf(new I.Event(copy, { exceptions, strictExceptions: true }), from, to);
  });
  // The same start from two rules (DTSTART, at least) is one date: timesOf keeps one date per start.
  return all.sort((a, b) => a.start - b.start);
}

/** An instance as the model's date: its day and times, and the day it ends when later (start plus its duration). */
function scheduleDate(i: Instance): ScheduleDate {
  const start = i.allDay ? { date: ymdOf(i.start), time: '00:00' } : zurichWallClock(new Date(i.start));
  // An all-day date ends at 23:59 of its last day (DTEND is the day after, exclusive).
  const end = i.allDay
    ? { date: addDaysToDate(ymdOf(i.end ?? i.start + 86_400_000), -1), time: '23:59' }
    : i.end === null
      ? null
      : zurichWallClock(new Date(i.end));
  const date = { date: start.date, start: start.time, end: '' };
  if (end && end.date > start.date) return { ...date, end: end.time, endDate: end.date };
  return end && end.time > start.time ? { ...date, end: end.time } : date;
}

const occurrenceOf = (d: ScheduleDate) => occurrence(d.date, d.start, d.end, d.endDate);

/** A monthly BYDAY or BYMONTHDAY as the site's rule says it (the 2nd Monday, the last Sunday, the 15th), or null. */
function monthlyOf(byDay: string[], byMonthDay: number[], first: string): ScheduleRule['monthly'] {
  const nth = byDay.length === 1 && byMonthDay.length === 0 ? /^([+-]?\d)(MO|TU|WE|TH|FR|SA|SU)$/.exec(byDay[0]) : null;
  if (nth && (nth[1] === '-1' || (+nth[1] >= 1 && +nth[1] <= 5)))
    return { mode: 'weekday', nth: Number(nth[1]), weekday: nth[2] as Weekday };
  const day = byDay.length === 0 && byMonthDay.length <= 1 ? Number(byMonthDay[0] ?? first.slice(8)) : 0;
  return day >= 1 && day <= 31 ? { mode: 'monthday', day } : null;
}

/**
 * A weekly or monthly RRULE as the site's own rule (« Chaque vendredi, 19:00–22:00, du … au … », « Le 2e lundi du
 * mois… »), from the first to the last of the listed dates, when it gives exactly them (same days, same times; dates
 * the feed leaves out are its exclusions). Null otherwise (another zone's times across a change of time, a moved date,
 * RDATEs…): the dates are listed.
 */
function siteRule(event: ICAL.Event, dates: ScheduleDate[]): ScheduleRule | null {
  const rules = rulesOf(event.component);
  const first = dates[0];
  const { BYDAY = [], BYMONTHDAY = [], ...others } = rules[0]?.parts ?? {};
  const freq = rules[0]?.freq;
  if (rules.length !== 1 || Object.keys(others).length > 0 || rules[0].interval > 12) return null;
  if (!dates.every((d) => d.start === first.start && d.end === first.end && !d.endDate)) return null;
  const monthly = freq === 'MONTHLY' ? monthlyOf(BYDAY.map(String), BYMONTHDAY.map(Number), first.date) : null;
  if (!(freq === 'WEEKLY' && BYMONTHDAY.length === 0) && !monthly) return null;
  const rule: ScheduleRule = {
    kind: 'rule',
    firstDate: first.date,
    start: first.start,
    end: first.end,
    freq: monthly ? 'monthly' : 'weekly',
    interval: rules[0].interval,
    byDay: monthly ? [] : WEEKDAYS.filter((w) => dates.some((d) => weekdayOf(d.date) === w)),
    monthly,
    until: dates[dates.length - 1].date,
    count: null,
    exclude: [],
  };
  const listed = new Set(dates.map((d) => d.date));
  rule.exclude = expandSchedule(rule)
    .map((o) => zurichDay(o.startsAt))
    .filter((day) => !listed.has(day));
  const key = (o: Occurrence) => `${o.startsAt}/${o.endsAt}`;
  const exact = expandSchedule(rule).map(key).join() === dates.map(occurrenceOf).map(key).join();
  return exact && rule.exclude.length < dates.length ? rule : null;
}

/** The instant (Zurich ISO) an instance starts at, as the site's occurrences say it. */
const startsAtOf = (i: Instance) => {
  const d = scheduleDate(i);
  return zurichIso(d.date, d.start);
};

/**
 * The times of a VEVENT within the window: one date, or a series (at most `maxDates` dates, the soonest still to come
 * first kept), a weekly or monthly rule when the site can say it, else the list of its dates. Null when it has no
 * date left in the window.
 */
export function timesOf(event: ICAL.Event, window: { from: number; to: number; now: number }, maxDates: number) {
  let instances = instancesOf(event, window.from, window.to);
  // Only what is still to come counts: a series whose dates are all over is past.
  const toCome = (i: Instance) => (i.end ?? i.start + 1) > window.now;
  if (!instances.some(toCome)) return null;
  const cap = Math.min(maxDates, MAX_OCCURRENCES);
  // Two instances at one start are one date.
  const seen = new Set<string>();
  instances = instances.filter((i) => {
    const key = startsAtOf(i);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  let cut = false;
  if (instances.length > cap) {
    instances = instances.filter(toCome).slice(0, cap);
    cut = true;
  }
  const cancelled = instances.every((i) => i.cancelled);
  const allDay = instances[0].allDay;
  const dates = instances.map(scheduleDate);
  if (dates.length === 1) {
    const { startsAt, endsAt, openEnd } = occurrenceOf(dates[0]);
    return { times: { startsAt, endsAt, openEnd, allDay, schedule: null }, cancelledDates: [], cancelled, cut };
  }
  const schedule: Schedule = (!allDay && siteRule(event, dates)) || { kind: 'dates', dates };
  const span = scheduleSpan(schedule) as NonNullable<ReturnType<typeof scheduleSpan>>;
  return {
    times: { ...span, allDay, schedule },
    cancelledDates: instances.filter((i) => i.cancelled).map(startsAtOf),
    cancelled,
    cut,
  } satisfies Times;
}
