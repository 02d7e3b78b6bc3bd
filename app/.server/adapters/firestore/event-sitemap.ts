// The sitemap's reads of Firestore (decision 159): on the mirror of the events (no document read), the public events
// to come per day of their last date's end, and one file's range of those days.
import { PUBLIC_STATUSES } from '~/domain/event-lifecycle';
import type { EventStore } from '../../ports';
import type { FirestoreContext } from './context';

const DAY = 86_400_000;

export function createEventSitemapQueries(ctx: FirestoreContext): Pick<EventStore, 'publicEndDays' | 'publicEndingOn'> {
  /** The public events whose last date ends after `endsAfter`, with that end. */
  async function upcoming(endsAfter: string) {
    await ctx.events.ready();
    const after = Date.parse(endsAfter);
    return ctx.events
      .values()
      .filter(({ event }) => PUBLIC_STATUSES.includes(event.status))
      .map(({ event, occurrences }) => ({ event, end: Math.max(...occurrences.map((o) => o.endsTs)) }))
      .filter(({ end }) => end > after);
  }
  return {
    async publicEndDays(endsAfter) {
      const counts = new Map<number, number>();
      for (const { end } of await upcoming(endsAfter)) {
        const day = Math.floor(end / DAY);
        counts.set(day, (counts.get(day) ?? 0) + 1);
      }
      return [...counts].sort(([a], [b]) => a - b).map(([day, events]) => ({ day, events }));
    },
    async publicEndingOn({ endsAfter, firstDay, lastDay, limit }) {
      return (await upcoming(endsAfter))
        .filter(({ end }) => end >= firstDay * DAY && end < (lastDay + 1) * DAY)
        .sort((a, b) => a.end - b.end || (a.event.id < b.event.id ? -1 : a.event.id > b.event.id ? 1 : 0))
        .slice(0, limit)
        .map(({ event }) => ({ id: event.id, updatedAt: event.updatedAt }));
    },
  };
}
