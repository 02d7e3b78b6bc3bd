// The admin dashboard's figures from the Firestore store: upcoming events from the public copy, submissions, decisions and page views by
// aggregations and range queries on their date, bounded by what the dashboard shows (issue 35).
import crypto from 'node:crypto';
import type { EventFigure, SiteFigure } from '~/domain/event-figures';
import type { FigureCount, StatsStore } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, docKey } from './db';
import { firebaseAdmin } from './firebase-admin';
import { adminNames, moderationEntryConverter } from './moderation-log';

/** The id of the marker of a path seen on a day (UTC): `pageViewPaths/{day}_{sha256(path)}`. */
export const pageViewMarkerId = (view: { path: string; viewedAt: string }) =>
  `${view.viewedAt.slice(0, 10)}_${crypto.createHash('sha256').update(view.path).digest('base64url')}`;

/** The counter documents of decision 171: one per event × date × week × kind, one per week × category × canton × kind. */
export const eventFigureDocId = (f: { eventId: string; day: string; week: string; kind: string }) =>
  docKey(f.eventId, f.day, f.week, f.kind);
export const siteFigureDocId = (f: { week: string; category: string; canton: string; kind: string }) =>
  docKey(f.week, f.category, f.canton, f.kind);

/** Each count one batch of two increments (no read): written without ctx.touched(), it changes no page. */
async function countFigure(db: FirestoreContext['db'], f: FigureCount) {
  // firebase-admin on first use (issue 50): a SQLite site never loads it.
  const one = firebaseAdmin.firestore().FieldValue.increment(1);
  const event = { eventId: f.eventId, day: f.day, week: f.week, kind: f.kind };
  const site = { week: f.week, category: f.category, canton: f.canton, kind: f.kind };
  const batch = db.batch();
  batch.set(
    db.collection(COLLECTIONS.eventFigures).doc(eventFigureDocId(event)),
    { ...event, n: one },
    { merge: true },
  );
  batch.set(db.collection(COLLECTIONS.siteFigures).doc(siteFigureDocId(site)), { ...site, n: one }, { merge: true });
  await batch.commit();
}

export function createStatsStore(ctx: FirestoreContext): StatsStore {
  const { db } = ctx;
  const log = () => db.collection(COLLECTIONS.moderationLog).withConverter(moderationEntryConverter);
  const pageViews = () => db.collection(COLLECTIONS.pageViews);
  const pagePaths = () => db.collection(COLLECTIONS.pageViewPaths);
  const markerOf = (view: { path: string; viewedAt: string }) => pagePaths().doc(pageViewMarkerId(view));

  return {
    countEventFigure: (figure) => countFigure(db, figure),
    async eventFigures(eventId) {
      const found = await db.collection(COLLECTIONS.eventFigures).where('eventId', '==', eventId).get();
      const rows = found.docs.map((d) => d.data() as EventFigure);
      const key = (f: EventFigure) => `${f.week}\u0000${f.day}\u0000${f.kind}`;
      return rows.sort((a, b) => (key(a) < key(b) ? -1 : 1));
    },
    async siteFigures(fromWeek) {
      const found = await db.collection(COLLECTIONS.siteFigures).where('week', '>=', fromWeek).get();
      const rows = found.docs.map((d) => d.data() as SiteFigure);
      const key = (f: SiteFigure) => `${f.week}\u0000${f.category}\u0000${f.canton}\u0000${f.kind}`;
      return rows.sort((a, b) => (key(a) < key(b) ? -1 : 1));
    },
    // A page view changes no page: written without ctx.touched(), so the public read caches stay valid. Its path's
    // marker for the day is written too: the dashboard's top pages start from them.
    async recordPageView(view) {
      const marker = markerOf(view);
      if (!(await marker.get()).exists) await marker.set({ day: view.viewedAt.slice(0, 10), path: view.path });
      await pageViews().add({ path: view.path, title: view.title, viewedAt: view.viewedAt });
    },
    // One marker per (day, path), derived data (not exported): a known path costs one read, a new one a count.
    async recordPageViewWithin(view, maxPaths) {
      const day = view.viewedAt.slice(0, 10);
      const marker = markerOf(view);
      if (!(await marker.get()).exists) {
        const seen = (await pagePaths().where('day', '==', day).count().get()).data().count;
        if (seen >= maxPaths) return false;
        await marker.set({ day, path: view.path });
      }
      await pageViews().add({ path: view.path, title: view.title, viewedAt: view.viewedAt });
      return true;
    },
    async countApprovedBetween(from, to) {
      const found = await log()
        .where('action', '==', 'approve')
        .where('createdAt', '>=', from)
        .where('createdAt', '<', to)
        .get();
      return new Set(found.docs.map((d) => d.data().eventId)).size;
    },
    async countUpcoming(now) {
      const after = Date.parse(now);
      const byCategory: Record<string, number> = {};
      const byCanton: Record<string, number> = {};
      let total = 0;
      const copy = async () => {
        await ctx.events.ready();
        return ctx.events.values();
      };
      const items = ctx.copyServes(['approved'], now) ? await copy() : await ctx.allEvents();
      for (const { event, endsTs } of items) {
        if (event.status !== 'approved' || !(endsTs > after)) continue;
        byCategory[event.category] = (byCategory[event.category] ?? 0) + 1;
        byCanton[event.canton] = (byCanton[event.canton] ?? 0) + 1;
        total += 1;
      }
      return { total, byCategory, byCanton };
    },
    // By aggregations on the submission instant (decision 160): one read per 1,000 counted, no event read.
    async countSubmissions(boundaries) {
      const events = db.collection(COLLECTIONS.events);
      return Promise.all(
        boundaries.slice(1).map(async (hi, i) => {
          const inWeek = events.where('submittedAt', '>=', boundaries[i]).where('submittedAt', '<', hi);
          return (await inWeek.count().get()).data().count;
        }),
      );
    },
    async recentModeration(limit) {
      // A few more than asked: entries with the same instant are then ordered by number, as in SQLite.
      const found = await log()
        .orderBy('createdAt', 'desc')
        .limit(limit + 10)
        .get();
      const rows = found.docs
        .map((d) => d.data())
        .sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1))
        .slice(0, limit);
      const names = await adminNames(db, rows);
      // The current titles of the events shown (their last one when deleted): as many reads as rows.
      const ids = [...new Set(rows.map((r) => r.eventId))];
      const stored =
        ids.length > 0 ? await db.getAll(...ids.map((id) => db.collection(COLLECTIONS.events).doc(id))) : [];
      const titles = new Map(stored.filter((d) => d.exists).map((d) => [d.id, String(d.get('title'))]));
      return rows.map((r) => ({
        ...r,
        eventTitle: titles.get(r.eventId) ?? r.eventTitle,
        adminName: names.get(r.adminUid ?? '') ?? 'Administrateur supprimé',
      }));
    },
    async countPageViews(boundaries) {
      return Promise.all(
        boundaries.slice(1).map(async (hi, i) => {
          const counted = await pageViews()
            .where('viewedAt', '>=', boundaries[i])
            .where('viewedAt', '<', hi)
            .count()
            .get();
          return counted.data().count;
        }),
      );
    },
    // Bounded by the paths seen, not the views (issue 35): the paths of those days from their markers, each counted
    // by an aggregation (one read per 1,000 views), then the latest title of the paths shown only.
    async topPages(from, to, limit) {
      const lastDay = new Date(Date.parse(to) - 1).toISOString().slice(0, 10);
      const markers = await pagePaths().where('day', '>=', from.slice(0, 10)).where('day', '<=', lastDay).get();
      const paths = [...new Set(markers.docs.map((d) => String(d.get('path'))))];
      const inRange = (path: string) =>
        pageViews().where('path', '==', path).where('viewedAt', '>=', from).where('viewedAt', '<', to);
      const counted = await Promise.all(
        paths.map(async (path) => ({ path, views: (await inRange(path).count().get()).data().count })),
      );
      const top = counted
        .filter((p) => p.views > 0)
        .sort((a, b) => b.views - a.views || (a.path < b.path ? -1 : 1))
        .slice(0, limit);
      return Promise.all(
        top.map(async ({ path, views }) => {
          const latest = await inRange(path).orderBy('viewedAt', 'desc').limit(1).get();
          return { path, title: String(latest.docs[0]?.get('title') ?? ''), views };
        }),
      );
    },
  };
}
