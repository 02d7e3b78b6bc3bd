// The filters of the events list, read from and written to the URL (so they work without JS and can be shared).
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { endOfMonth } from 'date-fns/endOfMonth';
import { startOfDay } from 'date-fns/startOfDay';
import { type CantonCode, readCanton } from './cantons';
import type { CategorySlug } from './categories';
import { formatDayOf, TIME_ZONE } from './dates';
import { type NearFilter, nearParams, parseNear } from './distance';
import { validateSearchText } from './search-text';

export const WHEN_OPTIONS = [
  { value: 'aujourdhui', label: 'Aujourd’hui' },
  { value: 'demain', label: 'Demain' },
  { value: 'week-end', label: 'Ce week-end' },
  { value: 'semaine', label: 'Cette semaine' },
  { value: 'mois', label: 'Ce mois' },
] as const;
export type When = (typeof WHEN_OPTIONS)[number]['value'];

export interface EventFilters {
  q: string;
  category: CategorySlug | '';
  canton: CantonCode | '';
  when: When | '';
  from: string; // YYYY-MM-DD
  to: string; // YYYY-MM-DD
  free: boolean;
  family: boolean;
  accessible: boolean;
  /** A venue's or an organizer's slug (issue 36): only its events (`?lieu=`, `?organisateur=`). */
  venue: string;
  organizer: string;
  /** « Autour de » a locality or the visitor's position, with a radius (issue 47): only events within it. */
  near: NearFilter | null;
  /**
   * « Pendant les vacances scolaires » of this canton (issue 51): only dates within its periods. `?vacances=VD`, or
   * `?vacances=1` for the canton of the canton filter (ignored without one).
   */
  holidays: CantonCode | '';
  /** The text searched as words even when it names a locality (`?mot=1`, decision 161): « Bière » the drink. */
  words?: boolean;
}

export interface ParsedFilters {
  filters: EventFilters;
  /** French message when q breaks the docs/specification.md §5 rules (the page answers 400 with no results). */
  searchError: string | null;
  /** French message when `autour`, `lat`/`lon` or `rayon` cannot be used (the page and the API answer 400). */
  nearError: string | null;
  /** The locality as typed, kept in the form when it is refused. */
  typedAround: string;
  page: number;
}

const isWhen = (v: unknown): v is When => WHEN_OPTIONS.some((o) => o.value === v);
const isYmd = (v: string | null): v is string =>
  v != null && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));
const flag = (v: string | null) => v === '1' || v === 'on' || v === 'true';
/** A venue's or organizer's slug as a filter: the shape of a slug, anything else ignored. */
const placeSlug = (v: string | null) => (v && /^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/.test(v) ? v : '');

/** The filters of a URL; `categories` are the slugs one may filter on (the active ones): any other is ignored. */
export function parseEventFilters(params: URLSearchParams, categories: readonly string[]): ParsedFilters {
  const search = validateSearchText(params.get('q'));
  const category = params.get('category');
  const canton = params.get('canton');
  const when = params.get('quand');
  // A range typed backwards (« du 26 au 24 ») is the same range: read the right way round, not as an empty one.
  const du = params.get('du');
  const au = params.get('au');
  let from = isYmd(du) ? du : '';
  let to = isYmd(au) ? au : '';
  if (from && to && from > to) [from, to] = [to, from];
  // Dates typed win over a « Quand » left selected (by the home's « Ce week-end », a chip, an earlier search): the
  // form then shows what the list applied, never a range it ignored.
  const typedRange = from !== '' || to !== '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const near = parseNear(params);
  // A canton by its code or its name (`?vacances=vaud`, `?canton=Genève`): a name was silently ignored (issue 70).
  const cantonCode = readCanton(canton);
  const vacances = params.get('vacances');
  const holidays = readCanton(vacances) ?? (flag(vacances) && cantonCode ? cantonCode : '');
  return {
    filters: {
      q: search.ok ? search.value : '',
      category: category && categories.includes(category) ? category : '',
      canton: cantonCode ?? '',
      when: isWhen(when) && !typedRange ? when : '',
      from,
      to,
      free: flag(params.get('gratuit')),
      family: flag(params.get('famille')),
      accessible: flag(params.get('accessible')),
      venue: placeSlug(params.get('lieu')),
      organizer: placeSlug(params.get('organisateur')),
      near: near.near,
      holidays,
      words: flag(params.get('mot')),
    },
    searchError: search.ok ? null : search.error,
    nearError: near.error,
    typedAround: (params.get('autour') ?? '').trim().slice(0, 100),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

/**
 * The pages a list serves by their number alone (issue 69, a bounded offset): where page 50 starts is counted on the
 * public dates' index, a thousand results at most. Deeper, a page is reached from the one before or after it
 * (`?apres=`, `?avant=`: a keyset, however deep), and a number alone goes to page 50.
 */
export const NUMBERED_PAGES = 50;

/** The URL query of a set of filters (empty values left out), e.g. for pagination and feed links. */
export function filtersToParams(
  filters: Partial<EventFilters>,
  extra: Record<string, string | number> = {},
): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.q && filters.words) params.set('mot', '1');
  if (filters.category) params.set('category', filters.category);
  if (filters.canton) params.set('canton', filters.canton);
  if (filters.when) params.set('quand', filters.when);
  if (!filters.when && filters.from) params.set('du', filters.from);
  if (!filters.when && filters.to) params.set('au', filters.to);
  if (filters.free) params.set('gratuit', '1');
  if (filters.family) params.set('famille', '1');
  if (filters.accessible) params.set('accessible', '1');
  if (filters.venue) params.set('lieu', filters.venue);
  if (filters.organizer) params.set('organisateur', filters.organizer);
  for (const [key, value] of nearParams(filters.near ?? null)) params.set(key, value);
  if (filters.holidays) params.set('vacances', filters.holidays);
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  return params;
}

/** The list's query for these filters: « ?category=musique », nothing for the whole list. */
export function listQuery(filters: Partial<EventFilters>, extra: Record<string, string | number> = {}): string {
  const text = filtersToParams(filters, extra).toString();
  return text ? `?${text}` : '';
}

/** The list's address for these filters: « /evenements?category=musique », « /evenements » for the whole list. */
export const listPath = (filters: Partial<EventFilters>, extra: Record<string, string | number> = {}) =>
  `/evenements${listQuery(filters, extra)}`;

/** A date window that ends before `now` (« au 01.11 » on 28.11): nothing to come in it. */
export const isPastWindow = (window: { end: Date } | null, now: Date) =>
  window !== null && window.end.getTime() <= now.getTime();

export function hasActiveFilters(filters: EventFilters): boolean {
  return filtersToParams(filters).toString() !== '';
}

const zurichMidnight = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return new TZDate(y, m - 1, d, 0, 0, 0, TIME_ZONE);
};

/** Fewer days than this left in the month (today included: its last two): « Ce mois » runs to the end of the next one. */
export const MONTH_STRETCHED_BELOW = 3;

/**
 * The end of « Cette semaine » and « Ce mois » from `today` (a Zurich midnight), exclusive. On Sunday the week left is
 * today alone: « Cette semaine » is then the coming week, to next Sunday, as a weekly programme from Sunday does; in the
 * month's last days, « Ce mois » runs to the end of the next one, never today alone (issue 70). The chip says so
 * (`whenLabel`).
 */
function periodEnd(when: 'semaine' | 'mois', today: Date): Date {
  const monthEnd = startOfDay(addDays(endOfMonth(today), 1));
  if (!isStretched(when, today)) return when === 'semaine' ? addDays(today, 8 - today.getDay()) : monthEnd;
  return when === 'semaine' ? addDays(today, 8) : startOfDay(addDays(endOfMonth(monthEnd), 1));
}

const isStretched = (when: 'semaine' | 'mois', today: Date) =>
  when === 'semaine'
    ? today.getDay() === 0
    : differenceInCalendarDays(addDays(endOfMonth(today), 1), today) < MONTH_STRETCHED_BELOW;

/**
 * « Quand » as the list says it: its label, and when the period is stretched (`periodEnd`) its last day, « Cette
 * semaine, jusqu’au dim. 6 déc. », « Ce mois, jusqu’au jeu. 31 déc. ».
 */
export function whenLabel(when: When, now = new Date()): string {
  const label = WHEN_OPTIONS.find((o) => o.value === when)?.label ?? when;
  if (when !== 'semaine' && when !== 'mois') return label;
  const today = startOfDay(new TZDate(now.getTime(), TIME_ZONE));
  if (!isStretched(when, today)) return label;
  const last = addDays(periodEnd(when, today), -1);
  const noon = new Date(Date.UTC(last.getFullYear(), last.getMonth(), last.getDate(), 12));
  return `${label}, jusqu’au ${formatDayOf(noon, 'short')}`;
}

/** When the weekend begins on its Friday, in Zurich: the evening out (« Ce week-end » on a Thursday has it). */
export const WEEKEND_FROM_HOUR = 17;

/**
 * The time window of the date filters, in Zurich days: [start, end). Events overlapping it match.
 * 'Ce week-end' runs from Friday 17:00 to Sunday night (from today on Saturday and Sunday).
 */
export function dateWindow(
  filters: Pick<EventFilters, 'when' | 'from' | 'to'>,
  now = new Date(),
): { start: Date; end: Date } | null {
  // No date chosen (most of the list's pages): no Zurich day to work out.
  if (!filters.when && !filters.from && !filters.to) return null;
  const today = startOfDay(new TZDate(now.getTime(), TIME_ZONE));
  switch (filters.when) {
    case 'aujourdhui':
      return { start: today, end: addDays(today, 1) };
    case 'demain':
      return { start: addDays(today, 1), end: addDays(today, 2) };
    case 'week-end': {
      const day = today.getDay(); // 0 = Sunday, 5 = Friday, 6 = Saturday
      if (day === 0) return { start: today, end: addDays(today, 1) };
      if (day === 6) return { start: today, end: addDays(today, 2) };
      const friday = addDays(today, 5 - day);
      const evening = new TZDate(
        friday.getFullYear(),
        friday.getMonth(),
        friday.getDate(),
        WEEKEND_FROM_HOUR,
        0,
        0,
        TIME_ZONE,
      );
      return { start: evening, end: addDays(friday, 3) };
    }
    case 'semaine':
    case 'mois':
      return { start: today, end: periodEnd(filters.when, today) };
  }
  if (!filters.from && !filters.to) return null;
  const start = filters.from ? zurichMidnight(filters.from) : today;
  // From a day alone: a year of what is to come, even from a day already past (a year typed wrong: 05.12.2025).
  const end = filters.to ? addDays(zurichMidnight(filters.to), 1) : addDays(start > today ? start : today, 366);
  // Up to a day already past (« au 20.11 » on 28.11): nothing to come, not today's events.
  return { start, end: end > start ? end : start };
}
