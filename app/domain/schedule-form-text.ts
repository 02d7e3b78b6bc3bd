// The words of the event form's schedule fields (decision 041, issue 33): the choices of the repeat (« toutes les 2
// semaines », « le dernier samedi du mois ») and days said back. How days and lists of dates are read is
// schedule-lines.ts. Pure: the form component and the server.
import { formatCalendarDay, isCalendarDate } from './dates';
import { WEEKDAY_LABELS, type Weekday } from './schedule-model';

/** « Répéter »: a frequency and its interval in one choice, as people say it. */
export function repeatLabel(freq: 'weekly' | 'monthly', interval: number): string {
  if (freq === 'weekly') return interval === 1 ? 'chaque semaine' : `toutes les ${interval} semaines`;
  return interval === 1 ? 'chaque mois' : `tous les ${interval} mois`;
}

/** The choices of « Répéter » (and the one an event already has, if it is not among them). */
export function repeatOptions(current = ''): { value: string; label: string }[] {
  const options = [
    ...[1, 2, 3, 4].map((n) => ({ value: `weekly-${n}`, label: repeatLabel('weekly', n) })),
    ...[1, 2, 3, 4, 6, 12].map((n) => ({ value: `monthly-${n}`, label: repeatLabel('monthly', n) })),
  ];
  const m = /^(weekly|monthly)-(\d{1,2})$/.exec(current);
  if (m && !options.some((o) => o.value === current))
    options.push({ value: current, label: repeatLabel(m[1] as 'weekly' | 'monthly', Number(m[2])) });
  return options;
}

/** « Répéter » read back: weekly-2 → every 2 weeks (an unknown value: weekly, and its interval refused). */
export function readRepeat(value: string | undefined): { freq: 'weekly' | 'monthly'; interval: string } {
  const m = /^(weekly|monthly)-(.*)$/.exec((value ?? '').trim());
  if (!m) return { freq: 'weekly', interval: value?.trim() ? 'x' : '1' };
  return { freq: m[1] as 'weekly' | 'monthly', interval: m[2] };
}

const ordinal = (n: number) => (n === 1 ? '1er' : `${n}e`);

/** Beside the choices in general words, what they mean. */
export const MONTHLY_HINT =
  'D’après la date de début\u00a0: par exemple le 28, le 4e\u00a0samedi ou le dernier samedi du mois.';

/**
 * « Quel jour du mois ? »: the same day of the month as the first date, the same weekday at the same place in the
 * month, or the last such weekday; named after the first date when it is known (« le 4e samedi de chaque mois »), in
 * general words otherwise (the page without JavaScript, before any date), and a stored rule's own choice kept.
 */
export function monthlyOptions(firstDate: string, current = ''): { value: string; label: string }[] {
  if (!isCalendarDate(firstDate)) {
    // Short enough for a phone's select, which cuts what is longer (an outside tester read « le même jour de la
    // semaine, à »): MONTHLY_HINT gives the examples.
    const options = [
      { value: 'monthday', label: 'la même date' },
      { value: 'weekday', label: 'le même rang' },
      { value: 'last', label: 'le dernier du mois' },
    ];
    return /^-?\d$/.test(current) ? [...options, { value: current, label: nthLabel(Number(current), null) }] : options;
  }
  const day = Number(firstDate.slice(8, 10));
  const weekday = weekdayOfDay(firstDate);
  const options = [
    { value: 'monthday', label: `le ${day === 1 ? '1er' : day} de chaque mois` },
    { value: 'weekday', label: `le ${ordinal(Math.ceil(day / 7))} ${WEEKDAY_LABELS[weekday]} de chaque mois` },
    { value: 'last', label: `le dernier ${WEEKDAY_LABELS[weekday]} de chaque mois` },
  ];
  return /^-?\d$/.test(current) ? [...options, { value: current, label: nthLabel(Number(current), weekday) }] : options;
}

const nthLabel = (nth: number, weekday: Weekday | null) =>
  `le ${nth === -1 ? 'dernier' : ordinal(nth)} ${weekday ? WEEKDAY_LABELS[weekday] : 'jour de la semaine de la date de début'} de chaque mois`;

const WEEK: Weekday[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
function weekdayOfDay(ymd: string): Weekday {
  const [y, m, d] = ymd.split('-').map(Number);
  return WEEK[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
}

/** « Quel jour du mois ? » read back, for a first date that passed its check: the rule's monthly part. */
export function readMonthly(
  value: string | undefined,
  firstDate: string,
): { mode: 'monthday'; day: number } | { mode: 'weekday'; nth: number; weekday: Weekday } {
  const day = Number(firstDate.slice(8, 10));
  const weekday = weekdayOfDay(firstDate);
  const choice = value || 'monthday';
  if (choice === 'monthday') return { mode: 'monthday', day };
  if (choice === 'last') return { mode: 'weekday', nth: -1, weekday };
  if (choice === 'weekday') return { mode: 'weekday', nth: Math.ceil(day / 7), weekday };
  return { mode: 'weekday', nth: Number(choice), weekday };
}

/** A day as the schedule fields write it back: « 24.12.2026 ». */
export const swissDay = (ymd: string) => ymd.split('-').reverse().join('.');

/** « 24 décembre 2026 », for a message about a day. */
export const dayInWords = (ymd: string) => formatCalendarDay(ymd);
