// Where every step of an event's life is written (decision 088): the three writes of the event store that make,
// change or delete an event. Whichever use case decided the step (moderation, a trusted publisher, an organizer's
// cancellation, a cancelled date, a calendar import), the federation hears of it once the write has committed.
import type { Store } from '../ports';

export function observeEventWrites(store: Store, written: (eventId: string) => void): Store {
  const events = store.events;
  return {
    ...store,
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
