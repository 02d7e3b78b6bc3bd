// The schedule part of the event form (decision 041), as flat fields that work without JavaScript: a choice of kind,
// then the fields of that kind. The first date and its times are the form's own (startDate, startTime, endTime); a
// period runs from startDate to endDate. Pure: shared by the form component and the server.
import { isCalendarDate } from './dates';
import { validateEventForm } from './event-form';
import { type Schedule, scheduleIssues, scheduleSchema, WEEKDAYS, type Weekday, weekdayOf } from './schedule';

export const SCHEDULE_KINDS = [
  { value: 'single', label: 'Une date' },
  { value: 'dates', label: 'Plusieurs dates' },
  { value: 'rule', label: 'Une date qui se répète' },
  { value: 'period', label: 'Une période avec des heures d’ouverture' },
] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number]['value'];

export const SCHEDULE_FIELDS = [
  'scheduleKind',
  'dateList',
  'ruleFreq',
  'ruleInterval',
  ...WEEKDAYS.map((d) => `ruleDay${d}` as const),
  'ruleMonthly',
  'ruleUntil',
  'ruleCount',
  'ruleExclude',
  ...WEEKDAYS.flatMap((d) => [`hours${d}Open` as const, `hours${d}Close` as const]),
  'periodClosed',
] as const;

type Values = Record<string, string>;

/** « 28.11.2026 », « 28.11.26 » or « 2026-11-28 » → 2026-11-28 (null when it is no date). */
export function parseDay(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(t);
  if (!m) return null;
  const year = m[3].length === 2 ? `20${m[3]}` : m[3];
  return `${year}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
}

const hm = (t: string) => {
  const m = /^(\d{1,2})[:h.](\d{2})$/.exec(t.trim());
  return m ? `${m[1].padStart(2, '0')}:${m[2]}` : t.trim();
};

/** Dates separated by commas, spaces or lines. */
function dayList(text: string): { days: string[]; bad: string | null } {
  const days: string[] = [];
  for (const part of text.split(/[\s,;]+/).filter(Boolean)) {
    const day = parseDay(part);
    if (!day) return { days, bad: part };
    days.push(day);
  }
  return { days, bad: null };
}

/** One line per date: « 28.11.2026 20:00 » or « 28.11.2026 20:00-22:30 ». `bad`: the first line that is not one. */
function dateLines(text: string): {
  dates: { date: string; start: string; end: string }[];
  bad: { line: number; dayOnly: string | null } | null;
} {
  const dates: { date: string; start: string; end: string }[] = [];
  const lines = text.split('\n').map((l) => l.trim());
  for (const [i, line] of lines.entries()) {
    if (!line) continue;
    const m = /^(\S+)\s+(\d{1,2}[:h.]\d{2})(?:\s*[-–à]\s*(\d{1,2}[:h.]\d{2}))?$/.exec(line);
    const date = m ? parseDay(m[1]) : null;
    if (!m || !date) return { dates, bad: { line: i + 1, dayOnly: parseDay(line) ? line : null } };
    dates.push({ date, start: hm(m[2]), end: m[3] ? hm(m[3]) : '' });
  }
  return { dates, bad: null };
}

/** What is wrong with a line of the list: a date without its start time, or a line that is no date at all. */
function badLineMessage({ line, dayOnly }: { line: number; dayOnly: string | null }): string {
  return dayOnly
    ? `Ligne ${line}\u00a0: indiquez l’heure de début après la date, par exemple ${dayOnly} 20:00.`
    : `Ligne ${line}\u00a0: écrivez la date puis l’heure, par exemple 28.11.2026 20:00-22:30.`;
}

const flag = (v: string | undefined) => v === 'on' || v === '1' || v === 'true';

export type ScheduleFormResult =
  | { ok: true; schedule: Schedule | null }
  | { ok: false; errors: Record<string, string> };

/** The form field a message of the schedule schema belongs to. */
function fieldOf(path: string, kind: ScheduleKind): string {
  const [head, second, third] = path.split('.');
  if (kind === 'dates') return 'dateList';
  if (kind === 'period') {
    if (head === 'hours' && second) return `hours${second}${third === 'open' ? 'Open' : 'Close'}`;
    if (head === 'to') return 'endDate';
    if (head === 'from') return 'startDate';
    if (head === 'closed') return 'periodClosed';
    return head === 'hours' ? 'hoursMOOpen' : 'scheduleKind';
  }
  const fields: Record<string, string> = {
    until: 'ruleUntil',
    count: 'ruleCount',
    end: 'endTime',
    start: 'startTime',
    firstDate: 'startDate',
    byDay: 'ruleDayMO',
    interval: 'ruleInterval',
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
  if (kind === 'dates') {
    const { dates, bad } = dateLines(values.dateList ?? '');
    if (bad !== null) return { ok: false, errors: { dateList: badLineMessage(bad) } };
    raw = { kind, dates };
  } else if (kind === 'rule') {
    const excluded = dayList(values.ruleExclude ?? '');
    if (excluded.bad)
      return {
        ok: false,
        errors: { ruleExclude: `«\u00a0${excluded.bad}\u00a0» n’est pas une date (exemple\u00a0: 24.12.2026).` },
      };
    const first = (values.startDate ?? '').trim();
    const monthly = values.ruleMonthly || 'monthday';
    const firstOk = isCalendarDate(first);
    const until = (values.ruleUntil ?? '').trim();
    raw = {
      kind,
      firstDate: first,
      start: values.startTime ?? '',
      end: values.endTime ?? '',
      freq: values.ruleFreq === 'monthly' ? 'monthly' : 'weekly',
      interval: values.ruleInterval?.trim() || '1',
      byDay: WEEKDAYS.filter((d) => flag(values[`ruleDay${d}`])),
      monthly:
        values.ruleFreq !== 'monthly' || !firstOk
          ? null
          : monthly === 'monthday'
            ? { mode: 'monthday', day: Number(first.slice(8, 10)) }
            : { mode: 'weekday', nth: Number(monthly), weekday: weekdayOf(first) },
      until: until ? (parseDay(until) ?? until) : '',
      count: values.ruleCount?.trim() ? values.ruleCount.trim() : null,
      exclude: excluded.days,
    };
  } else {
    const closed = dayList(values.periodClosed ?? '');
    if (closed.bad) return { ok: false, errors: { periodClosed: `«\u00a0${closed.bad}\u00a0» n’est pas une date.` } };
    const hours: Partial<Record<Weekday, { open: string; close: string }>> = {};
    for (const d of WEEKDAYS) {
      const open = (values[`hours${d}Open`] ?? '').trim();
      const close = (values[`hours${d}Close`] ?? '').trim();
      if (open || close) hours[d] = { open: hm(open), close: hm(close) };
    }
    raw = { kind, from: values.startDate ?? '', to: values.endDate ?? '', hours, closed: closed.days };
  }
  const parsed = scheduleSchema.safeParse(raw);
  if (parsed.success) return { ok: true, schedule: parsed.data };
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(scheduleIssues(parsed.error))) errors[fieldOf(path, kind)] ??= message;
  return { ok: false, errors };
}

/** Problems of the expansion (scheduleProblems, server side), on the form's fields. */
export function scheduleFieldErrors(schedule: Schedule, problems: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(problems)) errors[fieldOf(path, schedule.kind)] ??= message;
  return errors;
}

/**
 * The values the form's own checks see: a list of dates gives its first date and times; a period is checked as days
 * (its hours are its own). The organizer's values are kept as typed.
 */
export function valuesForMainChecks(values: Values): Values {
  if (values.scheduleKind === 'dates') {
    const { dates } = dateLines(values.dateList ?? '');
    const first = [...dates].sort((a, b) => `${a.date}${a.start}`.localeCompare(`${b.date}${b.start}`))[0];
    if (first) return { ...values, startDate: first.date, startTime: first.start, endTime: first.end, endDate: '' };
  }
  if (values.scheduleKind === 'period') return { ...values, allDay: 'on', startTime: '', endTime: '' };
  return values;
}

/** The form's values for a stored schedule (edit). */
export function scheduleValues(schedule: Schedule | null | undefined): Values {
  if (!schedule) return { scheduleKind: 'single' };
  const swiss = (ymd: string) => ymd.split('-').reverse().join('.');
  switch (schedule.kind) {
    case 'dates':
      return {
        scheduleKind: 'dates',
        dateList: schedule.dates.map((d) => `${swiss(d.date)} ${d.start}${d.end ? `-${d.end}` : ''}`).join('\n'),
      };
    case 'rule':
      return {
        scheduleKind: 'rule',
        ruleFreq: schedule.freq,
        ruleInterval: String(schedule.interval),
        ...Object.fromEntries(schedule.byDay.map((d) => [`ruleDay${d}`, 'on'])),
        ruleMonthly:
          schedule.monthly?.mode === 'weekday' ? String(schedule.monthly.nth) : schedule.monthly ? 'monthday' : '',
        ruleUntil: schedule.until,
        ruleCount: schedule.count === null ? '' : String(schedule.count),
        ruleExclude: schedule.exclude.map(swiss).join(', '),
      };
    case 'period':
      return {
        scheduleKind: 'period',
        endDate: schedule.to,
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
        periodClosed: schedule.closed.map(swiss).join(', '),
      };
  }
}

/** The form's own date and time fields: with a list of dates, the list gives them (they are hidden then). */
const WHEN_FIELDS = ['startDate', 'startTime', 'endDate', 'endTime'] as const;

/**
 * Every message of the event form, its schedule's included: the browser's checks (conform, on blur) and the server's
 * parse call this, so both mark the same fields. With a list of dates the form's date and time fields are not used:
 * what the main checks say of them (a first date already past) is said of the list, and nothing of a missing start
 * date (the list's own message says it). The server adds the expansion's limits (scheduleProblems).
 */
export function checkEventForm(values: Values, now: Date = new Date(), categories?: readonly string[]) {
  const parsed = validateEventForm(valuesForMainChecks(values), now, categories);
  const schedule = scheduleFromForm(values);
  const errors: Record<string, string> = { ...parsed.errors };
  if (values.scheduleKind === 'dates') {
    const listed = dateLines(values.dateList ?? '').dates.length > 0;
    for (const name of WHEN_FIELDS) {
      const message = errors[name];
      delete errors[name];
      if (listed && message && name === 'startDate')
        errors.dateList ??= 'La première date de la liste est déjà passée.';
    }
  }
  if (!schedule.ok) Object.assign(errors, schedule.errors);
  return { parsed, schedule, errors };
}
