// The days a rule gives, counted by weeks and months (no recurrence library: the event form's preview runs it in the
// browser), and the first of them, which a rule's first date is set to: « from Wednesday 25, every other Tuesday »
// starts on Tuesday 1st, for the site, rrule-temporal and any calendar reading the RRULE alike (RFC 5545 counts the
// weeks from DTSTART's, so a DTSTART off the rule's days made calendars start a week later than the site).
import { MAX_OCCURRENCES, type SchedulePeriod, type ScheduleRule, WEEKDAYS } from './schedule-model';

/** Days since 1970-01-01 of a valid YYYY-MM-DD (the schedule's parse has checked it). */
export const dayNumber = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
};
export const ymdOf = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);
/** Monday 0 … Sunday 6. */
export const weekdayIndex = (n: number) => (((n + 3) % 7) + 7) % 7;
const daysInMonth = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/** The last day a date can be written YYYY-MM-DD: a rule ends there (the form refuses a start five years ahead). */
const LAST_DAY = dayNumber('9999-12-31');

/** A rule's months or weeks looked at, at most: a rule that never matches (the 31st, every February) ends there. */
const MAX_STEPS = 10_000;

/** The day a monthly rule gives in a month (month0 counted from year 0), or null when the month has none. */
function monthlyDay(rule: ScheduleRule, monthIndex: number): number | null {
  const year = Math.floor(monthIndex / 12);
  const month0 = monthIndex % 12;
  const length = daysInMonth(year, month0);
  const m = rule.monthly;
  if (!m) return null;
  const first = dayNumber(`${String(year).padStart(4, '0')}-${String(month0 + 1).padStart(2, '0')}-01`);
  if (m.mode === 'monthday') return m.day <= length ? first + m.day - 1 : null;
  const wanted = WEEKDAYS.indexOf(m.weekday);
  if (m.nth === -1) {
    const last = first + length - 1;
    return last - ((weekdayIndex(last) - wanted + 7) % 7);
  }
  const day = first + ((wanted - weekdayIndex(first) + 7) % 7) + (m.nth - 1) * 7;
  return day < first + length ? day : null;
}

/**
 * The days a rule gives (YYYY-MM-DD), in order, at most `cap` (excluded dates left out; they count towards its number
 * of times, as in RFC 5545). The first date counts only if the rule gives it (rrule-temporal's reading of DTSTART).
 */
export function ruleDays(rule: ScheduleRule, cap = MAX_OCCURRENCES + 1): string[] {
  const first = dayNumber(rule.firstDate);
  const until = rule.until ? dayNumber(rule.until) : Number.POSITIVE_INFINITY;
  const excluded = new Set(rule.exclude);
  const days: string[] = [];
  let given = 0;
  // Each candidate in order; false once the rule has ended.
  const take = (day: number): boolean => {
    if (day < first) return true;
    if (day > until || day > LAST_DAY || (rule.count !== null && given >= rule.count) || days.length >= cap)
      return false;
    given++;
    const ymd = ymdOf(day);
    if (!excluded.has(ymd)) days.push(ymd);
    return true;
  };
  if (rule.freq === 'weekly') {
    const monday = first - weekdayIndex(first);
    const offsets = WEEKDAYS.map((d, i) => (rule.byDay.includes(d) ? i : -1)).filter((i) => i >= 0);
    if (offsets.length === 0) return days;
    for (let step = 0; step < MAX_STEPS; step++) {
      const week = monday + step * rule.interval * 7;
      for (const offset of offsets) if (!take(week + offset)) return days;
    }
    return days;
  }
  const [y, m] = rule.firstDate.split('-').map(Number);
  const start = y * 12 + (m - 1);
  for (let step = 0; step < MAX_STEPS; step++) {
    const day = monthlyDay(rule, start + step * rule.interval);
    if (day !== null && !take(day)) return days;
  }
  return days;
}

/** The first day (YYYY-MM-DD) on or after the rule's first date that its days give, whatever its interval. */
export function firstRuleDay(rule: ScheduleRule): string | null {
  const [day] = ruleDays({ ...rule, interval: 1, count: null, until: '', exclude: [] }, 1);
  return day ?? null;
}

/** The rule with its first date on its first day (see above); unchanged when it gives none. */
export function alignFirstDate(rule: ScheduleRule): ScheduleRule {
  const first = firstRuleDay(rule);
  return first && first !== rule.firstDate ? { ...rule, firstDate: first } : rule;
}

/**
 * The first and last days a period is open: what the public is told (« Du 17 novembre », not the closed Monday 16th
 * the organizer typed, issue 47), as the dates a calendar or the page's bar give. Its own bounds if it never opens.
 */
export function openBounds(period: SchedulePeriod): { from: string; to: string } {
  const closed = new Set(period.closed);
  const open = (n: number) => Boolean(period.hours[WEEKDAYS[weekdayIndex(n)]]) && !closed.has(ymdOf(n));
  const [first, last] = [dayNumber(period.from), dayNumber(period.to)];
  let from = first;
  while (from <= last && !open(from)) from++;
  if (from > last) return { from: period.from, to: period.to };
  let to = last;
  while (to > from && !open(to)) to--;
  return { from: ymdOf(from), to: ymdOf(to) };
}
