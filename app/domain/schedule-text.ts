// A schedule in one French sentence, for whoever reads it rather than its dates: the moderator comparing a change,
// the event page above its next dates. Pure and small (no recurrence library): it says the rule, it does not expand it.
import { addDaysToDate, formatCalendarDay } from './dates';
import { frenchList } from './french-list';
import { firstRuleDay, openBounds } from './schedule-days';
import {
  type OpeningHours,
  type Schedule,
  type ScheduleDate,
  type SchedulePeriod,
  type ScheduleRule,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Weekday,
} from './schedule-model';

/** Beyond this many dates (a list) or excluded dates (a rule), the sentence counts them instead of naming them. */
const NAMED_DATES = 8;
const NAMED_EXCLUSIONS = 5;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const hoursText = (start: string, end: string) => (end ? `${start}–${end}` : `dès ${start}`);
const ordinal = (n: number) => (n === 1 ? '1er' : `${n}e`);
const dayOfMonth = (n: number) => (n === 1 ? '1er' : String(n));

function datesText(dates: ScheduleDate[]): string {
  const sorted = [...dates].sort((a, b) => `${a.date}T${a.start}`.localeCompare(`${b.date}T${b.start}`));
  // The year only when the list crosses one: « ven. 4 déc. » reads better than « ven. 4 déc. 2026 » three times.
  const style = new Set(sorted.map((d) => d.date.slice(0, 4))).size > 1 ? 'shortYear' : 'short';
  // « et 1 autre » would take the room of the date it stands for: the date itself then.
  const named = sorted.slice(0, sorted.length === NAMED_DATES + 1 ? sorted.length : NAMED_DATES).map((d) => {
    const end = d.endDate ? ` – ${formatCalendarDay(d.endDate, style)} ${d.end}` : d.end ? `–${d.end}` : '';
    return `${formatCalendarDay(d.date, style)} ${d.start}${end}`;
  });
  const rest = sorted.length - named.length;
  const more = rest > 0 ? ` et ${rest} autre${rest > 1 ? 's' : ''}` : '';
  return `${sorted.length} date${sorted.length > 1 ? 's' : ''}\u00a0: ${named.join(', ')}${more}`;
}

/** « Chaque samedi », « Toutes les 2 semaines le mardi et le jeudi », « Le dernier dimanche du mois »… */
function recurrenceText(rule: ScheduleRule): string {
  const every = rule.interval > 1 ? `tous les ${rule.interval} mois` : '';
  if (rule.freq === 'monthly') {
    const m = rule.monthly;
    if (!m) return rule.interval > 1 ? `Tous les ${rule.interval} mois` : 'Chaque mois';
    if (m.mode === 'monthday')
      return every ? `Le ${dayOfMonth(m.day)} du mois, ${every}` : `Le ${dayOfMonth(m.day)} de chaque mois`;
    const nth = m.nth === -1 ? 'dernier' : ordinal(m.nth);
    return `Le ${nth} ${WEEKDAY_LABELS[m.weekday]} du mois${every ? `, ${every}` : ''}`;
  }
  const days = WEEKDAYS.filter((d) => rule.byDay.includes(d));
  if (days.length === 0) return rule.interval > 1 ? `Toutes les ${rule.interval} semaines` : 'Chaque semaine';
  if (rule.interval > 1)
    return `Toutes les ${rule.interval} semaines ${frenchList(days.map((d) => `le ${WEEKDAY_LABELS[d]}`))}`;
  if (days.length === WEEKDAYS.length) return 'Chaque jour';
  return `Chaque ${frenchList(days.map((d) => WEEKDAY_LABELS[d]))}`;
}

function exclusionsText(dates: string[], style: 'long' | 'longNoYear'): string {
  if (dates.length === 0) return '';
  if (dates.length > NAMED_EXCLUSIONS) return `${dates.length} dates`;
  return frenchList([...dates].sort().map((d) => `le ${formatCalendarDay(d, style)}`));
}

function ruleText(rule: ScheduleRule): string {
  const parts = [recurrenceText(rule), hoursText(rule.start, rule.end)];
  // Its first day, not the date it was given from (a Friday for Wednesdays, from an import or an older record).
  const first = formatCalendarDay(firstRuleDay(rule) ?? rule.firstDate);
  if (rule.until) parts.push(`du ${first} au ${formatCalendarDay(rule.until)}`);
  else if (rule.count !== null)
    parts.push(`${rule.count === 1 ? 'une fois' : `${rule.count} fois`} à partir du ${first}`);
  else parts.push(`dès le ${first}`);
  const except = exclusionsText(rule.exclude, 'long');
  if (except) parts.push(`sauf ${except}`);
  return parts.join(', ');
}

const sameHours = (a: OpeningHours | undefined, b: OpeningHours | undefined) =>
  a?.open === b?.open && a?.close === b?.close;

/** A run of days of the week: « lundi », « samedi et dimanche », « mardi–vendredi », « tous les jours ». */
function daysText(days: Weekday[]): string {
  if (days.length === WEEKDAYS.length) return 'tous les jours';
  const labels = days.map((d) => WEEKDAY_LABELS[d]);
  return labels.length > 2 ? `${labels[0]}–${labels[labels.length - 1]}` : frenchList(labels);
}

/** The runs of consecutive days with the same hours: « lundi–vendredi 10:00–18:00, samedi et dimanche 10:00–17:00 ». */
function runsText(week: Weekday[], hours: SchedulePeriod['hours']): string[] {
  const lines: string[] = [];
  let run: Weekday[] = [];
  for (const d of [...week, null]) {
    if (run.length > 0 && (d === null || !sameHours(hours[d], hours[run[0]]))) {
      const h = hours[run[0]];
      lines.push(`${daysText(run)} ${h?.open}–${h?.close}`);
      run = [];
    }
    if (d && hours[d]) run.push(d);
  }
  return lines;
}

/**
 * The week's opening hours: the open days as one span with its usual hours and the days inside it that differ
 * (« mardi–dimanche 10:00–18:00, jeudi 10:00–20:00 »), or each run of days with the same hours, whichever is shorter.
 * A day that differs at either end of the week stays out of the span: « lundi 14:00–18:00, mardi–samedi 10:00–18:00 »,
 * never « lundi–samedi 10:00–18:00, lundi 14:00–18:00 », which says two hours of the same Monday.
 */
function weekHoursText(hours: SchedulePeriod['hours']): string[] {
  // The week starts on the first open day after a closed one, so Friday to Monday is one span.
  const closedIndex = WEEKDAYS.findIndex((d) => !hours[d]);
  const offset = closedIndex === -1 ? 0 : [1, 2, 3, 4, 5, 6, 7].find((j) => hours[WEEKDAYS[(closedIndex + j) % 7]]);
  const start = closedIndex === -1 ? 0 : (closedIndex + (offset ?? 0)) % 7;
  const week = WEEKDAYS.map((_, i) => WEEKDAYS[(start + i) % 7]);
  const runs = runsText(week, hours);
  const open = week.filter((d) => hours[d]);
  const contiguous = open.every((d, i) => i === 0 || week.indexOf(d) === week.indexOf(open[i - 1]) + 1);
  if (open.length < 3 || !contiguous) return runs;
  const count = (h: OpeningHours | undefined) => open.filter((d) => sameHours(hours[d], h)).length;
  const usual = open.map((d) => hours[d]).reduce((best, h) => (count(h) > count(best) ? h : best));
  if (!usual) return runs;
  const first = open.findIndex((d) => sameHours(hours[d], usual));
  const last = open.findLastIndex((d) => sameHours(hours[d], usual));
  const span = open.slice(first, last + 1);
  const inside = span.filter((d) => !sameHours(hours[d], usual));
  const withExceptions = [
    ...runsText(open.slice(0, first), hours),
    `${daysText(span)} ${usual.open}–${usual.close}`,
    ...inside.map((d) => `${WEEKDAY_LABELS[d]} ${hours[d]?.open}–${hours[d]?.close}`),
    ...runsText(open.slice(last + 1), hours),
  ];
  return withExceptions.length < runs.length ? withExceptions : runs;
}

function periodText(period: SchedulePeriod): string {
  const open = openBounds(period);
  const parts = [`Du ${formatCalendarDay(open.from)} au ${formatCalendarDay(open.to)}`, ...weekHoursText(period.hours)];
  const closedDays = WEEKDAYS.filter((d) => !period.hours[d]).map((d) => `le ${WEEKDAY_LABELS[d]}`);
  // Within less than a year, « le 25 décembre » is one day; over a longer period it needs its year.
  const style = addDaysToDate(period.from, 365) > period.to ? 'longNoYear' : 'long';
  const closedDates =
    period.closed.length > NAMED_EXCLUSIONS
      ? [`${period.closed.length}${closedDays.length ? ' autres' : ''} jours`]
      : [...period.closed].sort().map((d) => `le ${formatCalendarDay(d, style)}`);
  const closed = [...closedDays, ...closedDates];
  if (closed.length) parts.push(`fermé ${frenchList(closed)}`);
  return parts.join(', ');
}

/**
 * The schedule in French: « Chaque samedi, 08:00–12:00, du 5 décembre 2026 au 27 mars 2027, sauf le 26 décembre
 * 2026 », « 3 dates : ven. 4 déc. 20:00, … », « Du 1er décembre 2026 au 28 février 2027, mardi–dimanche
 * 10:00–18:00, fermé le lundi ».
 */
export function describeSchedule(schedule: Schedule): string {
  switch (schedule.kind) {
    case 'dates':
      return capitalise(datesText(schedule.dates));
    case 'rule':
      return capitalise(ruleText(schedule));
    case 'period':
      return periodText(schedule);
  }
}

/** The start time a list's dates share, or '' when they differ. */
const sharedStart = (dates: ScheduleDate[]) => (new Set(dates.map((d) => d.start)).size === 1 ? dates[0].start : '');

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

/**
 * A series as one result of a list (decision 065): « Chaque mardi · 18:30 · 29 dates », « 6 dates · 20:00 »,
 * « + 5 autres dates ». `matching`: its dates in the range asked; `upcoming`: all its dates from now on. `timed`: the
 * line gives the time of its dates (a rule, or a list whose dates share one). Null for one date or a period.
 */
export function seriesLine(
  schedule: Schedule | null | undefined,
  matching: number,
  upcoming: number,
): { text: string; timed: boolean } | null {
  if (schedule?.kind === 'rule') {
    const count = matching > 1 ? ` · ${plural(matching, 'date')}` : '';
    return { text: `${recurrenceText(schedule)} · ${schedule.start}${count}`, timed: true };
  }
  if (schedule?.kind !== 'dates') return null;
  const start = sharedStart(schedule.dates);
  if (matching > 1) return { text: `${plural(matching, 'date')}${start ? ` · ${start}` : ''}`, timed: Boolean(start) };
  if (upcoming > 1)
    return { text: `+ ${upcoming - 1} autre${upcoming > 2 ? 's' : ''} date${upcoming > 2 ? 's' : ''}`, timed: false };
  return null;
}
