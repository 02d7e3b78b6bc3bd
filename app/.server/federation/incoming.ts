// The events of the remote actors an admin follows as sources (decision 088): each Create or Update of an `Event`
// goes through the event lifecycle as the source's owner (the admin who added it), like a calendar import: pending
// moderation, or published at once for a trusted source; one remote object, one event (its id is the submission
// key); a likely duplicate of an event already here is flagged, not imported; a cancellation or a Delete cancels it
// (withdrawn if it was never public). Anything from an actor that is no source, or on a blocked domain, is ignored.
import { createHash } from 'node:crypto';
import type { InboxContext } from '@fedify/fedify';
import type { DocumentLoader } from '@fedify/fedify/runtime';
import type { Accept, Activity, Reject } from '@fedify/vocab';
import type { AgendaEvent, EventContent } from '~/domain/event';
import type { LifecycleAction } from '~/domain/event-lifecycle';
import { possibleDuplicates } from '../events/submissions';
import { stepAsSource, submitFromSource } from '../imports/source-lifecycle';
import { newId } from '../platform/ids';
import type { FederationContext } from './actor-types';
import { rememberImported } from './echo';
import { vocab } from './fedify';
import { receivedActivity } from './fedify-storage';
import { isBlocked } from './records';
import { readRemoteEvent } from './remote-event';
import { type RemoteSource, sourceOf } from './sources';

interface RemoteLink {
  sourceId: string;
  /** Whom the object was attributed to, when not the source (an Agenda romand's venue shares its agenda's events). */
  author?: string | null;
  eventId: string | null;
  duplicateOf: string | null;
  fingerprint: string;
}

type Ctx = InboxContext<FederationContext>;

/**
 * The source an activity comes from, if it is one we follow and its domain is not blocked: its actor, or the group the
 * object is attributed to on the actor's own server (a Mobilizon group's event is sent by the member who wrote it).
 */
async function activeSource(ctx: Ctx, activity: Activity, object?: Record<string, unknown> | null) {
  const now = ctx.data.now().toISOString();
  const { federation } = ctx.data.store;
  if (!activity.actorId || (await isBlocked(federation, activity.actorId, now))) return null;
  // The group first: its events are its own, whoever of its members sent them.
  const group = typeof object?.attributedTo === 'string' ? object.attributedTo : null;
  let source = group && originOf(group) === originOf(activity.actorId) ? await sourceOf(federation, group, now) : null;
  source ??= await sourceOf(federation, activity.actorId.href, now);
  return source && source.status !== 'rejected' ? source : null;
}

async function step(
  ctx: Ctx,
  source: RemoteSource,
  event: AgendaEvent,
  action: LifecycleAction,
  content?: EventContent,
) {
  const after = await stepAsSource(ctx.data.store, source, event, action, ctx.data.now().toISOString(), content);
  if (after === 'stale') throw new Error('L’événement a changé pendant la réception : l’activité sera reprise.');
  return after ?? event;
}

/** The scheme, host and port of a URL: two accounts of one server share it, two servers on one host do not. */
function originOf(url: string | URL | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    return null;
  }
}

/** A document as its server serves it (through `load`, by default the shared cache), or null (gone, unreachable). */
async function fetched(load: DocumentLoader, id: string): Promise<Record<string, unknown> | null> {
  try {
    const { document } = await load(id);
    return document && typeof document === 'object' && !Array.isArray(document)
      ? (document as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The JSON of the activity's object as it was sent (extensions included), fetched as is if only its id came; null when
 * it cannot be had (gone, unreachable): nothing to take, and nothing to retry.
 */
async function objectJson(ctx: Ctx, activity: Activity): Promise<Record<string, unknown> | null> {
  const sent = receivedActivity.getStore();
  const object = sent && sent.id === activity.id?.href ? sent.object : undefined;
  if (object && typeof object === 'object' && !Array.isArray(object)) return object as Record<string, unknown>;
  return activity.objectId ? fetched(ctx.documentLoader, activity.objectId.href) : null;
}

/**
 * The source that shared this object, when the activity comes from the object's author on the source's own server:
 * another Agenda romand's venue shares (`Announce`) the events its agenda creates, changes and deletes (decision 096).
 */
async function authorSource(ctx: Ctx, activity: Activity, objectId: string) {
  const now = ctx.data.now().toISOString();
  const { federation } = ctx.data.store;
  const link = objectId ? (await federation.get<RemoteLink>('remote', objectId, now))?.value : null;
  const actor = activity.actorId?.href;
  if (!link?.author || !actor || link.author !== actor || originOf(actor) !== originOf(link.sourceId)) return null;
  if (await isBlocked(federation, actor, now)) return null;
  const source = await sourceOf(federation, link.sourceId, now);
  return source && source.status !== 'rejected' ? source : null;
}

/** A Create, Update or Announce of an event; `fresh` loads a document from its server, past every cache. */
export async function receiveEvent(ctx: Ctx, activity: Activity, fresh: DocumentLoader): Promise<void> {
  const now = ctx.data.now().toISOString();
  if (!activity.actorId || (await isBlocked(ctx.data.store.federation, activity.actorId, now))) return;
  // A boost is only worth fetching from a source (anyone may boost anything).
  const boost = activity instanceof vocab().Announce;
  if (boost && !(await sourceOf(ctx.data.store.federation, activity.actorId.href, now))) return;
  let object = await objectJson(ctx, activity);
  if (!object) return;
  // The change of an event a source shared, by its author (decision 096: another Agenda romand's agenda).
  const byAuthor = boost ? null : await authorSource(ctx, activity, String(object.id ?? ''));
  const source = byAuthor ?? (await activeSource(ctx, activity, object));
  if (!source) return;
  // Sent by another account than the source (a member of a Mobilizon group): what it sent is only a claim, and any
  // account of that server could make it. The event is what the source's server serves under its id.
  if (source.id !== activity.actorId.href) {
    object = await fetched(fresh, String(object.id ?? ''));
    if (!object || object.attributedTo !== (byAuthor ? activity.actorId.href : source.id)) return;
  }
  // The object must come from the source's own server (an Announce of someone else's event is not the source's).
  if (originOf(String(object.id ?? '')) !== originOf(source.id)) return;
  const remote = readRemoteEvent(object, source);
  // A Note, a reply, a malformed event: not ours to take, and no error for the sender.
  if (typeof remote === 'string') return;
  const { store } = ctx.data;
  const key = remote.id;
  const link = (await store.federation.get<RemoteLink>('remote', key, now))?.value;
  const author =
    typeof object.attributedTo === 'string' && object.attributedTo !== source.id ? object.attributedTo : null;
  const save = (value: RemoteLink) =>
    store.federation.put({ kind: 'remote', key, value: { ...value, author }, expiresAt: null, updatedAt: now });
  if (link) {
    if (link.sourceId !== source.id || !link.eventId || link.fingerprint === remote.fingerprint) return;
    let event = await store.events.findById(link.eventId);
    if (!event) return;
    await rememberImported(store.federation, event.id, { source: source.id, object: key }, now);
    if (!remote.cancelled && (event.status === 'cancelled' || event.status === 'withdrawn'))
      event = await step(ctx, source, event, 'undoCancel');
    event = await step(ctx, source, event, 'edit', { ...remote.content, image: event.image });
    if (remote.cancelled) await step(ctx, source, event, 'cancel');
    await save({ ...link, fingerprint: remote.fingerprint });
    return;
  }
  if (remote.cancelled) return;
  // Published again under a new object after its Delete (an Agenda romand's event unpublished then approved again:
  // decision 102): the copy its Delete withdrew comes back, rather than a second one next to it.
  const former = await formerCopy(ctx, source, remote.content);
  if (former) {
    await rememberImported(store.federation, former.id, { source: source.id, object: key }, now);
    const back = await step(ctx, source, former, 'undoCancel');
    await step(ctx, source, back, 'edit', { ...remote.content, image: back.image });
    await save({ sourceId: source.id, eventId: former.id, duplicateOf: null, fingerprint: remote.fingerprint });
    return;
  }
  const submissionKey = `federation:${createHash('sha256').update(key).digest('base64url').slice(0, 24)}`;
  const near = await possibleDuplicates(
    { store },
    // The same event only: the same start, the same place, a near-identical title (never another number).
    {
      title: remote.content.title,
      city: remote.content.city,
      startsAt: remote.content.startsAt,
      venueName: remote.content.venueName,
    },
    { pending: true },
  );
  const own = near.length > 0 ? await store.events.findSubmission(source.createdBy, submissionKey) : null;
  const duplicates = near.filter((e) => e.id !== own);
  if (duplicates.length > 0) {
    await save({ sourceId: source.id, eventId: null, duplicateOf: duplicates[0].id, fingerprint: remote.fingerprint });
    await store.notifications.addForAdmins({
      id: newId(),
      title: 'Doublon probable reçu par la fédération',
      body: `« ${remote.content.title} » (${source.name}) ressemble à « ${duplicates[0].title} » : non repris.`,
      data: { type: 'import_duplicate', eventId: duplicates[0].id },
      timestamp: now,
    });
    return;
  }
  // Its origin noted first: a trusted source's event is published at once, and must not go back there (echo.ts).
  const id = newId();
  await rememberImported(store.federation, id, { source: source.id, object: key }, now);
  const result = await submitFromSource(store, source, remote.content, submissionKey, now, undefined, id);
  if (!result) return;
  await save({ sourceId: source.id, eventId: result.event.id, duplicateOf: null, fingerprint: remote.fingerprint });
}

/** The copy of this source's event that a Delete withdrew or cancelled: the same page at the source, near the date. */
async function formerCopy(ctx: Ctx, source: RemoteSource, content: EventContent): Promise<AgendaEvent | null> {
  const start = Date.parse(content.startsAt);
  if (!content.websiteUrl || Number.isNaN(start)) return null;
  const near = await ctx.data.store.events.listNear({
    city: content.city,
    from: new Date(start - 3 * 3600_000).toISOString(),
    to: new Date(start + 3 * 3600_000).toISOString(),
    statuses: ['cancelled', 'withdrawn'],
  });
  return near.find((e) => e.websiteUrl === content.websiteUrl && e.createdBy === source.createdBy) ?? null;
}

/** A Delete of an event we took: cancelled (withdrawn if it never was public), like an event gone from a feed. */
export async function receiveDelete(ctx: Ctx, activity: Activity): Promise<void> {
  if (!activity.objectId) return;
  const source = (await authorSource(ctx, activity, activity.objectId.href)) ?? (await activeSource(ctx, activity));
  if (!source) return;
  const { store } = ctx.data;
  const now = ctx.data.now().toISOString();
  const link = (await store.federation.get<RemoteLink>('remote', activity.objectId.href, now))?.value;
  if (!link?.eventId || link.sourceId !== source.id) return;
  const event = await store.events.findById(link.eventId);
  if (event && event.status !== 'cancelled' && event.status !== 'withdrawn') await step(ctx, source, event, 'cancel');
  await store.federation.put({
    kind: 'remote',
    key: activity.objectId.href,
    value: { ...link, fingerprint: 'supprimé' },
    expiresAt: null,
    updatedAt: now,
  });
}

/**
 * The answer to our Follow of a source: it now sends us its events (Accept), or refused (Reject). Only the id of the
 * Follow it answers is read, and must be ours (an embedded copy from another server is not trusted as such).
 */
export async function sourceAnswered(ctx: Ctx, answer: Accept | Reject, accepted: boolean): Promise<void> {
  if (!answer.actorId || !answer.objectId) return;
  const { store } = ctx.data;
  const now = ctx.data.now().toISOString();
  const source = await sourceOf(store.federation, answer.actorId.href, now);
  if (!source || source.followId !== answer.objectId.href) return;
  const status = accepted ? 'accepted' : 'rejected';
  await store.federation.put({
    kind: 'source',
    key: source.id,
    value: { ...source, status },
    expiresAt: null,
    updatedAt: now,
  });
}
