// The events' pointers to their venue and organizer records in Firestore (issue 36): written by the places migration
// and imports, counted on the mirror for the records' pages and the admins.
import { publicFirstThenOldest } from '~/domain/event-lifecycle';
import type { EventStore } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, inBatches } from './db';
import { PLACES_MISSING, parseIndexedEvent, placesMissing } from './event-docs';

export function createEventPlaceQueries(
  ctx: FirestoreContext,
): Pick<EventStore, 'attachPlaces' | 'countByPlace' | 'listWithoutPlaces'> {
  const events = () => ctx.db.collection(COLLECTIONS.events);
  return {
    async listWithoutPlaces(limit) {
      // The events still to attach, by their derived flag (decision 160): what the migration has left, not every event.
      const waiting = await events().where(PLACES_MISSING, '==', true).get();
      // In the migration's order (planPlaces): public events first, then the oldest.
      const found = waiting.docs
        .map((d) => parseIndexedEvent(d).event)
        .filter((e) => !e.venueId || !e.organizerId)
        .sort(publicFirstThenOldest);
      return limit === undefined ? found : found.slice(0, limit);
    },
    async attachPlaces(links) {
      const stored = links.length > 0 ? await ctx.db.getAll(...links.map((l) => events().doc(l.eventId))) : [];
      const current = new Map(stored.filter((d) => d.exists).map((d) => [d.id, parseIndexedEvent(d).event]));
      const changed = links.filter((l) => {
        const e = current.get(l.eventId);
        return e !== undefined && (e.venueId !== l.venueId || e.organizerId !== l.organizerId);
      });
      await inBatches(ctx.db, changed, (batch, l) =>
        batch.update(events().doc(l.eventId), {
          venueId: l.venueId,
          organizerId: l.organizerId,
          [PLACES_MISSING]: placesMissing(l),
        }),
      );
      // Read back in one call, into both mirrors (what refreshEvent does for one event).
      if (changed.length > 0) {
        for (const snapshot of await ctx.db.getAll(...changed.map((l) => events().doc(l.eventId)))) {
          ctx.applyEvent(snapshot);
        }
      }
      if (changed.length > 0) ctx.touched();
      return changed.length;
    },
    async countByPlace(kind, status, endsAfter) {
      const after = endsAfter === undefined ? null : Date.parse(endsAfter);
      const counts: Record<string, number> = {};
      const field = kind === 'venue' ? 'venueId' : 'organizerId';
      if (!ctx.copyServes(status, endsAfter)) {
        // Past or unpublished events included (the admins, the start's check): one aggregation per record, bounded by
        // the records, never the events read (decision 160).
        const records = await ctx.db
          .collection(kind === 'venue' ? COLLECTIONS.venues : COLLECTIONS.organizers)
          .select()
          .get();
        await Promise.all(
          records.docs.map(async (r) => {
            let query = events()
              .where(field, '==', r.id)
              .where('status', 'in', [...status]);
            if (after !== null) query = query.where('endsTs', '>', after);
            const n = (await query.count().get()).data().count;
            if (n > 0) counts[r.id] = n;
          }),
        );
        return counts;
      }
      await ctx.events.ready();
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
