// The events' pointers to their venue and organizer records in Firestore (issue 36): written by the places migration
// and imports, counted on the mirror for the records' pages and the admins.
import { publicFirstThenOldest } from '~/domain/event-lifecycle';
import type { EventStore } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, inBatches } from './db';

export function createEventPlaceQueries(
  ctx: FirestoreContext,
): Pick<EventStore, 'attachPlaces' | 'countByPlace' | 'listWithoutPlaces'> {
  const events = () => ctx.db.collection(COLLECTIONS.events);
  return {
    async listWithoutPlaces(limit) {
      await ctx.events.ready();
      // In the migration's order (planPlaces): public events first, then the oldest.
      const found = ctx.events
        .values()
        .map((i) => i.event)
        .filter((e) => !e.venueId || !e.organizerId)
        .sort(publicFirstThenOldest);
      return limit === undefined ? found : found.slice(0, limit);
    },
    async attachPlaces(links) {
      await ctx.events.ready();
      const current = new Map(ctx.events.values().map((i) => [i.event.id, i.event]));
      const changed = links.filter((l) => {
        const e = current.get(l.eventId);
        return e !== undefined && (e.venueId !== l.venueId || e.organizerId !== l.organizerId);
      });
      await inBatches(ctx.db, changed, (batch, l) =>
        batch.update(events().doc(l.eventId), { venueId: l.venueId, organizerId: l.organizerId }),
      );
      // Read back in one call, into both mirrors (what refreshEvent does for one event).
      if (changed.length > 0) {
        for (const snapshot of await ctx.db.getAll(...changed.map((l) => events().doc(l.eventId)))) {
          ctx.events.apply(snapshot);
          ctx.awaiting.apply(snapshot);
        }
      }
      if (changed.length > 0) ctx.touched();
      return changed.length;
    },
    async countByPlace(kind, status, endsAfter) {
      await ctx.events.ready();
      const after = endsAfter === undefined ? null : Date.parse(endsAfter);
      const counts: Record<string, number> = {};
      for (const { event, occurrences } of ctx.events.values()) {
        const id = kind === 'venue' ? event.venueId : event.organizerId;
        if (!id || !status.includes(event.status)) continue;
        if (after !== null && !occurrences.some((o) => o.endsTs > after)) continue;
        counts[id] = (counts[id] ?? 0) + 1;
      }
      return counts;
    },
  };
}
