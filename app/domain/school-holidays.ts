// School holidays by canton (issue 51): the periods, the days they cover, the date windows the « pendant les vacances
// scolaires » filter turns them into, and the one check that a period typed in the admin table or a CSV line passes.
import { type CantonCode, isCantonCode } from './cantons';
import { addDaysToDate, formatCalendarDay, isCalendarDate, zurichToday } from './dates';
import { zurichIso } from './zurich-iso';

export interface SchoolHoliday {
  id: string;
  canton: CantonCode;
  /** « Vacances d’automne », « Relâches »… */
  label: string;
  /** First and last day of holiday, both included (YYYY-MM-DD, Zurich days). */
  firstDay: string;
  lastDay: string;
  /** The page or PDF the dates were read from. */
  sourceUrl: string;
  /** False for a period no official source confirmed yet (« à confirmer » in the admin table and the docs). */
  confirmed: boolean;
}

export type SchoolHolidayFields = Omit<SchoolHoliday, 'id'>;

export const HOLIDAY_LABEL_MAX = 80;
export const HOLIDAY_SOURCE_MAX = 500;
/** The longest period accepted: a summer holiday lasts about 8 weeks. */
export const HOLIDAY_MAX_DAYS = 92;
/** The most windows a filter asks the store for: a canton has about 6 periods a year. */
export const MAX_HOLIDAY_WINDOWS = 24;

/** The mark on a date that falls in the holidays of its event's canton. */
export const holidayMark = (canton: CantonCode) => `Vacances (${canton})`;

const byFirstDay = (a: SchoolHoliday, b: SchoolHoliday) => (a.firstDay < b.firstDay ? -1 : 1);

/** The period of `canton` that holds the Zurich day `day` (YYYY-MM-DD), or null. */
export function holidayOn(periods: readonly SchoolHoliday[], canton: string, day: string): SchoolHoliday | null {
  return periods.find((p) => p.canton === canton && p.firstDay <= day && day <= p.lastDay) ?? null;
}

/**
 * The periods of `canton` as instants [start, end) (Zurich midnights, the day after the last one excluded), cut to
 * [from, to): what the store intersects with the dates, as the date filters do. In date order, at most
 * MAX_HOLIDAY_WINDOWS; an empty list when none overlaps (the filter then finds nothing).
 */
export function holidayWindows(
  periods: readonly SchoolHoliday[],
  canton: CantonCode,
  from: Date,
  to: Date | null,
): { start: Date; end: Date }[] {
  const windows: { start: Date; end: Date }[] = [];
  for (const p of [...periods].sort(byFirstDay)) {
    if (p.canton !== canton) continue;
    const start = new Date(zurichIso(p.firstDay));
    const end = new Date(zurichIso(addDaysToDate(p.lastDay, 1)));
    if (end <= from || (to && start >= to)) continue;
    windows.push({ start: start < from ? from : start, end: to && end > to ? to : end });
    if (windows.length >= MAX_HOLIDAY_WINDOWS) break;
  }
  return windows;
}

/**
 * The periods of `canton` a parent filtering on its holidays reads above the list: the next `count` not over on the
 * list's first day (`from`, YYYY-MM-DD, or today), each « Vacances d’hiver du jeu. 24 déc. au dim. 10 janv. 2027 »: the
 * year on the last day when it is not that day's, on the first too when the period crosses into the next.
 */
export function comingHolidays(
  periods: readonly SchoolHoliday[],
  canton: CantonCode,
  { from, now, count = 3 }: { from: string; now: Date; count?: number },
): string[] {
  const today = zurichToday(now);
  const start = from > today ? from : today;
  const year = (ymd: string) => ymd.slice(0, 4);
  const day = (ymd: string, withYear: boolean) => formatCalendarDay(ymd, withYear ? 'shortYear' : 'short');
  return periods
    .filter((p) => p.canton === canton && p.lastDay >= start)
    .sort(byFirstDay)
    .slice(0, count)
    .map((p) => {
      const last = year(p.lastDay) !== year(start);
      const first = last && year(p.firstDay) !== year(p.lastDay) && year(p.firstDay) !== year(start);
      return `${p.label} du ${day(p.firstDay, first)} au ${day(p.lastDay, last)}`;
    });
}

const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** A period as typed, in the admin form or on a CSV line. */
export interface HolidayInput {
  canton: string;
  label: string;
  firstDay: string;
  lastDay: string;
  sourceUrl: string;
  confirmed: boolean;
}

/**
 * A period as typed (admin form or CSV line), checked: French messages by field, or the period. Both the form and the
 * import go through it, so a line the import refuses is one the form refuses too.
 */
export function checkHoliday(
  input: HolidayInput,
):
  | { ok: true; value: SchoolHolidayFields }
  | { ok: false; errors: Partial<Record<keyof SchoolHolidayFields, string>> } {
  const errors: Partial<Record<keyof SchoolHolidayFields, string>> = {};
  const canton = input.canton.trim().toUpperCase();
  const label = input.label.trim().replace(/\s+/g, ' ');
  const firstDay = input.firstDay.trim();
  const lastDay = input.lastDay.trim();
  const sourceUrl = input.sourceUrl.trim();
  if (!isCantonCode(canton)) errors.canton = 'Canton inconnu (GE, VD, VS, NE, FR, JU ou BE pour le Jura bernois)';
  if (!label) errors.label = 'Le libellé est obligatoire';
  else if (label.length > HOLIDAY_LABEL_MAX)
    errors.label = `Libellé trop long (${HOLIDAY_LABEL_MAX}\u00a0caractères au plus)`;
  if (!isCalendarDate(firstDay)) errors.firstDay = 'Premier jour invalide (AAAA-MM-JJ)';
  if (!isCalendarDate(lastDay)) errors.lastDay = 'Dernier jour invalide (AAAA-MM-JJ)';
  else if (!errors.firstDay && lastDay < firstDay) errors.lastDay = 'Le dernier jour précède le premier';
  else if (!errors.firstDay && lastDay > addDaysToDate(firstDay, HOLIDAY_MAX_DAYS - 1))
    errors.lastDay = `Période trop longue (${HOLIDAY_MAX_DAYS} jours au plus)`;
  if (sourceUrl && (!HTTP_URL.test(sourceUrl) || sourceUrl.length > HOLIDAY_SOURCE_MAX))
    errors.sourceUrl = 'La source doit être une adresse http(s) valide';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { canton: canton as CantonCode, label, firstDay, lastDay, sourceUrl, confirmed: input.confirmed },
  };
}
