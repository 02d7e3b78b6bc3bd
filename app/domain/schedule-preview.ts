// What a schedule makes, for whoever checks it (issue 33): the organizer before sending (the form's preview, in the
// browser), then on the confirmation page, and the moderator. One summary for the three: the rule in words, its first
// dates and how many, the dates it skips, an exhibition's week and its closing days. Pure and light (no recurrence
// library in the form's JavaScript): a rule is expanded by counting weeks and months, and a property test holds it to
// the server's expansion (rrule-temporal, app/.server/schedule/schedule-expand.ts), date for date.
import { formatCalendarDay } from './dates';
import { dayNumber, ruleDays, weekdayIndex, ymdOf } from './schedule-days';
import { scheduleFromForm } from './schedule-form';
import {
  MAX_OCCURRENCES,
  type Schedule,
  type ScheduleDate,
  type SchedulePeriod,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Weekday,
} from './schedule-model';
import { describeSchedule } from './schedule-text';

/** The list's line the preview cannot read, loaded with the reader by the form's page (SchedulePreview.tsx). */
export { listLineProblem } from './schedule-lines';

/** One date of a schedule, as a list shows it: « sam. 28 nov. », « 08:00–12:00 ». */
export interface PreviewDate {
  date: string;
  day: string;
  hours: string;
}

export interface ScheduleSummary {
  kind: Schedule['kind'];
  /** The schedule in one French sentence (describeSchedule). */
  sentence: string;
  /** How many dates (a list, a rule), or open days (a period); more than MAX_OCCURRENCES is `overLimit`. */
  count: number;
  /** A rule's dates before its exclusions (« 6 dates (8 prévues, 2 exclues) »); `count` otherwise. */
  planned: number;
  overLimit: boolean;
  /** The first dates, at most FIRST_DATES. */
  first: PreviewDate[];
  /** The dates a rule skips (« Sauf les dates »), in order. */
  excluded: string[];
  /** A period: its week, day by day (« fermé » on a closed day), and the dates it is closed although open that day. */
  week: { day: string; hours: string }[];
  closed: string[];
}

/** How many dates the summary names before saying how many more. */
export const FIRST_DATES = 6;

const hours = (start: string, end: string) => (end ? `${start}–${end}` : `dès ${start}`);

function listDays(schedule: Schedule): { date: string; start: string; end: string }[] {
  if (schedule.kind === 'dates')
    return [...schedule.dates].sort((a: ScheduleDate, b: ScheduleDate) =>
      `${a.date}T${a.start}`.localeCompare(`${b.date}T${b.start}`),
    );
  if (schedule.kind === 'rule')
    return ruleDays(schedule).map((date) => ({ date, start: schedule.start, end: schedule.end }));
  return periodDays(schedule).map((date) => {
    const h = schedule.hours[WEEKDAYS[weekdayIndex(dayNumber(date))]];
    return { date, start: h?.open ?? '', end: h?.close ?? '' };
  });
}

/** The open days of a period, at most `cap`. */
export function periodDays(period: SchedulePeriod, cap = MAX_OCCURRENCES + 1): string[] {
  const closed = new Set(period.closed);
  const days: string[] = [];
  for (let n = dayNumber(period.from), last = dayNumber(period.to); n <= last && days.length < cap; n++) {
    const ymd = ymdOf(n);
    if (period.hours[WEEKDAYS[weekdayIndex(n)] as Weekday] && !closed.has(ymd)) days.push(ymd);
  }
  return days;
}

/** The summary of a schedule that has passed its checks (scheduleSchema). */
export function summariseSchedule(schedule: Schedule): ScheduleSummary {
  const all = listDays(schedule);
  // A year's dates name their year only when the series crosses one.
  const years = new Set(all.map((d) => d.date.slice(0, 4)));
  const style = years.size > 1 ? 'shortYear' : 'short';
  // « et 1 autre » would take the room of the date it stands for: the date itself then.
  const first = all.slice(0, all.length === FIRST_DATES + 1 ? all.length : FIRST_DATES).map((d) => ({
    date: d.date,
    day: formatCalendarDay(d.date, style),
    hours: hours(d.start, d.end),
  }));
  const dayStyle = years.size > 1 ? 'long' : 'longNoYear';
  return {
    kind: schedule.kind,
    sentence: describeSchedule(schedule),
    count: Math.min(all.length, MAX_OCCURRENCES + 1),
    planned:
      schedule.kind === 'rule' && schedule.exclude.length
        ? Math.min(ruleDays({ ...schedule, exclude: [] }).length, MAX_OCCURRENCES + 1)
        : Math.min(all.length, MAX_OCCURRENCES + 1),
    overLimit: all.length > MAX_OCCURRENCES,
    first,
    excluded: schedule.kind === 'rule' ? [...schedule.exclude].sort().map((d) => formatCalendarDay(d, dayStyle)) : [],
    week:
      schedule.kind === 'period'
        ? WEEKDAYS.map((d) => {
            const h = schedule.hours[d];
            return { day: WEEKDAY_LABELS[d], hours: h ? `${h.open}–${h.close}` : 'fermé' };
          })
        : [],
    closed: schedule.kind === 'period' ? [...schedule.closed].sort().map((d) => formatCalendarDay(d, dayStyle)) : [],
  };
}

/**
 * The form's preview: the summary of the schedule its fields describe, or null while they describe none (one date, or
 * fields still wrong: their messages say why).
 */
export function previewOfForm(values: Record<string, string>): ScheduleSummary | null {
  const parsed = scheduleFromForm(values);
  return parsed.ok && parsed.schedule ? summariseSchedule(parsed.schedule) : null;
}
