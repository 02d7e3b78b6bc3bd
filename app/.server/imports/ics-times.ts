// The dates of a VEVENT in the agenda's terms: Zurich wall-clock times (whatever zone the feed wrote them in: node-ical
// resolved TZID, VTIMEZONE and UTC), all-day events as the form stores them (00:00–23:59 of each day), and a recurrence
// as the schedule model of app/domain/schedule.ts: a rule when the model can say it, else the list of its dates.
import type { VEvent } from 'node-ical';
import { expandSchedule, scheduleProblems, scheduleSpan } from '~/.server/schedule/schedule-expand';
import { addDaysToDate, zurichWallClock } from '~/domain/dates';
import type { EventContent } from '~/domain/event';
import { MAX_OCCURRENCES, type Schedule, type ScheduleDate, type ScheduleRule, type Weekday } from '~/domain/schedule';

const text = (value: unknown): string => {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'val' in (value as object)) return String((value as { val: unknown }).val ?? '');
  return String(value);
};

/** A rule without an end is imported for this long (the schedule model needs an end). */
export const OPEN_RULE_MONTHS = 12;

/**
 * A VEVENT the import leaves aside, with the reason the run log gives beside its UID (issue 31): a recurrence the
 * agenda cannot hold (every hour, minute or second) or that gives no date the library can compute. The rest of the feed
 * is imported.
 */
export class SkippedEntry extends Error {}

/** The longest each month can be (February in a leap year). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A rule whose days of the month exist in none of its months (BYMONTH=2;BYMONTHDAY=30): the library would search ten
 * thousand periods for a date before giving up, a second of work for nothing.
 */
function neverOccurs(options: { byMonth?: unknown; byMonthDay?: unknown }): boolean {
  const months = Array.isArray(options.byMonth) ? options.byMonth.map(Number) : [];
  const days = Array.isArray(options.byMonthDay) ? options.byMonthDay.map(Number) : [];
  if (months.length === 0 || days.length === 0) return false;
  return months.every((m) => days.every((d) => Math.abs(d) > (MONTH_DAYS[m - 1] ?? 31)));
}

/** The RRULE as the feed wrote it, for the run log. */
const ruleText = (event: VEvent) =>
  (String(event.rrule?.toString() ?? '').match(/RRULE:([^\n]*)/)?.[1] ?? '').slice(0, 80);

/** Recurrences more frequent than daily: an agenda lists days, not hours. */
const SUB_DAILY = new Set(['HOURLY', 'MINUTELY', 'SECONDLY']);

/** The times of a VEVENT, and whether its series was cut to the cap of dates (`maxDates`). */
export interface Times {
  times: Pick<EventContent, 'startsAt' | 'endsAt' | 'allDay' | 'openEnd' | 'schedule'>;
  cut: boolean;
}

/** A DATE value (all day): node-ical gives midnight UTC of that day. */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

const WEEKDAY_CODES = new Set(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']);

/**
 * The RRULE as the schedule model's rule, when the model can say it (else null: the dates are listed instead), ended
 * at its `maxDates`-th date when it would have more (`cut`).
 */
function ruleOf(
  event: VEvent,
  start: { date: string; time: string },
  end: string,
  maxDates: number,
): { rule: ScheduleRule; cut: boolean } | null {
  const rule = plainRuleOf(event, start, end);
  if (!rule) return null;
  const dates = expandSchedule(rule, maxDates + 1);
  if (dates.length <= maxDates) return { rule, cut: false };
  return { rule: { ...rule, until: dates[maxDates - 1].startsAt.slice(0, 10), count: null }, cut: true };
}

function plainRuleOf(event: VEvent, start: { date: string; time: string }, end: string): ScheduleRule | null {
  const o = event.rrule?.options as Record<string, unknown> | undefined;
  if (!o) return null;
  const other = ['byHour', 'byMinute', 'bySecond', 'byMonth', 'byYearDay', 'byWeekNo', 'bySetPos'];
  if (other.some((k) => o[k] != null && (o[k] as unknown[]).length !== 0)) return null;
  const interval = Number(o.interval ?? 1);
  if (!Number.isInteger(interval) || interval < 1 || interval > 12) return null;
  const byDay = ((o.byDay as string[] | undefined) ?? []).map(String);
  const byMonthDay = (o.byMonthDay as number[] | undefined) ?? [];
  let until = o.until instanceof Date ? zurichWallClock(o.until).date : '';
  const count = typeof o.count === 'number' ? o.count : null;
  if (!until && count === null) until = addDaysToDate(start.date, OPEN_RULE_MONTHS * 30);
  const exclude = Object.keys(event.exdate ?? {})
    .filter((k) => /^\d{4}-\d{2}-\d{2}$/.test(k))
    .sort();
  const base = {
    kind: 'rule' as const,
    firstDate: start.date,
    start: start.time,
    end,
    interval,
    until,
    count,
    exclude,
  };
  if (o.freq === 'WEEKLY') {
    const days = byDay.length > 0 ? byDay : [weekdayCode(start.date)];
    if (!days.every((d) => WEEKDAY_CODES.has(d))) return null;
    return { ...base, freq: 'weekly', byDay: days as Weekday[], monthly: null };
  }
  if (o.freq === 'MONTHLY') {
    if (byDay.length === 1 && byMonthDay.length === 0) {
      const m = byDay[0].match(/^([+-]?\d)?(MO|TU|WE|TH|FR|SA|SU)$/);
      const nth = m?.[1] ? Number(m[1]) : NaN;
      if (!m || !(nth === -1 || (nth >= 1 && nth <= 5))) return null;
      return { ...base, freq: 'monthly', byDay: [], monthly: { mode: 'weekday', nth, weekday: m[2] as Weekday } };
    }
    const day = byMonthDay.length === 1 ? byMonthDay[0] : byDay.length === 0 ? Number(start.date.slice(8)) : NaN;
    if (!(day >= 1 && day <= 31) || byDay.length > 0) return null;
    return { ...base, freq: 'monthly', byDay: [], monthly: { mode: 'monthday', day } };
  }
  return null;
}

function weekdayCode(ymd: string): Weekday {
  const [y, m, d] = ymd.split('-').map(Number);
  return (['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const)[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
}

/** RDATE values (node-ical leaves them raw): « 20270327T200000,20270328T170000 » in the event's zone. */
function rdatesOf(event: VEvent): Date[] {
  const raw = (event as unknown as { rdate?: unknown }).rdate;
  const values = (Array.isArray(raw) ? raw : raw ? [raw] : []).flatMap((r) => text(r).split(','));
  const dates: Date[] = [];
  for (const v of values) {
    const m = v.trim().match(/^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})\d{2}(Z?))?$/);
    if (!m) continue;
    if (!m[4]) dates.push(new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])));
    else if (m[6]) dates.push(new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5])));
    else {
      // A local time in the event's zone, taken as Zurich's (the feeds of the region): same wall clock.
      const wall = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}`;
      dates.push(new Date(`${wall}:00${zurichOffset(wall)}`));
    }
  }
  return dates;
}

function zurichOffset(wall: string): string {
  const guess = new Date(`${wall}:00Z`);
  const seen = zurichWallClock(guess);
  const diff = (Date.parse(`${wall}:00Z`) - Date.parse(`${seen.date}T${seen.time}:00Z`)) / 60_000;
  const total = -diff;
  const sign = total >= 0 ? '+' : '-';
  const abs = Math.abs(total);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * Dates and times of a VEVENT: all day or timed, its schedule when it recurs (at most `maxDates` dates: a longer series
 * is cut, and said so). Throws SkippedEntry for a recurrence the agenda does not take.
 */
export function timesOf(event: VEvent, maxDates = MAX_OCCURRENCES): Times {
  const options = (event.rrule?.options ?? {}) as { freq?: unknown; byMonth?: unknown; byMonthDay?: unknown };
  const freq = String(options.freq ?? '');
  if (SUB_DAILY.has(freq))
    throw new SkippedEntry(
      `Récurrence trop fréquente (FREQ=${freq})\u00a0: l’agenda ne reprend que des dates par jour, semaine, mois ou année. Événement ignoré.`,
    );
  if (neverOccurs(options))
    throw new SkippedEntry(
      `Règle de récurrence sans aucune date possible (${ruleText(event)})\u00a0: événement ignoré.`,
    );
  const allDay = event.datetype === 'date' || (event.start as { dateOnly?: boolean }).dateOnly === true;
  const start = allDay ? { date: dayOf(event.start), time: '00:00' } : zurichWallClock(event.start);
  const hasEnd = event.end instanceof Date && event.end.getTime() > event.start.getTime();
  let endDay = start.date;
  let endTime = '';
  if (allDay) {
    endDay = hasEnd ? addDaysToDate(dayOf(event.end as Date), -1) : start.date;
    endTime = '23:59';
  } else if (hasEnd) {
    const end = zurichWallClock(event.end as Date);
    endDay = end.date;
    endTime = end.time;
  }
  const rdates = rdatesOf(event);
  // Within one day, a rule or a list of dates carries the times; an occurrence over several days has no end time.
  const sameDay = endDay === start.date;
  const scheduleEnd = sameDay ? endTime : '';
  const ruled = rdates.length === 0 ? ruleOf(event, start, scheduleEnd, maxDates) : null;
  let schedule: Schedule | null = ruled?.rule ?? null;
  let cut = ruled?.cut ?? false;
  if (!schedule && (event.rrule || rdates.length > 0)) {
    const listed = datesOf(event, rdates, allDay, scheduleEnd, maxDates);
    schedule = listed?.schedule ?? null;
    cut = listed?.cut ?? false;
  }
  if (schedule && Object.keys(scheduleProblems(schedule)).length > 0) {
    schedule = null;
    cut = false;
  }
  if (schedule) {
    const span = scheduleSpan(schedule);
    if (span) return { times: { ...span, allDay, schedule }, cut };
  }
  const startsAt = zurichIsoOf(start.date, start.time);
  if (!allDay && !endTime) {
    const [h, m] = start.time.split(':').map(Number);
    const minutes = Math.min(h * 60 + m + 120, 23 * 60 + 59);
    const hm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return {
      times: { startsAt, endsAt: zurichIsoOf(start.date, hm), allDay, openEnd: true, schedule: null },
      cut: false,
    };
  }
  return {
    times: { startsAt, endsAt: zurichIsoOf(endDay, endTime), allDay, openEnd: false, schedule: null },
    cut: false,
  };
}

const zurichIsoOf = (ymd: string, hm: string) => `${ymd}T${hm}:00${zurichOffset(`${ymd}T${hm}`)}`;

/**
 * A recurrence the rule model cannot say (or RDATEs): its dates within OPEN_RULE_MONTHS, listed, the first `maxDates`
 * of them (`cut` when there were more). A rule the library cannot expand (a date that never comes, as BYMONTH=2 with
 * BYMONTHDAY=30) throws SkippedEntry.
 */
function datesOf(
  event: VEvent,
  rdates: Date[],
  allDay: boolean,
  end: string,
  maxDates: number,
): { schedule: Schedule; cut: boolean } | null {
  const starts: Date[] = [event.start, ...rdates];
  if (event.rrule) {
    const from = event.start;
    const to = new Date(from.getTime() + OPEN_RULE_MONTHS * 31 * 86_400_000);
    try {
      starts.push(...event.rrule.between(from, to, true).slice(0, MAX_OCCURRENCES + 1));
    } catch {
      throw new SkippedEntry(`Règle de récurrence sans date calculable (${ruleText(event)})\u00a0: événement ignoré.`);
    }
  }
  const excluded = new Set(Object.keys(event.exdate ?? {}));
  const seen = new Set<string>();
  const dates: ScheduleDate[] = [];
  for (const d of starts.sort((a, b) => a.getTime() - b.getTime())) {
    const wall = allDay ? { date: dayOf(d), time: '00:00' } : zurichWallClock(d);
    const key = `${wall.date}T${wall.time}`;
    if (seen.has(key) || excluded.has(wall.date)) continue;
    seen.add(key);
    dates.push({ date: wall.date, start: wall.time, end: allDay ? '23:59' : end && end > wall.time ? end : '' });
  }
  if (dates.length < 2) return null;
  const kept = Math.min(maxDates, MAX_OCCURRENCES);
  return { schedule: { kind: 'dates', dates: dates.slice(0, kept) }, cut: dates.length > kept };
}
