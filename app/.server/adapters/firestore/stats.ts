// The admin dashboard's figures from the Firestore store: events from the mirror, decisions and page views by
// range queries on their date.
import crypto from 'node:crypto';
import type { StatsStore } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS } from './db';
import { adminNames, moderationEntryConverter } from './moderation-log';

export function createStatsStore(ctx: FirestoreContext): StatsStore {
  const { db } = ctx;
  const log = () => db.collection(COLLECTIONS.moderationLog).withConverter(moderationEntryConverter);
  const pageViews = () => db.collection(COLLECTIONS.pageViews);
  const pagePaths = () => db.collection(COLLECTIONS.pageViewPaths);
  const mirror = async () => {
    await ctx.events.ready();
    return ctx.events.values();
  };

  return {
    // A page view changes no page: written without ctx.touched(), so the public read caches stay valid.
    async recordPageView(view) {
      await pageViews().add({ path: view.path, title: view.title, viewedAt: view.viewedAt });
    },
    // One marker per (day, path), derived data (not exported): a known path costs one read, a new one a count.
    async recordPageViewWithin(view, maxPaths) {
      const day = view.viewedAt.slice(0, 10);
      const marker = pagePaths().doc(`${day}_${crypto.createHash('sha256').update(view.path).digest('base64url')}`);
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
      for (const { event, endsTs } of await mirror()) {
        if (event.status !== 'approved' || !(endsTs > after)) continue;
        byCategory[event.category] = (byCategory[event.category] ?? 0) + 1;
        byCanton[event.canton] = (byCanton[event.canton] ?? 0) + 1;
        total += 1;
      }
      return { total, byCategory, byCanton };
    },
    async countSubmissions(boundaries) {
      const items = await mirror();
      return boundaries
        .slice(1)
        .map((hi, i) => items.filter((e) => e.event.submittedAt >= boundaries[i] && e.event.submittedAt < hi).length);
    },
    async recentModeration(limit) {
      // A few more than asked: entries with the same instant are then ordered by number, as in SQLite.
      const found = await log()
        .orderBy('createdAt', 'desc')
        .limit(limit + 10)
        .get();
      await ctx.events.ready();
      const rows = found.docs
        .map((d) => d.data())
        .sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1))
        .slice(0, limit);
      const names = await adminNames(db, rows);
      return rows.map((r) => ({
        ...r,
        eventTitle: ctx.events.get(r.eventId)?.event.title ?? r.eventTitle,
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
    async topPages(from, to, limit) {
      const found = await pageViews().where('viewedAt', '>=', from).where('viewedAt', '<', to).get();
      const pages = new Map<string, { path: string; title: string; views: number; last: string }>();
      for (const d of found.docs) {
        const path = String(d.get('path'));
        const viewedAt = String(d.get('viewedAt'));
        const page = pages.get(path) ?? { path, title: '', views: 0, last: '' };
        page.views += 1;
        if (viewedAt >= page.last) {
          page.last = viewedAt;
          page.title = String(d.get('title') ?? '');
        }
        pages.set(path, page);
      }
      return [...pages.values()]
        .sort((a, b) => b.views - a.views || (a.path < b.path ? -1 : 1))
        .slice(0, limit)
        .map(({ path, title, views }) => ({ path, title, views }));
    },
  };
}
