// The figures of decision 171 as the dashboards show them: per week over an event's life (and per date of a series),
// for its organizers; per week, category and canton for admins. Rounded here, on the server: a figure below 5 leaves
// it as « moins de 5 », never as its exact 1 to 4, not even in the page's data.
import { CANTON_CODES, CANTON_NAMES } from '~/domain/cantons';
import { addDaysToDate, formatCalendarDay, isCalendarDate, zurichDay } from '~/domain/dates';
import {
  type EventFigure,
  FIGURE_KINDS,
  FIGURE_LABELS,
  FIGURE_THRESHOLD,
  type FigureKind,
  figureWeek,
  type KindFigures,
  roundedFigure,
} from '~/domain/event-figures';
import { actorsFor } from '~/domain/event-lifecycle';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';

/** Weeks shown at most: a year, the latest. */
export const FIGURE_WEEKS_MAX = 53;
/** The admin's weeks: the last 12. */
export const SITE_FIGURE_WEEKS = 12;

/** Every week from `first` to `last` (Mondays), the latest FIGURE_WEEKS_MAX. */
function weeksBetween(first: string, last: string): string[] {
  const weeks: string[] = [];
  for (let w = last; w >= first && weeks.length < FIGURE_WEEKS_MAX; w = addDaysToDate(w, -7)) weeks.unshift(w);
  return weeks;
}

/** Per kind (those counted at least once), the figure of each week. */
export function figuresByKind(rows: readonly { week: string; kind: FigureKind; n: number }[], weeks: string[]) {
  const kinds: KindFigures[] = [];
  for (const kind of FIGURE_KINDS) {
    const perWeek = new Map<string, number>();
    for (const r of rows) if (r.kind === kind) perWeek.set(r.week, (perWeek.get(r.week) ?? 0) + r.n);
    if (perWeek.size === 0) continue;
    const values = weeks.map((w) => perWeek.get(w) ?? 0);
    const shown = values.map((n) => (n < FIGURE_THRESHOLD ? 0 : n));
    const max = Math.max(1, ...shown);
    kinds.push({
      kind,
      label: FIGURE_LABELS[kind],
      total: roundedFigure([...perWeek.values()].reduce((a, b) => a + b, 0)),
      weeks: weeks.map((week, i) => ({
        week,
        label: formatCalendarDay(week, 'longNoYear'),
        longLabel: `semaine du ${formatCalendarDay(week)}`,
        text: roundedFigure(values[i]),
        height: shown[i] / max,
      })),
    });
  }
  return kinds;
}

/**
 * The organizer's page of an event's figures: who may manage the event (its author, a member of its organization, an
 * admin) sees them; anyone else is told the event does not exist. `day`: one date of a series, else the whole event.
 */
export async function eventFiguresPage(
  { store }: { store: Store },
  user: UserProfile,
  eventId: string,
  day: string | null,
  now: Date,
) {
  const event = await store.events.findById(eventId);
  if (!event || actorsFor(user, event).length === 0) {
    throw new UseCaseError('Cet événement n’existe pas.', 'form', 404);
  }
  const rows = await store.stats.eventFigures(event.id);
  const days = [...new Set(rows.map((r) => r.day).filter(Boolean))].sort();
  const chosen = day && isCalendarDate(day) && days.includes(day) ? day : null;
  const shown: EventFigure[] = chosen ? rows.filter((r) => r.day === chosen) : rows;
  // Its life: from its submission (or the first count) to its end, or to this week while it runs.
  const start = [figureWeek(new Date(event.createdAt)), ...rows.map((r) => r.week)].sort()[0];
  const end = figureWeek(new Date(Math.min(now.getTime(), Date.parse(event.endsAt || event.startsAt))));
  const last = [end, ...rows.map((r) => r.week)].sort().at(-1) ?? end;
  return {
    event: { id: event.id, title: event.title },
    days: days.map((d) => ({ day: d, label: formatCalendarDay(d, 'weekdayYear') })),
    day: chosen,
    today: zurichDay(now),
    kinds: figuresByKind(shown, weeksBetween(start, last)),
  };
}

/** The admin's figures: the whole site per week, then each category's and canton's totals over the same weeks. */
export async function siteFiguresView({ store }: { store: Store }, now: Date) {
  const last = figureWeek(now);
  const first = addDaysToDate(last, -7 * (SITE_FIGURE_WEEKS - 1));
  const [rows, categories] = await Promise.all([store.stats.siteFigures(first), store.categories.list()]);
  const totals = (pick: (r: (typeof rows)[number]) => boolean) =>
    FIGURE_KINDS.map((kind) =>
      roundedFigure(rows.filter((r) => pick(r) && r.kind === kind).reduce((a, r) => a + r.n, 0)),
    );
  return {
    from: formatCalendarDay(first),
    kinds: FIGURE_KINDS.map((kind) => FIGURE_LABELS[kind]),
    site: figuresByKind(rows, weeksBetween(first, last)),
    byCategory: categories
      .filter((c) => c.active || rows.some((r) => r.category === c.slug))
      .map((c) => ({ key: c.slug, label: c.label, figures: totals((r) => r.category === c.slug) })),
    byCanton: CANTON_CODES.map((code) => ({
      key: code,
      label: CANTON_NAMES[code],
      figures: totals((r) => r.canton === code),
    })),
  };
}
