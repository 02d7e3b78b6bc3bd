// An exhibition's opening for the days someone looks at (decision 066): today on the list and the event page, the
// weekend on « Ce week-end », the day a link points at (`?date=`). Pure: shared by the list's cards and the event page.
import { addDaysToDate, formatCalendarDay, formatTime, zurichToday, zurichWallClock } from './dates';
import { frenchList } from './french-list';
import { openingHoursOn, type Schedule, type SchedulePeriod, WEEKDAY_LABELS, weekdayOf } from './schedule-model';

const hours = (period: SchedulePeriod, day: string) => {
  const h = openingHoursOn(period, day);
  return h ? `${h.open}–${h.close}` : null;
};

/** Open today, but no longer at `now` (an opening past midnight, 18:00–02:00, is not over in the evening). */
function closedForToday(period: SchedulePeriod, today: string, now: Date): boolean {
  const h = openingHoursOn(period, today);
  return Boolean(h && h.open < h.close && formatTime(now.toISOString()) >= h.close);
}

/** How a day is named beside its hours: « aujourd’hui », « demain », « le samedi 5 décembre ». */
function dayName(day: string, today: string): string {
  if (day === today) return 'aujourd’hui';
  if (day === addDaysToDate(today, 1)) return 'demain';
  return `le ${formatCalendarDay(day, day.slice(0, 4) === today.slice(0, 4) ? 'weekday' : 'weekdayYear')}`;
}

/**
 * « ouvert aujourd’hui 10:00–18:00 », « fermé demain », « ouvert le samedi 5 décembre 10:00–18:00 »; for two days (a
 * weekend) « ouvert samedi 10:00–18:00, dimanche 10:00–17:00 » or « ouvert samedi 10:00–18:00, fermé dimanche ».
 * `days`: the days looked at (YYYY-MM-DD), today when empty; those outside the period are left out. Null for another
 * kind of schedule, or when no day looked at is within the period.
 */
export function openingText(
  schedule: Schedule | null | undefined,
  days: readonly string[],
  now = new Date(),
): string | null {
  if (schedule?.kind !== 'period') return null;
  const today = zurichToday(now);
  const within = (days.length ? days : [today]).filter((d) => d >= schedule.from && d <= schedule.to);
  if (within.length === 0) return null;
  if (within.length === 1) {
    const day = within[0];
    const h = openingHoursOn(schedule, day);
    if (!h) return `fermé ${dayName(day, today)}`;
    // Today once it has closed (at 21:30, « ouvert aujourd’hui 10:00–20:00 » reads as open): what comes next.
    if (day === today && closedForToday(schedule, today, now)) {
      const tomorrow = addDaysToDate(today, 1);
      const next = tomorrow <= schedule.to ? hours(schedule, tomorrow) : null;
      return next ? `fermé pour aujourd’hui, ouvert demain ${next}` : 'fermé pour aujourd’hui';
    }
    return `ouvert ${dayName(day, today)} ${h.open}–${h.close}`;
  }
  // « Ce week-end » on Saturday evening: Saturday's hours are over, not still to come (issue 70).
  if (within.includes(today) && closedForToday(schedule, today, now)) {
    const rest = openingText(
      schedule,
      within.filter((d) => d !== today),
      now,
    );
    return rest ? `fermé pour aujourd’hui, ${rest}` : 'fermé pour aujourd’hui';
  }
  const open = within.filter((d) => hours(schedule, d));
  const closed = within.filter((d) => !hours(schedule, d));
  const name = (d: string) => WEEKDAY_LABELS[weekdayOf(d)];
  if (open.length === 0) return `fermé ${frenchList(closed.map(name))}`;
  const opened = `ouvert ${open.map((d) => `${name(d)} ${hours(schedule, d)}`).join(', ')}`;
  return closed.length ? `${opened}, fermé ${frenchList(closed.map(name))}` : opened;
}

/**
 * Of the days looked at, the first within the period that the exhibition is still open, else the first within it.
 * Today once closed is not open any more: on Saturday evening, « Ce week-end » links to Sunday (issue 70).
 */
export function shownDay(period: SchedulePeriod, days: readonly string[], now = new Date()): string | null {
  const within = days.filter((d) => d >= period.from && d <= period.to);
  const today = zurichToday(now);
  const open = (d: string) => hours(period, d) && !(d === today && closedForToday(period, today, now));
  return within.find(open) ?? within[0] ?? null;
}

/**
 * The days a list's card looks at for an exhibition: those of a window of one or two days (windowDays); in a longer
 * window that begins after today (« du 24 au 26 décembre »), the first of its days the exhibition is open, else its
 * first day within the period; today otherwise (none).
 */
export function lookedAtDays(
  schedule: Schedule | null | undefined,
  window: { start: Date; end: Date } | null,
  now = new Date(),
): string[] {
  const days = windowDays(window);
  if (days.length || !window || schedule?.kind !== 'period') return days;
  const first = zurichToday(window.start);
  if (first <= zurichToday(now)) return [];
  const last = zurichToday(new Date(window.end.getTime() - 1));
  // The window's days within the period (YYYY-MM-DD sort as the days they name).
  const from = [first, schedule.from].sort()[1];
  const to = [last, schedule.to].sort()[0];
  for (let d = from; d <= to; d = addDaysToDate(d, 1)) if (hours(schedule, d)) return [d];
  return from <= to ? [from] : [];
}

/**
 * The Zurich days of a date window of at most two whole days (« demain », « ce week-end »: a day begun in the evening,
 * the weekend's Friday, is not one), else none (today is meant).
 */
export function windowDays(window: { start: Date; end: Date } | null): string[] {
  if (!window) return [];
  const start = zurichWallClock(window.start);
  const first = start.time === '00:00' ? start.date : addDaysToDate(start.date, 1);
  const last = zurichToday(new Date(window.end.getTime() - 1));
  if (last < first || addDaysToDate(first, 1) < last) return [];
  return first === last ? [first] : [first, last];
}
