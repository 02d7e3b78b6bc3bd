// The admin dashboard (/admin): the moderation queue, what is published, submissions over time, recent decisions
// and the audience, all counted in Europe/Zurich weeks (Monday 00:00) and days.
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { addWeeks } from 'date-fns/addWeeks';
import { startOfDay } from 'date-fns/startOfDay';
import { startOfISOWeek } from 'date-fns/startOfISOWeek';
import { CANTON_CODES, CANTON_NAMES } from '~/domain/cantons';
import { formatDayOf, TIME_ZONE } from '~/domain/dates';
import type { EventStatus } from '~/domain/event';
import type { ModerationAction, Store } from '../ports';

export const DASHBOARD_WEEKS = 12;
export const DASHBOARD_DAYS = 30;
export const DASHBOARD_ACTIVITY = 15;
export const DASHBOARD_TOP_PAGES = 5;

export interface DashboardDeps {
  store: Store;
  now?: () => Date;
}

export interface Bar {
  key: string;
  label: string;
  value: number;
  color?: string;
}

export interface Period {
  /** Start of the period (ISO, UTC). */
  start: string;
  /** Short label for an axis (« 3 nov. »). */
  label: string;
  /** Full label for the data table (« semaine du 3 novembre 2026 »). */
  longLabel: string;
  value: number;
}

export interface ActivityItem {
  id: number;
  eventId: string;
  eventTitle: string;
  adminName: string;
  action: ModerationAction;
  reason: string;
  createdAt: string;
}

export interface AdminDashboard {
  counts: Record<EventStatus, number>;
  /** What awaits moderation: pending events and pending revisions of published ones (the badge's count). */
  awaiting: number;
  /** Events approved since Monday 00:00 (Zurich), by the moderation log. */
  approvedThisWeek: number;
  weekStart: string;
  upcoming: { total: number; byCategory: Bar[]; byCanton: Bar[] };
  submissions: { total: number; weeks: Period[] };
  activity: ActivityItem[];
  /** Null until analytics record a page view in the last 30 days. */
  pageViews: { total: number; days: Period[]; top: { path: string; title: string; views: number }[] } | null;
}

const shortDate = new Intl.DateTimeFormat('fr-CH', { timeZone: TIME_ZONE, day: 'numeric', month: 'short' });

/** The n + 1 boundaries of n consecutive periods ending with the one holding `now`, in Zurich time. */
function boundaries(now: Date, n: number, unit: 'week' | 'day'): TZDate[] {
  const zoned = new TZDate(now.getTime(), TIME_ZONE);
  // date-fns on a TZDate works in its zone, so a week or a day around a DST change keeps its wall-clock bounds.
  const current = unit === 'week' ? startOfISOWeek(zoned) : startOfDay(zoned);
  const step = unit === 'week' ? addWeeks : addDays;
  return Array.from({ length: n + 1 }, (_, i) => step(current, i - n + 1));
}

const iso = (d: Date) => new Date(d.getTime()).toISOString();

function periods(bounds: TZDate[], counts: number[], longLabel: (d: Date) => string): Period[] {
  return counts.map((value, i) => ({
    start: iso(bounds[i]),
    label: shortDate.format(bounds[i]),
    longLabel: longLabel(bounds[i]),
    value,
  }));
}

/** Most first; ties keep the given (product) order, as sort is stable. */
const mostFirst = (bars: Bar[]) => [...bars].sort((a, b) => b.value - a.value);

export async function adminDashboard(deps: DashboardDeps): Promise<AdminDashboard> {
  const { store } = deps;
  const now = deps.now ? deps.now() : new Date();
  const nowIso = now.toISOString();
  const weeks = boundaries(now, DASHBOARD_WEEKS, 'week');
  const days = boundaries(now, DASHBOARD_DAYS, 'day');
  const weekStart = iso(weeks[DASHBOARD_WEEKS - 1]);
  const daysFrom = iso(days[0]);
  const daysTo = iso(days[DASHBOARD_DAYS]);

  const [counts, awaiting, approvedThisWeek, upcoming, submitted, log, categories, views] = await Promise.all([
    store.events.countAllByStatus(),
    store.events.countAwaitingModeration(),
    store.stats.countApprovedBetween(weekStart, iso(weeks[DASHBOARD_WEEKS])),
    store.stats.countUpcoming(nowIso),
    store.stats.countSubmissions(weeks.map(iso)),
    store.stats.recentModeration(DASHBOARD_ACTIVITY),
    store.categories.list(),
    store.stats.countPageViews(days.map(iso)),
  ]);

  // Every active category and every canton gets a bar, even at 0: an empty region is worth seeing.
  const byCategory = mostFirst(
    categories
      .filter((c) => c.active || (upcoming.byCategory[c.slug] ?? 0) > 0)
      .map((c) => ({ key: c.slug, label: c.label, color: c.color, value: upcoming.byCategory[c.slug] ?? 0 })),
  );
  const byCanton = mostFirst(
    CANTON_CODES.map((code) => ({ key: code, label: CANTON_NAMES[code], value: upcoming.byCanton[code] ?? 0 })),
  );

  const viewsTotal = views.reduce((a, b) => a + b, 0);
  const top = viewsTotal > 0 ? await store.stats.topPages(daysFrom, daysTo, DASHBOARD_TOP_PAGES) : [];

  return {
    counts,
    awaiting,
    approvedThisWeek,
    weekStart,
    upcoming: { total: upcoming.total, byCategory, byCanton },
    submissions: {
      total: submitted.reduce((a, b) => a + b, 0),
      weeks: periods(weeks, submitted, (d) => `semaine du ${formatDayOf(d)}`),
    },
    activity: log.map((e) => ({
      id: e.id,
      eventId: e.eventId,
      eventTitle: e.eventTitle,
      adminName: e.adminName,
      action: e.action,
      reason: e.reason,
      createdAt: e.createdAt,
    })),
    pageViews:
      viewsTotal > 0 ? { total: viewsTotal, days: periods(days, views, (d) => formatDayOf(d, 'weekday')), top } : null,
  };
}
