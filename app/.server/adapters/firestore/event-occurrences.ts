// The stored dates of Firestore events (decision 041): one document per occurrence up to the rolling horizon, written
// in the event's own transaction or batch, with that horizon recorded on the event.
import type { Transaction, WriteBatch } from 'firebase-admin/firestore';
import { horizonFor, type StoredOccurrence } from '~/.server/schedule/schedule-expand';
import type { AgendaEvent } from '~/domain/event';
import type { FirestoreContext } from './context';
import { COLLECTIONS } from './db';
import { type OccurrenceDoc, occurrenceDocs, occurrenceKey } from './event-docs';

export function createEventOccurrences({ db }: FirestoreContext) {
  const occurrences = () => db.collection(COLLECTIONS.eventOccurrences);
  return {
    /**
     * Replaces an event's occurrence documents (in the writer's transaction or batch, after the event's own write):
     * sets the current ones, deletes those `stale` ids no longer among them, and records the horizon on the event.
     */
    write(writer: Transaction | WriteBatch, e: AgendaEvent, stale: readonly string[], until?: Date): void {
      const own = horizonFor(e);
      const horizon = until && until > own ? until : own;
      const docs = occurrenceDocs(e, horizon);
      const keep = new Set(docs.map((d) => occurrenceKey(e.id, d.startsTs)));
      for (const id of stale) if (!keep.has(id)) (writer as WriteBatch).delete(occurrences().doc(id));
      for (const d of docs) (writer as WriteBatch).set(occurrences().doc(occurrenceKey(e.id, d.startsTs)), d);
      (writer as WriteBatch).update(db.collection(COLLECTIONS.events).doc(e.id), {
        occurrencesUntil: horizon.getTime(),
      });
    },
    /** The ids of an event's occurrence documents, read in the transaction (or outside one). */
    async storedIds(eventId: string, tx?: Transaction): Promise<string[]> {
      const query = occurrences().where('eventId', '==', eventId);
      return (await (tx ? tx.get(query) : query.get())).docs.map((d) => d.id);
    },
    remove(tx: Transaction, ids: readonly string[]): void {
      for (const id of ids) tx.delete(occurrences().doc(id));
    },
    /** An event's dates that end after `endsAfter` (all of them without it), in order. */
    async list(eventId: string, endsAfter?: string): Promise<StoredOccurrence[]> {
      const after = endsAfter ? Date.parse(endsAfter) : Number.MIN_SAFE_INTEGER;
      const snapshot = await occurrences().where('eventId', '==', eventId).get();
      return snapshot.docs
        .map((d) => d.data() as OccurrenceDoc)
        .filter((o) => o.endsTs > after)
        .sort((a, b) => a.startsTs - b.startsTs)
        .map(
          (o): StoredOccurrence => ({
            startsAt: o.startsAt,
            endsAt: o.endsAt,
            startsTs: o.startsTs,
            endsTs: o.endsTs,
            openEnd: Boolean(o.openEnd),
            cancelled: Boolean(o.cancelled),
          }),
        );
    },
  };
}
