// A schedule's dated occurrences, computed in Europe/Zurich wall-clock time with rrule-temporal (RFC 5545 rules on
// Temporal.ZonedDateTime: a Saturday 08:00 market stays at 08:00 across the March and October time changes).
// Server side only: the recurrence library and its Temporal polyfill stay out of the browser's bundle.

import { addDaysToDate, formatCalendarDay, TIME_ZONE, zurichDay, zurichIso } from '../../domain/dates';
import { MAX_OCCURRENCES, openingHoursOn, type Schedule, type ScheduleRule, WEEKDAYS } from '../../domain/schedule';
import { onFirstUse } from '../platform/on-first-use';

// Loaded by the first expansion (a write, the daily job), not with the app: with its polyfill, ~15 MB per process.
const rrule = onFirstUse<typeof import('rrule-temporal')>('rrule-temporal');

/** One dated occurrence: start and end as ISO 8601 with the Zurich offset; openEnd: no end time was given. */
export interface Occurrence {
  startsAt: string;
  endsAt: string;
  openEnd: boolean;
}

const zoned = (ymd: string, hm: string) => ({
  timeZoneId: TIME_ZONE,
  toString: () => `${ymd}T${hm}:00[${TIME_ZONE}]`,
});

/**
 * The end of an occurrence: its end time (on `endYmd`, its own day unless it lasts several), or without one (open end)
 * two hours later within the day (event-form.ts).
 */
export function occurrence(ymd: string, start: string, end: string, endYmd = ymd): Occurrence {
  if (end) return { startsAt: zurichIso(ymd, start), endsAt: zurichIso(endYmd, end), openEnd: false };
  const [h, m] = start.split(':').map(Number);
  const minutes = Math.min(h * 60 + m + 120, 23 * 60 + 59);
  const hm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { startsAt: zurichIso(ymd, start), endsAt: zurichIso(ymd, hm), openEnd: true };
}

/** The RFC 5545 rule of a schedule rule, for rrule-temporal and for the .ics export. */
export function ruleOptions(rule: ScheduleRule) {
  const byDay =
    rule.freq === 'weekly'
      ? [...rule.byDay].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b))
      : rule.monthly?.mode === 'weekday'
        ? [`${rule.monthly.nth}${rule.monthly.weekday}`]
        : undefined;
  return {
    freq: rule.freq === 'weekly' ? ('WEEKLY' as const) : ('MONTHLY' as const),
    interval: rule.interval,
    byDay,
    byMonthDay: rule.freq === 'monthly' && rule.monthly?.mode === 'monthday' ? [rule.monthly.day] : undefined,
    wkst: 'MO',
    count: rule.count ?? undefined,
    until: rule.until ? zoned(rule.until, '23:59') : undefined,
    dtstart: zoned(rule.firstDate, rule.start),
    tzid: TIME_ZONE,
    maxIterations: 100_000,
  };
}

function expandRule(rule: ScheduleRule, cap: number): Occurrence[] {
  const excluded = new Set(rule.exclude);
  const result: Occurrence[] = [];
  // With an end date, a count one past the cap: a rule over the limit is refused, not expanded to its end.
  // (excluded dates do not count here: they are removed below).
  const limit = Number.isFinite(cap) ? cap + rule.exclude.length : undefined;
  const options = ruleOptions(rule);
  const days = new (rrule().RRuleTemporal)({ ...options, count: options.count ?? limit })
    .all()
    .map((date) => date.toPlainDate().toString());
  for (const ymd of days) if (!excluded.has(ymd)) result.push(occurrence(ymd, rule.start, rule.end));
  return Number.isFinite(cap) ? result.slice(0, cap) : result;
}

/**
 * Every occurrence of a schedule, in order (at most `cap`, MAX_OCCURRENCES + 1 by default, so that a schedule over
 * the limit is seen without expanding it to its end). A period is one occurrence, from its first opening to its
 * last closing: the list shows it once, with « ouvert aujourd’hui ».
 */
export function expandSchedule(schedule: Schedule, cap = MAX_OCCURRENCES + 1): Occurrence[] {
  switch (schedule.kind) {
    case 'dates':
      return schedule.dates
        .map((d) => occurrence(d.date, d.start, d.end, d.endDate))
        .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
        .slice(0, cap);
    case 'rule':
      return expandRule(schedule, cap);
    case 'period': {
      let first: string | null = null;
      let last: string | null = null;
      for (let day = schedule.from; day <= schedule.to; day = addDaysToDate(day, 1)) {
        if (!openingHoursOn(schedule, day)) continue;
        first ??= day;
        last = day;
      }
      if (!first || !last) return [];
      const open = openingHoursOn(schedule, first);
      const close = openingHoursOn(schedule, last);
      if (!open || !close) return [];
      return [{ startsAt: zurichIso(first, open.open), endsAt: zurichIso(last, close.close), openEnd: false }];
    }
  }
}

/**
 * What the structure alone cannot tell (schedule.ts checks the rest): a schedule with no date left, or with more than
 * MAX_OCCURRENCES. Messages per field, like scheduleIssues.
 */
export function scheduleProblems(schedule: Schedule): Record<string, string> {
  const occurrences = expandSchedule(schedule);
  if (occurrences.length > MAX_OCCURRENCES)
    return {
      [schedule.kind === 'rule' ? 'until' : 'schedule']:
        `Cette série compterait plus de ${MAX_OCCURRENCES} dates : avancez la date de fin, indiquez un nombre de fois ou choisissez une période avec des heures d’ouverture.`,
    };
  if (occurrences.length === 0)
    return {
      [schedule.kind === 'period' ? 'hours' : 'schedule']:
        schedule.kind === 'period'
          ? 'La période n’a aucun jour d’ouverture.'
          : 'Cette série ne compte aucune date : vérifiez les jours choisis et les dates exclues.',
    };
  return {};
}

/**
 * A day put into « Sauf les dates » that is not a date of the rule (a Saturday for a Thursday class): the event form
 * says so rather than keep an exclusion that excludes nothing. Not asked of a feed, whose EXDATE may name an instance
 * moved elsewhere.
 */
export function excludedOutsideRule(schedule: Schedule): Record<string, string> {
  if (schedule.kind !== 'rule' || schedule.exclude.length === 0) return {};
  const days = new Set(expandSchedule({ ...schedule, exclude: [] }).map((o) => zurichDay(o.startsAt)));
  const stray = schedule.exclude.find((day) => !days.has(day));
  if (!stray) return {};
  return {
    exclude: `Le ${formatCalendarDay(stray, 'weekdayYear')} n’est pas une date de la série\u00a0: retirez-le de «\u00a0Sauf les dates\u00a0».`,
  };
}

/** The event's own dates for a schedule: from the first occurrence's start to the last one's end. */
export function scheduleSpan(schedule: Schedule): { startsAt: string; endsAt: string; openEnd: boolean } | null {
  const all = expandSchedule(schedule, Number.POSITIVE_INFINITY);
  if (all.length === 0) return null;
  const last = all.reduce((a, b) => (Date.parse(b.endsAt) > Date.parse(a.endsAt) ? b : a));
  return { startsAt: all[0].startsAt, endsAt: last.endsAt, openEnd: all.length === 1 && all[0].openEnd };
}

/** The occurrences of an event: its schedule's, or its own dates for a single event. */
export function occurrencesOf(event: {
  startsAt: string;
  endsAt: string;
  openEnd: boolean;
  schedule?: Schedule | null;
}): Occurrence[] {
  if (!event.schedule) return [{ startsAt: event.startsAt, endsAt: event.endsAt, openEnd: event.openEnd }];
  return expandSchedule(event.schedule, Number.POSITIVE_INFINITY);
}

/** How far ahead a series' occurrences are stored (the daily job and every write extend it). */
export const OCCURRENCE_HORIZON_MONTHS = 18;

/** The instant up to which occurrences are stored, seen from `now`. */
export function occurrenceHorizon(now: Date = new Date()): Date {
  const horizon = new Date(now.getTime());
  horizon.setUTCMonth(horizon.getUTCMonth() + OCCURRENCE_HORIZON_MONTHS);
  return horizon;
}

/** The horizon for an event: 18 months from now, or from its start when it starts later (its first months show). */
export function horizonFor(event: { startsAt: string }, now: Date = new Date()): Date {
  const start = new Date(event.startsAt);
  return occurrenceHorizon(start > now ? start : now);
}

/** An occurrence as stored beside its event: instants as numbers for the list's indexes, and whether it is cancelled. */
export interface StoredOccurrence extends Occurrence {
  startsTs: number;
  endsTs: number;
  cancelled: boolean;
}

/**
 * The occurrences to store for an event: those starting before the horizon (at least the first one, so a series
 * starting later still shows), each marked cancelled when the organizer cancelled that date.
 */
export function materialise(
  event: { startsAt: string; endsAt: string; openEnd: boolean; schedule?: Schedule | null; cancelledDates?: string[] },
  horizon: Date,
): StoredOccurrence[] {
  const all = occurrencesOf(event);
  const cancelled = new Set(event.cancelledDates ?? []);
  const limit = horizon.getTime();
  return all
    .filter((o, i) => i === 0 || Date.parse(o.startsAt) < limit)
    .map((o) => ({
      ...o,
      startsTs: Date.parse(o.startsAt),
      endsTs: Date.parse(o.endsAt),
      cancelled: cancelled.has(o.startsAt),
    }));
}
