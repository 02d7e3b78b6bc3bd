// The import of a calendar source (issue 21): fetch its feed through the safe fetcher (conditional on its ETag and
// Last-Modified), read it (ics.ts) within the limits of a run, reconcile it with what this source imported before
// (reconcile.ts), carry the plan out through the lifecycle (apply-plan.ts), log the run, and schedule the next one. A
// run takes its source in the store first (claimRun): never two at once, whichever process runs the job. A failing
// source backs off: flagged after FLAG_AFTER_FAILURES failures in a row, retried after a growing delay. It always runs
// in the scheduled job `sources`, never in a request: « Importer maintenant » asks for a run (decision 058).

import { zurichWallClock } from '~/domain/dates';
import { ERRORS_KEPT, LIMIT_UIDS_KEPT, noCounts, type RunLimits } from '~/domain/import-run';
import type { Config } from '../platform/config';
import { newId } from '../platform/ids';
import type { FetchText } from '../platform/safe-fetch';
import { UseCaseError } from '../platform/use-case-error';
import type { Store } from '../ports';
import { applyPlan } from './apply-plan';
import { type FeedItem, InvalidFeedError, parseFeed } from './ics';
import type { ImportRun, ImportSource, SourceRunOutcome } from './ports';
import { reconcile } from './reconcile';

export const FLAG_AFTER_FAILURES = 3;
/** The runs kept per source. */
export const KEEP_RUNS = 20;
/** The longest delay between two tries of a failing source. */
export const MAX_BACKOFF_MINUTES = 24 * 60;
/** The largest feed read. */
export const MAX_FEED_BYTES = 5 * 1024 * 1024;
/** A run still holding its source after this long died with its process: another may take the source. */
export const RUN_STALE_MINUTES = 30;

/** The limits of one run (IMPORT_MAX_EVENTS, IMPORT_MAX_DATES): VEVENTs read per feed, dates kept per series. */
export interface ImportLimits {
  maxEvents: number;
  maxDates: number;
}
export const DEFAULT_IMPORT_LIMITS: ImportLimits = { maxEvents: 500, maxDates: 100 };

/** The limits' settings; without them, DEFAULT_IMPORT_LIMITS. */
export type ImportLimitsConfig = Pick<Config, 'IMPORT_MAX_EVENTS' | 'IMPORT_MAX_DATES'>;

export interface ImportDeps {
  store: Store;
  fetchText: FetchText;
  now?: () => Date;
  config?: ImportLimitsConfig;
}

/** The limits of a run, from the settings when given. */
export function importLimits(config: ImportLimitsConfig | undefined): ImportLimits {
  return config ? { maxEvents: config.IMPORT_MAX_EVENTS, maxDates: config.IMPORT_MAX_DATES } : DEFAULT_IMPORT_LIMITS;
}

export const ALREADY_RUNNING = 'Un import de cette source est déjà en cours.';

/** The delay before the next try after `failures` failures in a row: the interval, doubled each time, capped. */
export function retryDelayMinutes(intervalMinutes: number, failures: number): number {
  if (failures <= 0) return intervalMinutes;
  return Math.min(intervalMinutes * 2 ** (failures - 1), Math.max(intervalMinutes, MAX_BACKOFF_MINUTES));
}

const later = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

const emptyRun = (source: ImportSource, startedAt: string): ImportRun => ({
  id: newId(),
  sourceId: source.id,
  startedAt,
  ok: false,
  notModified: false,
  fetched: 0,
  ...noCounts(),
});

export const RUN_INTERRUPTED =
  'Import interrompu par l’arrêt du serveur\u00a0: il reprend au passage suivant, là où ses liens disent qu’il s’est arrêté.';

/** The line of a run that its process's end cut short, started when it was (issue 68: it left none). */
const logInterruptedRun = (store: Store, source: ImportSource, startedAt: string) =>
  store.imports.addRun(
    { ...emptyRun(source, startedAt), errors: [{ uid: '', line: 0, message: RUN_INTERRUPTED }] },
    KEEP_RUNS,
  );

/**
 * At start, before the runs of a server that is gone are released (startup.ts): each gets its line in its source's run
 * log, failed with RUN_INTERRUPTED. Answers how many. With several instances on one store (Firestore), a run whose
 * instance died is logged by the run that takes its source once it went stale (runSource).
 */
export async function logInterruptedRuns(store: Store): Promise<number> {
  const held = (await store.imports.listSources()).filter((source) => source.runningSince);
  for (const source of held) await logInterruptedRun(store, source, source.runningSince ?? '');
  return held.length;
}

/** Runs one source now, unless another run holds it (409) or it is gone (404). */
export async function runSource(deps: ImportDeps, sourceId: string): Promise<ImportRun> {
  const started = deps.now ? deps.now() : new Date();
  const staleBefore = new Date(started.getTime() - RUN_STALE_MINUTES * 60_000).toISOString();
  const claimed = await deps.store.imports.claimRun(sourceId, started.toISOString(), staleBefore);
  if (claimed) {
    const { interruptedRunSince, ...source } = claimed;
    if (interruptedRunSince) await logInterruptedRun(deps.store, source, interruptedRunSince);
    return runClaimed(deps, source, started);
  }
  if (!(await deps.store.imports.findSource(sourceId)))
    throw new UseCaseError('Cette source n’existe pas (ou plus).', 'form', 404);
  throw new UseCaseError(ALREADY_RUNNING, 'form', 409);
}

/**
 * The items a run reads: at most `maxEvents`, the soonest first (events not over yet, by start), and what is left
 * aside. A feed's order says nothing of what matters; its next events do.
 */
function withinLimit(items: readonly FeedItem[], maxEvents: number, now: string) {
  const upcoming = (i: FeedItem) => (Date.parse(i.content.endsAt) >= Date.parse(now) ? 0 : 1);
  const ordered = [...items].sort(
    (a, b) => upcoming(a) - upcoming(b) || Date.parse(a.content.startsAt) - Date.parse(b.content.startsAt),
  );
  return { read: ordered.slice(0, maxEvents), over: ordered.slice(maxEvents) };
}

/** What the limits left aside, or null when nothing was. */
function limitsOf(limits: ImportLimits, over: readonly FeedItem[], read: readonly FeedItem[]): RunLimits | null {
  const cut = read.filter((i) => i.cut);
  if (over.length === 0 && cut.length === 0) return null;
  return {
    ...limits,
    eventsOver: over.length,
    eventsOverUids: over.slice(0, LIMIT_UIDS_KEPT).map((i) => i.uid),
    seriesCut: cut.length,
    seriesCutUids: cut.slice(0, LIMIT_UIDS_KEPT).map((i) => i.uid),
  };
}

/** A run that reads no event says so, and why (the feed has none, or only past ones). */
function nothingRead(feed: { items: unknown[]; errors: unknown[]; past: number }): ImportRun['errors'] {
  if (feed.items.length > 0 || feed.errors.length > 0) return [];
  const why =
    feed.past > 0
      ? `${feed.past > 1 ? `ses ${feed.past}\u00a0événements sont tous passés` : 'son seul événement est passé'}`
      : 'il ne contient aucun événement (VEVENT)';
  return [{ uid: '', line: 0, message: `Aucun événement importé\u00a0: ${why}.` }];
}

/** Two instants in the same Zurich month. */
const sameMonth = (a: string, b: string) => zurichWallClock(a).date.slice(0, 7) === zurichWallClock(b).date.slice(0, 7);

/** The errors a run keeps (a hostile feed can have thousands): the first ones, then how many more. */
function keptErrors(errors: ImportRun['errors']): ImportRun['errors'] {
  if (errors.length <= ERRORS_KEPT) return errors;
  const more = errors.length - ERRORS_KEPT;
  return [...errors.slice(0, ERRORS_KEPT), { uid: '', line: 0, message: `… et ${more}\u00a0autres erreurs.` }];
}

async function runClaimed(deps: ImportDeps, source: ImportSource, started: Date): Promise<ImportRun> {
  const { store } = deps;
  const limits = importLimits(deps.config);
  const now = started.toISOString();
  const run = emptyRun(source, now);
  let fetched: Awaited<ReturnType<FetchText>>;
  try {
    if (!(await store.users.findById(source.createdBy)))
      throw new UseCaseError(
        'Le compte qui a ajouté cette source n’existe plus : modifiez la source pour la reprendre.',
      );
    // The first run of a month reads the feed whatever its validators say: the window of its series rolls on
    // (ics-times.ts), so an old open-ended series shows its next dates even from a feed that never changes.
    const fresh = source.lastRunAt !== null && sameMonth(source.lastRunAt, now);
    fetched = await deps.fetchText(source.url, {
      accept: 'calendar',
      maxBytes: MAX_FEED_BYTES,
      ifNoneMatch: fresh ? source.etag : null,
      ifModifiedSince: fresh ? source.lastModified : null,
    });
    if (fetched === 'not-modified') {
      await finish(store, source, { ...run, ok: true, notModified: true }, started);
      return { ...run, ok: true, notModified: true };
    }
    const feed = await parseFeed(fetched.text, source, { maxDates: limits.maxDates, now: started });
    const { read, over } = withinLimit(feed.items, limits.maxEvents, now);
    // What is in the feed but not read this run (past the limit, or unreadable) has not left it: nothing is withdrawn.
    const present = new Set([...over.map((i) => i.uid), ...feed.errors.map((e) => e.uid).filter(Boolean)]);
    const links = await store.imports.links(source.id);
    const ctx = { store, source, now, createdTitles: [] as string[], book: {} };
    const plan = reconcile(read, links, present);
    const counts = await applyPlan(ctx, plan, new Map(read.map((i) => [i.uid, i.line])));
    Object.assign(run, counts, {
      ok: true,
      fetched: feed.items.length + feed.errors.length + feed.past,
      past: feed.past,
      errors: keptErrors([...feed.errors, ...nothingRead(feed), ...counts.errors]),
      limits: limitsOf(limits, over, read),
    });
    if (ctx.createdTitles.length > 0) await notifyAdmins(store, source, ctx.createdTitles, now);
    await finish(store, source, run, started, { etag: fetched.etag, lastModified: fetched.lastModified });
    return run;
  } catch (error) {
    if (!(error instanceof UseCaseError || error instanceof InvalidFeedError)) console.error('[import]', error);
    const message =
      error instanceof UseCaseError || error instanceof InvalidFeedError
        ? error.message
        : 'Erreur inattendue pendant l’import (détails dans le journal du serveur).';
    const line = error instanceof InvalidFeedError ? error.line : 0;
    const failed = { ...run, ok: false, errors: [{ uid: '', line, message }] };
    await finish(store, source, failed, started);
    return failed;
  }
}

/**
 * Records the run on its source and releases it (the interval after a success, a growing delay after a failure), then
 * logs it, unless the source was deleted meanwhile.
 */
async function finish(
  store: Store,
  source: ImportSource,
  run: ImportRun,
  started: Date,
  validators?: { etag: string | null; lastModified: string | null },
) {
  const failures = run.ok ? 0 : source.consecutiveFailures + 1;
  const outcome: SourceRunOutcome = {
    state: run.ok ? 'ok' : failures >= FLAG_AFTER_FAILURES ? 'failing' : source.state,
    consecutiveFailures: failures,
    lastRunAt: run.startedAt,
    nextRunAt: later(started, retryDelayMinutes(source.intervalMinutes, failures)),
    lastError: run.ok ? '' : (run.errors[0]?.message ?? ''),
    etag: validators ? validators.etag : source.etag,
    lastModified: validators ? validators.lastModified : source.lastModified,
  };
  if (await store.imports.finishRun(source.id, outcome)) await store.imports.addRun(run, KEEP_RUNS);
}

async function notifyAdmins(store: Store, source: ImportSource, titles: string[], now: string) {
  await store.notifications.addForAdmins({
    id: newId(),
    title:
      titles.length === 1 ? 'Nouvel événement importé à modérer' : `${titles.length} événements importés à modérer`,
    body: `${source.name} : ${titles.slice(0, 3).join(', ')}${titles.length > 3 ? '…' : ''}`,
    data: { type: 'event_pending', sourceId: source.id },
    timestamp: now,
  });
}

/**
 * The scheduled job: every source due now (its interval is over, or an admin asked for a run), one after the other; a
 * source another run holds is left to it. Answers one line for the operator.
 */
export async function runDueSources(deps: ImportDeps): Promise<string> {
  const now = (deps.now ? deps.now() : new Date()).toISOString();
  const due = await deps.store.imports.listDue(now);
  let ran = 0;
  let failed = 0;
  for (const source of due) {
    const run = await runSource(deps, source.id).catch((error: unknown) => {
      if (error instanceof UseCaseError) return undefined;
      throw error;
    });
    if (run === undefined) continue;
    ran++;
    if (!run.ok) failed++;
  }
  return `${ran} source${ran > 1 ? 's' : ''} importée${ran > 1 ? 's' : ''}, ${failed} en échec`;
}
