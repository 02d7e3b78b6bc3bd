// The days and the list of dates of the event form's schedule, as the Swiss write them (decision 041, issue 33): « 24.12 »,
// « 24.12.2026 », « 2026-12-24 », one date per line with its times, and what to say of a line that is not one. Pure:
// the server's parse and the form's preview, which loads it after the page (SchedulePreview.tsx), not at start.
import { isCalendarDate } from './dates';

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
 * word): the line as typed, and how to write it; a date without its time is understood, so only what it lacks is
 * said. Null when every line is a date.
 */
export function listLineProblem(text: string | undefined): string | null {
  const { bad } = dateLines(text ?? '');
  if (!bad) return null;
  if (bad.dayOnly) return badLineMessage(bad);
  const typed = (text ?? '').split('\n')[bad.line - 1].trim();
  return `«\u00a0${typed}\u00a0» n’est pas compris. ${badLineMessage(bad)}`;
}
