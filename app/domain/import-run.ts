// A run of a calendar source in words (the run log and the flash after « Importer maintenant »), with French
// agreement: 0 and 1 take the singular.
const count = (n: number, one: string, many: string) => `${n}\u00a0${n > 1 ? many : one}`;

export interface RunCounts {
  fetched: number;
  created: number;
  updated: number;
  unchanged: number;
  cancelled: number;
  withdrawn: number;
  duplicates: number;
  /** VEVENTs read whose dates are all over: not imported (issue 71). Absent in the runs logged before. */
  past?: number;
}

/** A VEVENT the run could not read: its UID and its line in the feed. */
export interface ImportRunError {
  uid: string;
  line: number;
  message: string;
}

/**
 * What a run left aside because of the limits (decision 058): the VEVENTs past the cap of events per feed (not read
 * this run: neither imported, nor changed, nor withdrawn), and the series cut to the cap of dates. How many of each, and
 * the first UIDs (at most LIMIT_UIDS_KEPT).
 */
export interface RunLimits {
  maxEvents: number;
  maxDates: number;
  eventsOver: number;
  eventsOverUids: string[];
  seriesCut: number;
  seriesCutUids: string[];
}

/** The UIDs a run names in its log for each limit, and the errors it keeps (the rest is counted). */
export const LIMIT_UIDS_KEPT = 10;
export const ERRORS_KEPT = 50;

/** One run of a source, as the run log keeps it. */
export interface ImportRun extends RunCounts {
  id: string;
  sourceId: string;
  startedAt: string;
  ok: boolean;
  /** The server answered 304: nothing was read. */
  notModified: boolean;
  errors: ImportRunError[];
  /** What the limits left aside; absent or null when nothing was. */
  limits?: RunLimits | null;
}

/** What a run's steps count (all but what it fetched). */
export type Counts = Pick<
  ImportRun,
  'created' | 'updated' | 'unchanged' | 'cancelled' | 'withdrawn' | 'duplicates' | 'errors'
>;

/** A run's counts before its first step (or when it fails before any). */
export const noCounts = (): Counts => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  cancelled: 0,
  withdrawn: 0,
  duplicates: 0,
  errors: [],
});

const list = (uids: readonly string[], total: number) =>
  `${uids.join(', ')}${total > uids.length ? `\u00a0et ${total - uids.length}\u00a0autres` : ''}`;

/** The run's limits in words, one sentence per limit reached (empty when none was). */
export function limitsSummary(limits: RunLimits | null | undefined): string[] {
  if (!limits) return [];
  const said: string[] = [];
  if (limits.eventsOver > 0)
    said.push(
      `${count(limits.eventsOver, 'événement', 'événements')} au-delà de la limite de ${limits.maxEvents}\u00a0par calendrier, non ${limits.eventsOver > 1 ? 'lus' : 'lu'} (les plus lointains)\u00a0: ${list(limits.eventsOverUids, limits.eventsOver)}.`,
    );
  if (limits.seriesCut > 0)
    said.push(
      `${count(limits.seriesCut, 'série ramenée', 'séries ramenées')} à ${limits.seriesCut > 1 ? 'leurs' : 'ses'} ${limits.maxDates}\u00a0premières dates\u00a0: ${list(limits.seriesCutUids, limits.seriesCut)}.`,
    );
  return said;
}

export function runSummary(run: RunCounts): string {
  return [
    count(run.fetched, 'lu', 'lus'),
    count(run.created, 'nouveau', 'nouveaux'),
    count(run.updated, 'modifié', 'modifiés'),
    count(run.unchanged, 'inchangé', 'inchangés'),
    count(run.cancelled, 'annulé', 'annulés'),
    count(run.withdrawn, 'retiré', 'retirés'),
    count(run.duplicates, 'doublon', 'doublons'),
    ...(run.past ? [count(run.past, 'passé non importé', 'passés non importés')] : []),
  ].join(' · ');
}

type LoggedRun = Omit<ImportRun, 'sourceId'>;

/**
 * Where the import of a source stands, for its page: asked for, running, or its latest run, with what the limits left
 * aside the last time the feed was read (a run that found it unchanged read nothing, and left the same aside).
 */
export type RunProgress =
  | { state: 'queued'; since: string }
  | { state: 'running'; since: string }
  | { state: 'done'; run: LoggedRun; limits: RunLimits | null }
  | { state: 'none' };

/** `runs`: the run log, newest first. */
export function runProgress(
  source: { runRequestedAt?: string | null; runningSince?: string | null },
  runs: readonly LoggedRun[],
): RunProgress {
  if (source.runningSince) return { state: 'running', since: source.runningSince };
  if (source.runRequestedAt) return { state: 'queued', since: source.runRequestedAt };
  const [latest] = runs;
  if (!latest) return { state: 'none' };
  const lastRead = runs.find((r) => r.ok && !r.notModified);
  return { state: 'done', run: latest, limits: lastRead?.limits ?? null };
}
