// The run state of a calendar source, as both store adapters change it inside one transaction (decision 058): a
// request of « Importer maintenant », a run that takes the source, a run that gives it back. Pure.
import type { ClaimedSource, ImportSource, ImportStore, SourceRunOutcome } from './ports';

const earliest = (a: string, b: string) => (a <= b ? a : b);

/** Asked to run at `at`: due then; an earlier request still waiting keeps its time. */
export function requestedSource(source: ImportSource, at: string): ImportSource {
  const requested = source.runRequestedAt ? earliest(source.runRequestedAt, at) : at;
  return { ...source, runRequestedAt: requested, nextRunAt: earliest(source.nextRunAt, requested) };
}

/** Taken by a run at `now`, unless another run holds it since `staleBefore` or later (then null). */
export function takenSource(source: ImportSource, now: string, staleBefore: string): ImportSource | null {
  if (source.runningSince && source.runningSince >= staleBefore) return null;
  return { ...source, runningSince: now, runRequestedAt: null };
}

/** Given back after a run with its outcome; a request made meanwhile makes it due again at once. */
export function releasedSource(source: ImportSource, outcome: SourceRunOutcome): ImportSource {
  const nextRunAt = source.runRequestedAt ? earliest(outcome.nextRunAt, source.runRequestedAt) : outcome.nextRunAt;
  return { ...source, ...outcome, nextRunAt, runningSince: null };
}

/**
 * Held by a run of a server that is gone (decision 058 and issue 32): free again, and due at once so that the import
 * resumes where its links say it stopped instead of waiting for the lease to go stale.
 */
export function abandonedSource(source: ImportSource, now: string): ImportSource | null {
  if (!source.runningSince) return null;
  return { ...source, runningSince: null, nextRunAt: earliest(source.nextRunAt, now) };
}

/** How an adapter reads, changes and writes one source in one transaction (`none` when there is no such source). */
export type SourceUpdate = <T>(
  id: string,
  change: (source: ImportSource) => { next: ImportSource | null; result: T },
  none: T,
) => T | Promise<T>;

/** The store's request, claim and release of a run, each one transaction of the adapter's `update`. */
export function runTransitions(update: SourceUpdate): Pick<ImportStore, 'requestRun' | 'claimRun' | 'finishRun'> {
  const changed = (next: ImportSource | null) => ({ next, result: next });
  return {
    requestRun: async (id, at) => update(id, (source) => changed(requestedSource(source, at)), null),
    claimRun: async (id, now, staleBefore) =>
      update<ClaimedSource | null>(
        id,
        (source) => {
          const next = takenSource(source, now, staleBefore);
          // A run that held it went stale (its process died): the caller says so in the run log (issue 68).
          return { next, result: next && { ...next, interruptedRunSince: source.runningSince ?? null } };
        },
        null,
      ),
    finishRun: async (id, outcome) =>
      update(id, (source) => ({ next: releasedSource(source, outcome), result: true }), false),
  };
}
