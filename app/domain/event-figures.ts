// What organizers see of their events (issue 74, decision 171): the kinds of figures counted per event, date of a
// series and week, their French names, and the rounding that keeps a single visitor from being singled out.
import { addDaysToDate, zurichClock } from './dates';
import { formatCount } from './numbers';

/** Each thing counted; `favorite` is counted by « Mes favoris » through `countEventFigure`. */
export const FIGURE_KINDS = [
  'view',
  'calendar',
  'directions',
  'transit',
  'tickets',
  'favorite',
  'alert',
  'notify',
  'registration',
] as const;
export type FigureKind = (typeof FIGURE_KINDS)[number];

/** What a visitor's browser may report (a beacon or a link's ping); the others are counted by the server's own writes. */
export const CLICK_KINDS = ['calendar', 'directions', 'transit', 'tickets'] as const satisfies readonly FigureKind[];
export type ClickKind = (typeof CLICK_KINDS)[number];

export const FIGURE_LABELS: Record<FigureKind, string> = {
  view: 'Pages vues',
  calendar: 'Ajouter au calendrier',
  directions: 'Itinéraire',
  transit: 'Horaire CFF',
  tickets: 'Billetterie',
  favorite: 'Favoris',
  alert: '«\u00a0Me prévenir\u00a0» par email',
  notify: '«\u00a0Me prévenir\u00a0» par notification',
  registration: 'Inscriptions',
};

/** Below it, a figure is said « moins de 5 »: never the exact 1 to 4, which could point at one person. */
export const FIGURE_THRESHOLD = 5;

/** A figure as the dashboards show it. */
export function roundedFigure(n: number): string {
  return n < FIGURE_THRESHOLD ? 'moins de 5' : formatCount(n);
}

/** The Monday (Zurich calendar day, YYYY-MM-DD) of the week of an instant: figures are kept per week. */
export function figureWeek(at: Date): string {
  const { day, weekday } = zurichClock(at);
  return addDaysToDate(day, -((weekday + 6) % 7));
}

/** One counter: an event (one of its dates for a series, '' for the whole), a week and a kind. */
export interface EventFigure {
  eventId: string;
  /** The day of one date of a series (YYYY-MM-DD, as its page's `?date=`), '' when not about one date. */
  day: string;
  week: string;
  kind: FigureKind;
  n: number;
}

/** The same counters summed for the whole site, per category and canton of the events. */
export interface SiteFigure {
  week: string;
  category: string;
  canton: string;
  kind: FigureKind;
  n: number;
}

/** Where a counted link of an event's page reports its click (a `ping`, or a beacon with JavaScript). */
export const FIGURE_CLICK_PATH = '/analytics/clic';

export function figureClickUrl(eventId: string, kind: ClickKind, day: string | null): string {
  const query = new URLSearchParams({ evenement: eventId, quoi: kind });
  if (day) query.set('date', day);
  return `${FIGURE_CLICK_PATH}?${query}`;
}

/** A week of a kind as the dashboards show it (rounded on the server). */
export interface WeekFigure {
  week: string;
  /** « 3 mars » on the axis, « semaine du 3 mars 2030 » in words. */
  label: string;
  longLabel: string;
  /** Said as the page says it (« moins de 5 », « 12 »). */
  text: string;
  /** The column's height, 0 to 1 of the highest (0 below 5: a column would tell the figure). */
  height: number;
}

export interface KindFigures {
  kind: FigureKind;
  label: string;
  total: string;
  weeks: WeekFigure[];
}
