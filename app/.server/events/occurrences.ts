// The occurrences of series (decision 041): stored up to a rolling horizon of 18 months, extended every day by the
// job `occurrences` (app/.server/jobs.ts; also `npm run occurrences:extend` after a long stop), and on every write.
import { occurrenceHorizon } from '~/.server/schedule/schedule-expand';
import type { Store } from '../ports';

/** Stores the occurrences of every series up to 18 months after `now`; returns how many series were extended. */
export async function extendOccurrences({ store }: { store: Store }, now: Date = new Date()): Promise<number> {
  return store.events.extendOccurrences(occurrenceHorizon(now).toISOString());
}
