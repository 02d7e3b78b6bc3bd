// One place for dates: Europe/Zurich wall-clock times, stored as ISO strings with offset. What pages run in the browser
// reads an instant's Zurich clock through Intl (no date library in every page's JavaScript); the way back, from a
// Zurich wall-clock time to an instant, is zurich-iso.ts's (forms, schedules and the server). Intl's formatting is
// what a page of dates spends most on (bench/profile-pages.ts): each instant is formatted once (memo.ts).
import { memoized } from './memo';

export { zurichIso } from './zurich-iso';

export const TIME_ZONE = 'Europe/Zurich';

/** Today's calendar date in Zurich as YYYY-MM-DD. */
export function zurichToday(now: Date = new Date()): string {
  return zurichDay(now);
}

/** The Zurich calendar day (YYYY-MM-DD), hour and weekday (0 = Sunday) of an instant. */
export function zurichClock(at: string | Date): { day: string; hours: number; weekday: number } {
  const { day, hour, weekday } = clockParts(at);
  return { day, hours: Number(hour), weekday: WEEKDAYS.indexOf(weekday) };
}

/** An instant as the date (YYYY-MM-DD) and time (HH:MM) a clock in Zurich shows then. */
export function zurichWallClock(at: string | Date): { date: string; time: string } {
  const { day, hour, minute } = clockParts(at);
  return { date: day, time: `${hour}:${minute}` };
}

/**
 * Whether a text is a real calendar day written YYYY-MM-DD (2027-02-29 is not; nor is 2027-13-01), years 1000 to 9999:
 * what any date arithmetic on a typed value must check first. By counting, not by Date.parse, which takes 2027-02-30
 * for the 2nd of March.
 */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, month, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1000 || month < 1 || month > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/** Adds days to a YYYY-MM-DD calendar date (checked first: isCalendarDate). */
export function addDaysToDate(ymd: string, days: number): string {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days, 12)).toISOString().slice(0, 10);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const clockFormat = lazyDateFormat(
  {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  },
  'en-US',
);
/** The day (YYYY-MM-DD), hour (00–23), minute and English short weekday a clock in Zurich shows at an instant. */
const clockParts = (at: string | Date) => clockOfInstant(new Date(at).getTime());
const clockOfInstant = memoized((ms: number): { day: string; hour: string; minute: string; weekday: string } => {
  const parts = Object.fromEntries(
    clockFormat()
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    hour: parts.hour,
    minute: parts.minute,
    weekday: parts.weekday,
  };
});

/**
 * A date format made on first use, then kept: creating an Intl.DateTimeFormat costs milliseconds on a phone, and a page
 * needs only a few of them (made at import time, all of them delayed the start of every page).
 */
export function lazyDateFormat(options: Intl.DateTimeFormatOptions, locale = 'fr-CH'): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => {
    made ??= new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, ...options });
    return made;
  };
}

const dayKeyFormat = lazyDateFormat({ year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA');
const dayOfInstant = memoized((ms: number) => dayKeyFormat().format(ms));
/** The Zurich calendar day of an instant, YYYY-MM-DD. */
export const zurichDay = (at: string | Date) => dayOfInstant(new Date(at).getTime());

const dateTimeFormat = lazyDateFormat({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateFormat = lazyDateFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const shortDateFormat = lazyDateFormat({ weekday: 'short', day: 'numeric', month: 'short' });
const timeFormat = lazyDateFormat({ hour: '2-digit', minute: '2-digit' });
const weekdayFormat = lazyDateFormat({ weekday: 'short' });

/**
 * A date as French writes it: « samedi 28 novembre 2026 », where ICU's fr-CH puts a comma after the weekday
 * (« samedi, 28 novembre 2026 »), and the first of the month « 1er » where ICU writes « 1 » (« mardi 1er décembre »).
 */
export function formatWithoutWeekdayComma(dateFormat: Intl.DateTimeFormat, date: Date): string {
  const parts = dateFormat.formatToParts(date);
  return parts
    .map((part, i) =>
      part.type === 'day' && part.value === '1'
        ? '1er'
        : part.type === 'literal' && parts[i - 1]?.type === 'weekday'
          ? ' '
          : part.value,
    )
    .join('');
}

const writtenWith = (format: () => Intl.DateTimeFormat) =>
  memoized((ms: number) => formatWithoutWeekdayComma(format(), new Date(ms)));
const dateTimeOf = writtenWith(dateTimeFormat);
const dateOf = writtenWith(dateFormat);
const shortDateOf = writtenWith(shortDateFormat);
const timeOf = memoized((ms: number) => timeFormat().format(ms));
const weekdayOf = memoized((ms: number) => weekdayFormat().format(ms));

export function formatDateTime(iso: string): string {
  return dateTimeOf(Date.parse(iso));
}
export function formatDate(iso: string): string {
  return dateOf(Date.parse(iso));
}
export function formatShortDate(iso: string): string {
  return shortDateOf(Date.parse(iso));
}
export function formatTime(iso: string): string {
  return timeOf(Date.parse(iso));
}
/** « sam. » */
export function formatShortWeekday(iso: string): string {
  return weekdayOf(Date.parse(iso));
}

const numericDateFormat = lazyDateFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });
/** 04.01.2026: for dense tables. */
export function formatNumericDate(iso: string): string {
  return numericDateFormat().format(new Date(iso));
}

const calendarDayFormats = {
  long: lazyDateFormat({ day: 'numeric', month: 'long', year: 'numeric' }),
  longNoYear: lazyDateFormat({ day: 'numeric', month: 'long' }),
  weekday: lazyDateFormat({ weekday: 'long', day: 'numeric', month: 'long' }),
  weekdayYear: dateFormat,
  short: shortDateFormat,
  shortYear: lazyDateFormat({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
};

type CalendarDayStyle = keyof typeof calendarDayFormats;

/**
 * A calendar day (YYYY-MM-DD) as French writes it, the first of the month « 1er » (ICU writes « 1 »): « 1er décembre
 * 2026 », « 25 décembre » (long, without the year), « samedi 28 novembre » (weekday), « samedi 28 novembre 2026 »
 * (weekday, year), « ven. 4 déc. » (short), « ven. 1er janv. 2027 » (short, year).
 */
export function formatCalendarDay(ymd: string, style: CalendarDayStyle = 'long'): string {
  const [y, m, d] = ymd.split('-').map(Number);
  // Noon UTC is 13:00 or 14:00 in Zurich: the same calendar day.
  return formatDayOf(new Date(Date.UTC(y, m - 1, d, 12)), style);
}

/** The Zurich day of an instant, written as formatCalendarDay writes it. */
export function formatDayOf(at: Date, style: CalendarDayStyle = 'long'): string {
  return formatWithoutWeekdayComma(calendarDayFormats[style](), at);
}
