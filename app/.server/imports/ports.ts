// The store port of imported calendars (ICS sources): the sources, the link (source, UID) → event, and the run log.
import type { CantonCode } from '~/domain/cantons';
import type { ImportRun, ImportRunError } from '~/domain/import-run';

export type { ImportRun, ImportRunError };

export type SourceState = 'new' | 'ok' | 'failing';

export interface ImportSource {
  id: string;
  name: string;
  url: string;
  /** The category of the events it imports. */
  category: string;
  canton: CantonCode;
  /** Shown as the organizer of its events. */
  organizerName: string;
  /** Its events publish at once (the lifecycle's trusted publisher), else they wait for moderation. */
  trusted: boolean;
  /** Minutes between two runs (60 by default). */
  intervalMinutes: number;
  /** The admin who added it: its events belong to that account (decision 045). */
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** ok after a successful run, failing after FLAG_AFTER_FAILURES failed runs in a row. */
  state: SourceState;
  consecutiveFailures: number;
  lastRunAt: string | null;
  /** When the scheduler runs it next (ISO). */
  nextRunAt: string;
  /** The last error, in French, shown on the list. */
  lastError: string;
  etag: string | null;
  lastModified: string | null;
  /** « Importer maintenant » was asked at (ISO) and no run has taken it up yet: the next run of the job does. */
  runRequestedAt?: string | null;
  /** A run took the source at (ISO) and has not finished: no other may start it (see claimRun). */
  runningSince?: string | null;
}

/** A source taken by a run (claimRun), and the start of the stale run it replaced, null when it was free. */
export type ClaimedSource = ImportSource & { interruptedRunSince: string | null };

/** What a finished run records on its source (the settings an admin may have changed meanwhile stay theirs). */
export type SourceRunOutcome = Pick<
  ImportSource,
  'state' | 'consecutiveFailures' | 'lastRunAt' | 'nextRunAt' | 'lastError' | 'etag' | 'lastModified'
>;

export interface ImportLink {
  sourceId: string;
  uid: string;
  /** The event this UID made, or null when it was a likely duplicate of `duplicateOf` (not imported). */
  eventId: string | null;
  duplicateOf: string | null;
  /** The fingerprint of the content last written (ics.ts). */
  fingerprint: string;
  cancelled: boolean;
  /** The UID left the feed: its event was withdrawn. */
  gone: boolean;
}

export interface ImportStore {
  listSources(): Promise<ImportSource[]>;
  findSource(id: string): Promise<ImportSource | null>;
  /** Creates or replaces a source. */
  saveSource(source: ImportSource): Promise<void>;
  /** Deletes a source with its links and runs (its events stay). False when there was none. */
  deleteSource(id: string): Promise<boolean>;
  /** The sources whose nextRunAt is at or before `now`, earliest first. */
  listDue(now: string): Promise<ImportSource[]>;
  /**
   * « Importer maintenant » (decision 058): records the request (the first one's time is kept while it waits) and makes
   * the source due at `at`. Atomic. Returns the source as saved, or null when there is none.
   */
  requestRun(id: string, at: string): Promise<ImportSource | null>;
  /**
   * Takes the source for a run, atomically: only if no run holds it, or the one that does started before `staleBefore`
   * (its process died). Sets runningSince to `now` and clears the request it serves. Returns the source as taken, with
   * the start of the stale run it replaced (`interruptedRunSince`, null when the source was free), or null when another
   * run holds it (or the source is gone).
   */
  claimRun(id: string, now: string, staleBefore: string): Promise<ClaimedSource | null>;
  /**
   * Records a run's outcome and releases the source, atomically; a request made during the run makes it due again at
   * once. False when the source was deleted meanwhile (nothing written).
   */
  finishRun(id: string, outcome: SourceRunOutcome): Promise<boolean>;
  /**
   * Every source a run holds becomes free and due now: at the start of the only server of a store (SQLite, under the
   * DATA_DIR lock), the runs of a server that died. Answers how many.
   */
  releaseRuns(now: string): Promise<number>;
  links(sourceId: string): Promise<ImportLink[]>;
  /** Creates or replaces the link of (sourceId, uid). */
  saveLink(link: ImportLink): Promise<void>;
  /** Appends a run and keeps only the `keep` latest runs of its source. */
  addRun(run: ImportRun, keep: number): Promise<void>;
  /** The latest runs of a source, newest first. */
  runs(sourceId: string, limit: number): Promise<ImportRun[]>;
}
