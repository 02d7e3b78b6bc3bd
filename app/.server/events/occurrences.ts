// The occurrences of series (decision 041): stored up to a rolling horizon of 18 months, extended every day by the
// server (and by `npm run occurrences:extend`, for a cron or after a long stop), and on every write of an event.
import { occurrenceHorizon } from '~/domain/schedule-expand';
import type { Store } from '../ports';

/** Stores the occurrences of every series up to 18 months after `now`; returns how many series were extended. */
export async function extendOccurrences(store: Store, now: Date = new Date()): Promise<number> {
  return store.events.extendOccurrences(occurrenceHorizon(now).toISOString());
}

const DAY = 24 * 60 * 60 * 1000;

/** At start, then once a day. */
export function scheduleOccurrenceExtension(store: Store): void {
  const run = () =>
    extendOccurrences(store).catch((error) => console.error('[occurrences] prolongation impossible', error));
  void run();
  setInterval(run, DAY).unref();
}
