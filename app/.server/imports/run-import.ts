// The import of a calendar source (issue 21): fetch its feed through the safe fetcher (conditional on its ETag and
// Last-Modified), read it (ics.ts), reconcile it with what this source imported before (reconcile.ts), carry the plan
// out through the lifecycle (apply-plan.ts), log the run, and schedule the next one. A failing source backs off:
// flagged after FLAG_AFTER_FAILURES failures in a row, retried after a growing delay, never in a tight loop.

import { newId } from '../platform/ids';
import type { FetchText } from '../platform/safe-fetch';
import { UseCaseError } from '../platform/use-case-error';
import type { Store } from '../ports';
import { applyPlan, noCounts } from './apply-plan';
import { InvalidFeedError, parseFeed } from './ics';
import type { ImportRun, ImportSource } from './ports';
import { reconcile } from './reconcile';

export const FLAG_AFTER_FAILURES = 3;
/** The runs kept per source. */
export const KEEP_RUNS = 20;
/** The longest delay between two tries of a failing source. */
export const MAX_BACKOFF_MINUTES = 24 * 60;
/** The largest feed read. */
export const MAX_FEED_BYTES = 5 * 1024 * 1024;

export interface ImportDeps {
  store: Store;
  fetchText: FetchText;
  now?: () => Date;
}

const running = new Set<string>();

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

/** Runs one source now. Refuses (409) while the same source is already running in this process. */
export async function runSource(deps: ImportDeps, sourceId: string): Promise<ImportRun> {
  const source = await deps.store.imports.findSource(sourceId);
  if (!source) throw new UseCaseError('Cette source n’existe pas (ou plus).', 'form', 404);
  if (running.has(source.id)) throw new UseCaseError('Un import de cette source est déjà en cours.', 'form', 409);
  running.add(source.id);
  try {
    return await runLocked(deps, source);
  } finally {
    running.delete(source.id);
  }
}

async function runLocked(deps: ImportDeps, source: ImportSource): Promise<ImportRun> {
  const { store } = deps;
  const started = deps.now ? deps.now() : new Date();
  const now = started.toISOString();
  const run = emptyRun(source, now);
  let fetched: Awaited<ReturnType<FetchText>>;
  try {
    if (!(await store.users.findById(source.createdBy)))
      throw new UseCaseError(
        'Le compte qui a ajouté cette source n’existe plus : modifiez la source pour la reprendre.',
      );
    fetched = await deps.fetchText(source.url, {
      accept: 'calendar',
      maxBytes: MAX_FEED_BYTES,
      ifNoneMatch: source.etag,
      ifModifiedSince: source.lastModified,
    });
    if (fetched === 'not-modified') {
      await finish(store, source, { ...run, ok: true, notModified: true }, started);
      return { ...run, ok: true, notModified: true };
    }
    const feed = parseFeed(fetched.text, source);
    const links = await store.imports.links(source.id);
    const ctx = { store, source, now, createdTitles: [] as string[] };
    const counts = await applyPlan(ctx, reconcile(feed.items, links), new Map(feed.items.map((i) => [i.uid, i.line])));
    Object.assign(run, counts, {
      ok: true,
      fetched: feed.items.length + feed.errors.length,
      errors: [...feed.errors, ...counts.errors],
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

/** Logs the run and schedules the next one: the interval after a success, a growing delay after a failure. */
async function finish(
  store: Store,
  source: ImportSource,
  run: ImportRun,
  started: Date,
  validators?: { etag: string | null; lastModified: string | null },
) {
  await store.imports.addRun(run, KEEP_RUNS);
  const failures = run.ok ? 0 : source.consecutiveFailures + 1;
  const state = run.ok ? 'ok' : failures >= FLAG_AFTER_FAILURES ? 'failing' : source.state;
  await store.imports.saveSource({
    ...source,
    state,
    consecutiveFailures: failures,
    lastRunAt: run.startedAt,
    nextRunAt: later(started, retryDelayMinutes(source.intervalMinutes, failures)),
    lastError: run.ok ? '' : (run.errors[0]?.message ?? ''),
    ...(validators ?? {}),
  });
}

async function notifyAdmins(store: Store, source: ImportSource, titles: string[], now: string) {
  await store.notifications.addForAdmins({
    id: newId(),
    title:
      titles.length === 1 ? 'Nouvel événement importé à modérer' : `${titles.length} événements importés à modérer`,
    body: `${source.name} : ${titles.slice(0, 3).join(', ')}${titles.length > 3 ? '…' : ''}`,
    data: { type: 'event_pending', sourceId: source.id },
    timestamp: now,
  });
}

/** The scheduled job: every source due now, one after the other. Answers one line for the operator. */
export async function runDueSources(deps: ImportDeps): Promise<string> {
  const now = (deps.now ? deps.now() : new Date()).toISOString();
  const due = await deps.store.imports.listDue(now);
  let failed = 0;
  for (const source of due) {
    if (running.has(source.id)) continue;
    const run = await runSource(deps, source.id).catch(() => null);
    if (!run?.ok) failed++;
  }
  return `${due.length} source${due.length > 1 ? 's' : ''} importée${due.length > 1 ? 's' : ''}, ${failed} en échec`;
}
