// The schedule's kinds, limits and types, and what reads a schedule without checking it (a weekday, opening hours):
// apart from the schema of schedule.ts (which re-exports them all), so that a page showing a schedule carries no zod
// (issue 50).
import { TIME_ZONE, zurichToday } from './dates';

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  MO: 'lundi',
  TU: 'mardi',
  WE: 'mercredi',
  TH: 'jeudi',
  FR: 'vendredi',
  SA: 'samedi',
  SU: 'dimanche',
};

/** The most occurrences a schedule may have: beyond, an organizer is asked to split it or to use a period. */
export const MAX_OCCURRENCES = 500;

/** One date of a list, with its own times (no end time: open end, « dès 20:00 »). */
export interface ScheduleDate {
  date: string; // YYYY-MM-DD
  start: string; // HH:MM
  end: string; // HH:MM or ''
  /** The day it ends, when later than its own (a festival's three days in an imported series): `end` is on that day. */
  endDate?: string; // YYYY-MM-DD
}

export interface ScheduleRule {
  kind: 'rule';
  /** The first date the rule may produce (DTSTART's day). */
  firstDate: string;
  start: string;
  end: string;
  freq: 'weekly' | 'monthly';
  /** Every N weeks (or months). */
  interval: number;
  /** Weekly: the days of the week. */
  byDay: Weekday[];
  /** Monthly: on the Nth weekday (nth 1–5, or -1 for the last) or on a day of the month (1–31). */
  monthly: { mode: 'weekday'; nth: number; weekday: Weekday } | { mode: 'monthday'; day: number } | null;
  /** The end: a last date (YYYY-MM-DD, included) or a number of occurrences (excluded dates count, RFC 5545). */
  until: string;
  count: number | null;
  /** Dates (YYYY-MM-DD) the rule skips. */
  exclude: string[];
}

export interface OpeningHours {
  open: string;
  close: string;
}

export interface SchedulePeriod {
  kind: 'period';
  from: string;
  to: string;
  /** Opening hours per weekday; a day without hours is closed. */
  hours: Partial<Record<Weekday, OpeningHours>>;
  /** Dates (YYYY-MM-DD) closed although their weekday is open (holidays). */
  closed: string[];
}

export type Schedule = { kind: 'dates'; dates: ScheduleDate[] } | ScheduleRule | SchedulePeriod;
/** Monday-first weekday of a YYYY-MM-DD date. */
export function weekdayOf(ymd: string): Weekday {
  const [y, m, d] = ymd.split('-').map(Number);
  return WEEKDAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7];
}

/** The opening hours of a period on a day, or null when it is closed (outside the period, a closed day or weekday). */
export function openingHoursOn(period: SchedulePeriod, ymd: string): OpeningHours | null {
  if (ymd < period.from || ymd > period.to || period.closed.includes(ymd)) return null;
  return period.hours[weekdayOf(ymd)] ?? null;
}

/** « ouvert aujourd’hui 10:00–18:00 » or « fermé aujourd’hui » (null outside the period: the dates say it). */
export function todayOpeningText(schedule: Schedule | null, now: Date = new Date()): string | null {
  if (schedule?.kind !== 'period') return null;
  const today = zurichToday(now);
  if (today < schedule.from || today > schedule.to) return null;
  const hours = openingHoursOn(schedule, today);
  return hours ? `ouvert aujourd’hui ${hours.open}–${hours.close}` : 'fermé aujourd’hui';
}

/** The weekly opening hours in French, grouped: « mardi–dimanche 10:00–18:00 ; lundi fermé ». */
export function openingHoursText(period: SchedulePeriod): string[] {
  const lines: string[] = [];
  let i = 0;
  while (i < WEEKDAYS.length) {
    const h = period.hours[WEEKDAYS[i]];
    let j = i;
    while (
      j + 1 < WEEKDAYS.length &&
      period.hours[WEEKDAYS[j + 1]]?.open === h?.open &&
      period.hours[WEEKDAYS[j + 1]]?.close === h?.close
    )
      j++;
    const days =
      i === j ? WEEKDAY_LABELS[WEEKDAYS[i]] : `${WEEKDAY_LABELS[WEEKDAYS[i]]}–${WEEKDAY_LABELS[WEEKDAYS[j]]}`;
    lines.push(h ? `${days} ${h.open}–${h.close}` : `${days} fermé`);
    i = j + 1;
  }
  return lines;
}

export { TIME_ZONE };
