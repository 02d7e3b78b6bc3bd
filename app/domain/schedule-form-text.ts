// How the event form's schedule fields are written (decision 041, issue 33): days as the Swiss write them (« 24.12 »,
// « 24.12.2026 », « 2026-12-24 »), a list of dates one per line, times as « 20:00 » or « 20h00 », and the choices of
// the repeat (« toutes les 2 semaines », « le dernier samedi du mois »). Pure: the form component and the server.
import { formatCalendarDay, isCalendarDate } from './dates';
import { WEEKDAY_LABELS, type Weekday } from './schedule-model';

/**
 * « 28.11.2026 », « 28.11.26 », « 2026-11-28 », or « 28.11 » without its year: the first 28 November on or after
 * `from` (the period's first day, the series' first date), when there is one → 2026-11-28; null when it is no date.
 */
export function parseDay(text: string, from = ''): string | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})\.(\d{1,2})\.?$/.exec(t);
  if (m && isCalendarDate(from)) {
    const monthDay = `${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
    const year = Number(from.slice(0, 4));
    return `${monthDay >= from.slice(5) ? year : year + 1}-${monthDay}`;
  }
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(t);
  if (!m) return null;
  const year = m[3].length === 2 ? `20${m[3]}` : m[3];
  return `${year}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
}

/** An hour as people write it in Switzerland: « 09:30 », « 9.30 », « 9h30 », « 9 h 30 », « 20h », « 20 h ». */
const HOUR = String.raw`\d{1,2}\s*(?:[:h.]\s*\d{2}|h)`;

/** « 9h30 », « 9.30 », « 09:30 » → 09:30, « 20h » → 20:00 (anything else as typed, for its own message). */
export const hm = (t: string) => {
  const m = /^(\d{1,2})\s*(?:[:h.]\s*(\d{2})|h)$/.exec(t.trim());
  return m ? `${m[1].padStart(2, '0')}:${m[2] ?? '00'}` : t.trim();
};

/** Dates separated by commas, spaces or lines, « 24.12 » taken after `from`. */
export function dayList(text: string, from = ''): { days: string[]; bad: string | null } {
  const days: string[] = [];
  for (const part of text.split(/[\s,;]+/).filter(Boolean)) {
    const day = parseDay(part, from);
    if (!day) return { days, bad: part };
    days.push(day);
  }
  return { days, bad: null };
}

const DATE_LINE = new RegExp(String.raw`^(\S+)\s+(${HOUR})(?:\s*[-–à]\s*(${HOUR}))?$`);

/**
 * One line per date: « 28.11.2026 20:00 », « 28.11.2026 20:00-22:30 », « 28.11.2026 20h – 22h30 ». `bad`: the first
 * line that is not one.
 */
export function dateLines(text: string): {
  dates: { date: string; start: string; end: string }[];
  /** The line (from 1, blank lines counted) of each date, for the messages that name it. */
  lines: number[];
  bad: { line: number; dayOnly: string | null } | null;
} {
  const dates: { date: string; start: string; end: string }[] = [];
  const lines: number[] = [];
  for (const [i, line] of text
    .split('\n')
    .map((l) => l.trim())
    .entries()) {
    if (!line) continue;
    const m = DATE_LINE.exec(line);
    const date = m ? parseDay(m[1]) : null;
    if (!m || !date) return { dates, lines, bad: { line: i + 1, dayOnly: parseDay(line) ? line : null } };
    dates.push({ date, start: hm(m[2]), end: m[3] ? hm(m[3]) : '' });
    lines.push(i + 1);
  }
  return { dates, lines, bad: null };
}

/** « Ligne 2 : indiquez une date valide. »: a message of the list said of its line. */
export const onLine = (line: number | undefined, message: string) =>
  line ? `Ligne ${line}\u00a0: ${message.charAt(0).toLowerCase()}${message.slice(1)}` : message;

/** What is wrong with a line of the list: a date without its start time, or a line that is no date at all. */
export function badLineMessage({ line, dayOnly }: { line: number; dayOnly: string | null }): string {
  return dayOnly
    ? `Ligne ${line}\u00a0: indiquez l’heure de début après la date, par exemple ${dayOnly} 20:00.`
    : `Ligne ${line}\u00a0: écrivez la date puis l’heure, par exemple 28.11.2026 20:00-22:30.`;
}

/**
 * What the preview says of a list with a line it cannot read (issue 70: on a phone, the preview emptied without a
 * word): the line as typed, and how to write it. Null when every line is a date.
 */
export function listLineProblem(text: string | undefined): string | null {
  const { bad } = dateLines(text ?? '');
  if (!bad) return null;
  const typed = (text ?? '').split('\n')[bad.line - 1].trim();
  return `«\u00a0${typed}\u00a0» n’est pas compris. ${badLineMessage(bad)}`;
}

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
