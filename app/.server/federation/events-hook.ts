// Where every step of an event's life is written (decision 088): the three writes of the event store that make,
// change or delete an event. Whichever use case decided the step (moderation, a trusted publisher, an organizer's
// cancellation, a cancelled date, a calendar import), the federation hears of it once the write has committed. The
// same for a venue or an organizer merged into another (decision 096): its actor moves to the one kept.
import type { Organizer, Venue } from '~/domain/place';
import type { Store } from '../ports';
import { PLACE_PREFIX } from './place-actors';

/** A public record (an actor) merged into another. */
export interface PlaceMerged {
  kind: 'venue' | 'organizer';
  gone: Venue | Organizer;
  intoId: string;
}

export function observeEventWrites(
  store: Store,
  written: (eventId: string) => void,
  merged: (merge: PlaceMerged) => void = () => {},
): Store {
  const events = store.events;
  const observeMerge = <T extends Store['venues'] | Store['organizers']>(kind: PlaceMerged['kind'], records: T): T => ({
    ...records,
    async merge(input: { fromId: string; intoId: string; now: string }) {
      const gone = await records.findById(input.fromId);
      const result = await records.merge(input);
      // A proposed record never was an actor: nobody follows it.
      if (result && gone?.status === 'approved') merged({ kind, gone, intoId: input.intoId });
      return result;
    },
  });
  return {
    ...store,
    venues: observeMerge('venue', store.venues),
    organizers: observeMerge('organizer', store.organizers),
    events: {
      ...events,
      async createSubmission(input) {
        const result = await events.createSubmission(input);
        if (result.created) written(result.event.id);
        return result;
      },
      async transition(input) {
        const after = await events.transition(input);
        if (after) written(after.id);
        return after;
      },
      async remove(input) {
        const removed = await events.remove(input);
        if (removed) written(input.id);
        return removed;
      },
    },
  };
}

/** The actor of a record, by its fixed identifier (`lieu.<id>`, `organisateur.<id>`). */
export const placeActor = (kind: PlaceMerged['kind'], id: string) => `${PLACE_PREFIX[kind]}.${id}`;
