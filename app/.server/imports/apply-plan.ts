// Carries out the plan of a run (reconcile.ts) through the event lifecycle (app/domain/event-lifecycle.ts): the
// source acts as the owner of its events (decision 045), so a new event waits for moderation, an edit of a public one
// waits as a revision, a cancellation keeps a public event visible with its badge and withdraws one never published.
import { createHash } from 'node:crypto';
import type { AgendaEvent, EventContent } from '~/domain/event';
import { changedFields, type LifecycleAction, nextVersion, workingView } from '~/domain/event-lifecycle';
import { type Counts, noCounts } from '~/domain/import-run';
import { possibleDuplicates } from '../events/submissions';
import type { PlaceBook } from '../places/propose';
import { timeSlices } from '../platform/background';
import { newId } from '../platform/ids';
import type { Store } from '../ports';
import { occurrencesOf } from '../schedule/schedule-expand';
import type { FeedItem } from './ics';
import type { ImportLink, ImportSource } from './ports';
import type { PlanStep } from './reconcile';
import { stepAsSource, submitFromSource } from './source-lifecycle';

export interface ApplyContext {
  store: Store;
  source: ImportSource;
  now: string;
  /** The events created, for one notification to the admins. */
  createdTitles: string[];
  /** The venues and organizers, read once for the run. */
  book: PlaceBook;
}

/** One lifecycle step as the source's owner, written if the event is still the version read. */
async function step(ctx: ApplyContext, event: AgendaEvent, action: LifecycleAction, content?: EventContent) {
  const after = await stepAsSource(ctx.store, ctx.source, event, action, ctx.now, content, ctx.book);
  if (after === 'stale') throw new Error('L’événement a changé pendant l’import : il sera repris au prochain passage.');
  return after;
}

/**
 * The dates the feed cancelled (STATUS:CANCELLED on an instance) marked « Annulé » on the event, as an organizer's
 * cancelled dates (decision 130); a date the feed no longer cancels is restored, a mark on a date it does not list stays.
 */
function marksOf(event: AgendaEvent, item: FeedItem): string[] {
  const listed = new Set(occurrencesOf(item.content).map((o) => o.startsAt));
  const before = event.cancelledDates ?? [];
  return [...new Set([...before.filter((d) => !listed.has(d)), ...item.cancelledDates])].sort();
}

/** The event with the marks of marksOf, written only when they changed. */
async function markCancelledDates(ctx: ApplyContext, event: AgendaEvent, item: FeedItem) {
  const marks = marksOf(event, item);
  if (marks.join() === [...(event.cancelledDates ?? [])].sort().join()) return event;
  const next = { ...event, cancelledDates: marks, updatedAt: nextVersion(event.updatedAt, ctx.now) };
  const stored = await ctx.store.events.transition({ seen: event.updatedAt, next });
  if (!stored) throw new Error('L’événement a changé pendant l’import : il sera repris au prochain passage.');
  return stored;
}

/** What the event looks like to a visitor from now on: its dates to come, each with its end. */
const datesToCome = (content: Parameters<typeof occurrencesOf>[0], now: string) =>
  occurrencesOf(content)
    .filter((o) => Date.parse(o.endsAt) > Date.parse(now))
    .map((o) => `${o.startsAt} ${o.endsAt} ${o.openEnd}`)
    .join();

/**
 * The event already shows what the feed says: the same texts and place, the same dates to come (however its schedule
 * is written: a rule or a list), the same cancelled dates. A fingerprint that changed without the feed changing (a new
 * reader, decision 155) then writes nothing: the stored content is what is compared, not the text that was hashed.
 */
function showsAlready(event: AgendaEvent, item: FeedItem, now: string): boolean {
  const shown = workingView(event);
  if (shown.status === 'withdrawn' || (shown.status === 'cancelled') !== item.cancelled) return false;
  const said = new Set(Object.keys(item.content));
  const dates = new Set(['startsAt', 'endsAt', 'openEnd', 'schedule']);
  if (changedFields(shown, item.content).some((f) => said.has(f) && !dates.has(f) && f !== 'image')) return false;
  const marks = [...(event.cancelledDates ?? [])].sort().join();
  return datesToCome(shown, now) === datesToCome(item.content, now) && marksOf(event, item).join() === marks;
}

/** The key that makes one UID of one source one event, even if two runs overlap (createSubmission is atomic). */
const submissionKey = (sourceId: string, uid: string) =>
  `import:${sourceId}:${createHash('sha256').update(uid).digest('base64url').slice(0, 24)}`;

async function create(ctx: ApplyContext, item: FeedItem, counts: Counts) {
  const { store, source, now } = ctx;
  const key = submissionKey(source.id, item.uid);
  // Pending events too: a source added again (or a second source of the same calendar) must not import once more
  // what still waits for moderation.
  const near = await possibleDuplicates(
    { store },
    // The same event only: the same start, the same place, a near-identical title (never another number).
    {
      title: item.content.title,
      city: item.content.city,
      startsAt: item.content.startsAt,
      venueName: item.content.venueName,
    },
    { pending: true },
  );
  // This UID's own event is no duplicate: created by a run that stopped before saving its link, or by another
  // instance running the same source at the same time (a trusted source publishes at once). Read after the
  // duplicates, so an event that another run creates in between is either in neither or found here.
  const own = near.length > 0 ? await store.events.findSubmission(source.createdBy, key) : null;
  const duplicates = near.filter((e) => e.id !== own);
  const link: ImportLink = {
    sourceId: source.id,
    uid: item.uid,
    eventId: null,
    duplicateOf: null,
    fingerprint: item.fingerprint,
    cancelled: item.cancelled,
    gone: false,
  };
  if (duplicates.length > 0) {
    // Flagged once for the moderators, never imported twice: the link remembers it.
    await store.imports.saveLink({ ...link, duplicateOf: duplicates[0].id });
    await store.notifications.addForAdmins({
      id: newId(),
      title: 'Doublon probable à l’import',
      body: `« ${item.content.title} » (${source.name}) ressemble à « ${duplicates[0].title} » : non importé.`,
      data: { type: 'import_duplicate', eventId: duplicates[0].id, sourceId: source.id },
      timestamp: now,
    });
    counts.duplicates++;
    return;
  }
  const result = await submitFromSource(store, source, item.content, key, now, ctx.book);
  if (!result) throw new Error('Soumission impossible');
  if (result.created && item.cancelledDates.length > 0) await markCancelledDates(ctx, result.event, item);
  await store.imports.saveLink({ ...link, eventId: result.event.id });
  if (result.created) {
    counts.created++;
    ctx.createdTitles.push(result.event.title);
  } else counts.unchanged++;
}

async function update(ctx: ApplyContext, item: FeedItem, link: ImportLink, counts: Counts, cancel: boolean) {
  const { store } = ctx;
  let event = link.eventId ? await store.events.findById(link.eventId) : null;
  if (event && !cancel && showsAlready(event, item, ctx.now)) {
    await store.imports.saveLink({ ...link, fingerprint: item.fingerprint, cancelled: item.cancelled, gone: false });
    counts.unchanged++;
    return;
  }
  if (event) {
    // Back in the feed, or no longer cancelled: the cancellation (or withdrawal) is undone first.
    if (!item.cancelled && (event.status === 'cancelled' || event.status === 'withdrawn'))
      event = (await step(ctx, event, 'undoCancel')) ?? event;
    const content: EventContent = { ...item.content, image: event.image };
    event = (await step(ctx, event, 'edit', content)) ?? event;
    if (cancel) await step(ctx, event, 'cancel');
    else event = await markCancelledDates(ctx, event, item);
  }
  await store.imports.saveLink({ ...link, fingerprint: item.fingerprint, cancelled: item.cancelled, gone: false });
  // An admin deleted the event: the import does not bring it back (said once, in this run's log).
  if (!event) throw new Error('L’événement importé a été supprimé par un administrateur\u00a0: il n’est pas recréé.');
  if (cancel) counts.cancelled++;
  else counts.updated++;
}

/** Gone from the feed: withdrawn (cancelled if it was public), unless it is over (feeds drop past events). */
async function withdraw(ctx: ApplyContext, link: ImportLink, counts: Counts) {
  const { store, now } = ctx;
  const event = link.eventId ? await store.events.findById(link.eventId) : null;
  if (event && Date.parse(event.endsAt) > Date.parse(now)) {
    await step(ctx, event, 'cancel');
    counts.withdrawn++;
  } else counts.unchanged++;
  await store.imports.saveLink({ ...link, gone: true });
}

/** Each step on its own: a failing VEVENT is an error of the run (with its UID and line), the others go on. */
export async function applyPlan(ctx: ApplyContext, plan: readonly PlanStep[], lines: Map<string, number>) {
  const counts = noCounts();
  const pause = timeSlices();
  for (const s of plan) {
    // In bounded steps: the jobs worker goes on sending mails and answering between them (decision 061).
    await pause();
    const uid = s.kind === 'withdrawn' ? s.link.uid : s.kind === 'unchanged' ? s.uid : s.item.uid;
    try {
      if (s.kind === 'unchanged') counts.unchanged++;
      else if (s.kind === 'new') await create(ctx, s.item, counts);
      else if (s.kind === 'updated') await update(ctx, s.item, s.link, counts, false);
      else if (s.kind === 'cancelled') await update(ctx, s.item, s.link, counts, true);
      else await withdraw(ctx, s.link, counts);
    } catch (error) {
      counts.errors.push({ uid, line: lines.get(uid) ?? 0, message: (error as Error).message });
    }
  }
  return counts;
}
