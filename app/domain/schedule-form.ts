// The schedule part of the event form (decision 041), as flat fields that work without JavaScript: a choice of kind,
// then the fields of that kind. The first date and its times are the form's own (startDate, startTime, endTime); a
// period runs from startDate to endDate. Pure: shared by the form component and the server.
import { isCalendarDate } from './dates';
import { END_AFTER_MIDNIGHT, END_BEFORE_START, validateEventForm } from './event-form';
import { type Schedule, scheduleIssues, scheduleSchema, WEEKDAYS, type Weekday } from './schedule';
import { alignFirstDate } from './schedule-days';
import { flag, NEW_SCHEDULE_VALUES, periodSameHours, SCHEDULE_KINDS, type ScheduleKind } from './schedule-form-fields';
import { readMonthly, readRepeat, swissDay } from './schedule-form-text';
import { badLineMessage, dateLines, dayList, hm, listLineProblem, onLine, parseDay } from './schedule-lines';

export {
  NEW_SCHEDULE_VALUES,
  periodSameHours,
  SCHEDULE_FIELDS,
  SCHEDULE_KINDS,
  type ScheduleKind,
} from './schedule-form-fields';

type Values = Record<string, string>;

export type ScheduleFormResult =
  | { ok: true; schedule: Schedule | null }
  | { ok: false; errors: Record<string, string> };

/** The form field a message of the schedule schema belongs to (`sameHours`: the period's hours are typed once). */
function fieldOf(path: string, kind: ScheduleKind, sameHours = false): string {
  const [head, second, third] = path.split('.');
  if (kind === 'dates') return 'dateList';
  if (kind === 'period') {
    if (head === 'hours' && second)
      return sameHours
        ? third === 'open'
          ? 'periodOpen'
          : 'periodClose'
        : `hours${second}${third === 'open' ? 'Open' : 'Close'}`;
    if (head === 'hours') return sameHours ? 'periodDayMO' : 'hoursMOOpen';
    if (head === 'to') return 'endDate';
    if (head === 'from') return 'startDate';
    if (head === 'closed') return 'periodClosed';
    return 'scheduleKind';
  }
  const fields: Record<string, string> = {
    until: 'ruleUntil',
    count: 'ruleCount',
    end: 'endTime',
    start: 'startTime',
    firstDate: 'startDate',
    byDay: 'ruleDayMO',
    interval: 'ruleRepeat',
    freq: 'ruleRepeat',
    monthly: 'ruleMonthly',
    exclude: 'ruleExclude',
  };
  return fields[head] ?? 'scheduleKind';
}

/**
 * The schedule the form describes (null: one date, the form's own), or French messages per form field. The rule's
 * structure is checked here; the number of its dates by scheduleProblems on the server (see scheduleFieldErrors).
 */
export function scheduleFromForm(values: Values): ScheduleFormResult {
  const kind = (SCHEDULE_KINDS.find((k) => k.value === values.scheduleKind)?.value ?? 'single') as ScheduleKind;
  if (kind === 'single') return { ok: true, schedule: null };
  let raw: unknown;
  let lines: number[] = [];
  if (kind === 'dates') {
    const read = dateLines(values.dateList ?? '');
    // The line as typed, then how to write it (issue 70): the field says it, and the preview then does not repeat it.
    if (read.bad !== null)
      return { ok: false, errors: { dateList: listLineProblem(values.dateList) ?? badLineMessage(read.bad) } };
    raw = { kind, dates: read.dates };
    lines = read.lines;
  } else if (kind === 'rule') {
    const first = (values.startDate ?? '').trim();
    const firstOk = isCalendarDate(first);
    const excluded = dayList(values.ruleExclude ?? '', firstOk ? first : '');
    if (excluded.bad)
      return {
        ok: false,
        errors: { ruleExclude: `«\u00a0${excluded.bad}\u00a0» n’est pas une date (exemple\u00a0: 24.12.2026).` },
      };
    const until = (values.ruleUntil ?? '').trim();
    const { freq, interval } = readRepeat(values.ruleRepeat);
    raw = {
      kind,
      firstDate: first,
      start: values.startTime ?? '',
      end: values.endTime ?? '',
      freq,
      interval,
      byDay: freq === 'weekly' ? WEEKDAYS.filter((d) => flag(values[`ruleDay${d}`])) : [],
      monthly: freq === 'monthly' && firstOk ? readMonthly(values.ruleMonthly, first) : null,
      until: until ? (parseDay(until) ?? until) : '',
      count: values.ruleCount?.trim() ? values.ruleCount.trim() : null,
      exclude: excluded.days,
    };
  } else {
    const from = (values.startDate ?? '').trim();
    const closed = dayList(values.periodClosed ?? '', isCalendarDate(from) ? from : '');
    if (closed.bad)
      return {
        ok: false,
        errors: { periodClosed: `«\u00a0${closed.bad}\u00a0» n’est pas une date (exemple\u00a0: 25.12).` },
      };
    const hours: Partial<Record<Weekday, { open: string; close: string }>> = {};
    const same = periodSameHours(values);
    for (const d of WEEKDAYS) {
      const open = (same ? (flag(values[`periodDay${d}`]) ? values.periodOpen : '') : values[`hours${d}Open`]) ?? '';
      const close = (same ? (flag(values[`periodDay${d}`]) ? values.periodClose : '') : values[`hours${d}Close`]) ?? '';
      if (same ? flag(values[`periodDay${d}`]) : open.trim() || close.trim())
        hours[d] = { open: hm(open), close: hm(close) };
    }
    raw = { kind, from, to: values.endDate ?? '', hours, closed: closed.days };
  }
  const parsed = scheduleSchema.safeParse(raw);
  // A rule starts on its first day, not on a date before it (schedule-days.ts says why).
  if (parsed.success)
    return { ok: true, schedule: parsed.data.kind === 'rule' ? alignFirstDate(parsed.data) : parsed.data };
  const errors: Record<string, string> = {};
  const same = kind === 'period' && periodSameHours(values);
  for (const [path, message] of Object.entries(scheduleIssues(parsed.error))) {
    // A date of the list is said with its line (« Ligne 2 : indiquez une date valide. »).
    const listed = kind === 'dates' ? /^dates\.(\d+)\./.exec(path) : null;
    errors[fieldOf(path, kind, same)] ??= listed ? onLine(lines[Number(listed[1])], message) : message;
  }
  return { ok: false, errors };
}

/** Problems of the expansion (scheduleProblems, server side), on the form's fields. */
export function scheduleFieldErrors(
  schedule: Schedule,
  problems: Record<string, string>,
  values: Values = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  const same = schedule.kind === 'period' && periodSameHours(values);
  for (const [path, message] of Object.entries(problems)) errors[fieldOf(path, schedule.kind, same)] ??= message;
  return errors;
}

/** The list's first date by when it is (not by its line), with its line; null for a list without one. */
function firstListed(dateList: string) {
  const { dates, lines } = dateLines(dateList);
  let at = -1;
  dates.forEach((d, i) => {
    if (at < 0 || `${d.date}${d.start}` < `${dates[at].date}${dates[at].start}`) at = i;
  });
  return at < 0 ? null : { ...dates[at], line: lines[at] };
}

/**
 * The values the form's own checks see: a list of dates gives its first date and times; a period is checked as days
 * (its hours are its own). The organizer's values are kept as typed.
 */
export function valuesForMainChecks(typed: Values): Values {
  const values = cantonOfCity(typed);
  if (values.scheduleKind === 'dates') {
    const first = firstListed(values.dateList ?? '');
    if (first) return { ...values, startDate: first.date, startTime: first.start, endTime: first.end, endDate: '' };
  }
  if (values.scheduleKind === 'period') return { ...values, allDay: 'on', startTime: '', endTime: '' };
  return values;
}

/**
 * « Cugy (VD) », a namesake as the locality list offers it (issue 70): the locality « Cugy » in canton Vaud, with or
 * without JavaScript; the canton chosen, when it differs, stays (the NPA and canton check then says what is wrong).
 */
function cantonOfCity(values: Values): Values {
  const named = /^(.*\S) \((GE|VD|VS|NE|FR|JU|BE)\)$/.exec((values.city ?? '').trim());
  if (!named || (values.canton && values.canton !== named[2])) return values;
  return { ...values, city: named[1], canton: named[2] };
}

/** The form's values for a stored schedule (edit). */
export function scheduleValues(schedule: Schedule | null | undefined): Values {
  if (!schedule) return NEW_SCHEDULE_VALUES;
  switch (schedule.kind) {
    case 'dates':
      return {
        ...NEW_SCHEDULE_VALUES,
        scheduleKind: 'dates',
        dateList: schedule.dates.map((d) => `${swissDay(d.date)} ${d.start}${d.end ? `-${d.end}` : ''}`).join('\n'),
      };
    case 'rule': {
      const m = schedule.monthly;
      const day = Number(schedule.firstDate.slice(8, 10));
      return {
        ...NEW_SCHEDULE_VALUES,
        scheduleKind: 'rule',
        // The rule's own times: the event's end is its last date's (or two hours after a start without an end).
        startTime: schedule.start,
        endTime: schedule.end,
        endDate: '',
        ruleRepeat: `${schedule.freq}-${schedule.interval}`,
        ...Object.fromEntries(schedule.byDay.map((d) => [`ruleDay${d}`, 'on'])),
        ruleMonthly: !m
          ? ''
          : m.mode === 'monthday'
            ? 'monthday'
            : m.nth === -1
              ? 'last'
              : m.nth === Math.ceil(day / 7)
                ? 'weekday'
                : String(m.nth),
        ruleUntil: schedule.until,
        ruleCount: schedule.count === null ? '' : String(schedule.count),
        ruleExclude: schedule.exclude.map(swissDay).join(', '),
      };
    }
    case 'period': {
      const open = WEEKDAYS.filter((d) => schedule.hours[d]);
      const first = open.length ? schedule.hours[open[0]] : undefined;
      const same = open.every(
        (d) => schedule.hours[d]?.open === first?.open && schedule.hours[d]?.close === first?.close,
      );
      return {
        scheduleKind: 'period',
        endDate: schedule.to,
        periodSameHours: same ? 'on' : '',
        ...Object.fromEntries(open.map((d) => [`periodDay${d}`, 'on'])),
        periodOpen: same ? (first?.open ?? '') : '',
        periodClose: same ? (first?.close ?? '') : '',
        ...Object.fromEntries(
          WEEKDAYS.flatMap((d) => {
            const h = schedule.hours[d];
            return h
              ? [
                  [`hours${d}Open`, h.open],
                  [`hours${d}Close`, h.close],
                ]
              : [];
          }),
        ),
        periodClosed: schedule.closed.map(swissDay).join(', '),
      };
    }
  }
}

/** The form's own date and time fields: with a list of dates, the list gives them (they are hidden then). */
const WHEN_FIELDS = ['startDate', 'startTime', 'endDate', 'endTime'] as const;

/**
 * Every message of the event form, its schedule's included: the browser's checks (conform, on blur) and the server's
 * parse call this, so both mark the same fields. With a list of dates the form's date and time fields are not used:
 * what the main checks say of them (a first date already past) is said of the list, and nothing of a missing start
 * date (the list's own message says it). The server adds the expansion's limits (scheduleProblems). `began`: an
 * edited event's start date, which it may keep once past.
 */
export function checkEventForm(values: Values, now: Date = new Date(), categories?: readonly string[], began?: string) {
  const parsed = validateEventForm(valuesForMainChecks(values), now, categories, began);
  const schedule = scheduleFromForm(values);
  const errors: Record<string, string> = { ...parsed.errors };
  if (values.scheduleKind === 'dates') {
    // What the main checks say of the list's first date (valuesForMainChecks) is said of its line.
    const first = firstListed(values.dateList ?? '');
    for (const name of WHEN_FIELDS) {
      const message = errors[name];
      delete errors[name];
      // Never dropped: a refusal without a message would leave the organizer stuck. A line has no end date to add.
      if (!first || !message) continue;
      const said = name === 'startDate' ? 'Cette date est déjà passée.' : message;
      errors.dateList ??= onLine(first.line, said === END_AFTER_MIDNIGHT ? END_BEFORE_START : said);
    }
  }
  if (!schedule.ok) Object.assign(errors, schedule.errors);
  return { parsed, schedule, errors };
}
