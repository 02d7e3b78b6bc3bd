// The admin dashboard's figures, page views and in-app notifications.
import type { EventFigure, FigureKind, SiteFigure } from '~/domain/event-figures';
import type { ModerationEntry } from './events';

/**
 * Figures for the admin dashboard, each one grouped query. Instants are ISO strings in UTC (`toISOString()`),
 * the format every writer uses, so they compare as text. Periods are given as ascending boundaries:
 * `[b0, b1, …, bn]` stands for the n periods [b0, b1), [b1, b2), … and yields n counts.
 */
export interface StatsStore {
  /** How many distinct events an admin approved (moderation log) in [from, to). */
  countApprovedBetween(from: string, to: string): Promise<number>;
  /** Published (approved) events that have not ended at this instant, per category and per canton. */
  countUpcoming(now: string): Promise<UpcomingCounts>;
  /** Events per period of their (latest) submission. */
  countSubmissions(boundaries: readonly string[]): Promise<number[]>;
  /** The latest moderation decisions, newest first, with the event's title and the admin's name. */
  recentModeration(limit: number): Promise<ModerationEntry[]>;
  /**
   * Records one page view: the path (no query string) and the page's title, at an instant. Nothing else (no IP
   * address, no identifier, no user agent). Page views do not change `Store.revision()`: they must not empty the
   * read caches of the public pages at every visit.
   */
  recordPageView(view: PageView): Promise<void>;
  /**
   * Records a page view unless its path is new for its day (UTC) while `maxPaths` distinct paths were already seen
   * that day: false then, nothing stored. Bounds what a flood of made-up paths can add (a soft bound on Firestore,
   * where concurrent new paths may pass it by a few).
   */
  recordPageViewWithin(view: PageView, maxPaths: number): Promise<boolean>;
  /** Page views per period. */
  countPageViews(boundaries: readonly string[]): Promise<number[]>;
  /** The most viewed paths in [from, to), with their latest title. */
  topPages(from: string, to: string, limit: number): Promise<{ path: string; title: string; views: number }[]>;
  /**
   * Adds one to an event's counter of a kind for a week (and a date of a series), and to the site's counter of its
   * category and canton (issue 74, decision 171): aggregates written as they happen, never a scan of page views.
   * Changes no page: not a write that changes `Store.revision()`.
   */
  countEventFigure(figure: FigureCount): Promise<void>;
  /** Every counter of an event (bounded by its dates × weeks × kinds). */
  eventFigures(eventId: string): Promise<EventFigure[]>;
  /** The site's counters from a week (its Monday, YYYY-MM-DD) on. */
  siteFigures(fromWeek: string): Promise<SiteFigure[]>;
}

export interface FigureCount {
  eventId: string;
  day: string;
  week: string;
  kind: FigureKind;
  category: string;
  canton: string;
}

export interface PageView {
  path: string;
  title: string;
  viewedAt: string;
}

export interface UpcomingCounts {
  total: number;
  byCategory: Record<string, number>;
  byCanton: Record<string, number>;
}

export interface AppNotification {
  id: string;
  title: string;
  body: string;
  data: Record<string, string>;
  timestamp: string;
}

export interface NotificationStore {
  /** One copy for each active admin (their in-app list). */
  addForAdmins(notification: AppNotification): Promise<void>;
  listFor(uid: string, limit: number): Promise<AppNotification[]>;
}
