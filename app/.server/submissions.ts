// Organizer use cases: submit (once per submission key), edit (back to moderation), cancel, list by status.
import { data } from '@remix-run/node';
import type { AgendaEvent, EventImage } from '~/domain/event';
import { type EventFormInput, eventTimes } from '~/domain/event-form';
import { normalizeForComparison } from '~/domain/search-text';
import { slugify } from '~/domain/slug';
import { audit } from './audit';
import { newId } from './ids';
import type { Store, UserProfile } from './ports';
import { notifyAdminsOfSubmission } from './push/devices';
import type { PushTransport } from './push/ports';

export interface SubmitDeps {
  store: Store;
  now?: () => Date;
  /** Where a new submission is pushed to the admins' devices (in the background), and the site's address for links. */
  push?: { transport: PushTransport; siteUrl: string };
}

const clock = (deps: SubmitDeps) => (deps.now ? deps.now() : new Date());

/** Form fields → the event record's own fields (never status, featured or owner: the form cannot set those). */
function fieldsFromForm(input: EventFormInput) {
  const { startsAt, endsAt } = eventTimes(input);
  return {
    title: input.title,
    slug: slugify(input.title),
    description: input.description,
    category: input.category,
    startsAt,
    endsAt,
    allDay: input.allDay,
    venueName: input.venueName,
    street: input.street,
    postalCode: input.postalCode,
    city: input.city,
    canton: input.canton,
    lat: input.lat,
    lng: input.lng,
    isFree: input.isFree,
    priceMin: input.isFree ? null : input.priceMin,
    priceMax: input.isFree ? null : input.priceMax,
    priceNote: input.priceNote,
    ticketUrl: input.ticketUrl,
    websiteUrl: input.websiteUrl,
    organizerName: input.organizerName,
    contactEmail: input.contactEmail,
    contactPhone: input.contactPhone,
    accessibility: { wheelchair: input.wheelchair, hearing: input.hearing, familyFriendly: input.familyFriendly },
  };
}

export async function submitEvent(
  deps: SubmitDeps,
  actor: UserProfile,
  input: EventFormInput,
  options: { submissionKey: string; image: EventImage | null },
): Promise<{ event: AgendaEvent; created: boolean }> {
  const now = clock(deps).toISOString();
  const event: AgendaEvent = {
    id: newId(),
    ...fieldsFromForm(input),
    image: options.image,
    status: 'pending',
    rejectionReason: '',
    featured: false,
    createdBy: actor.uid,
    createdAt: now,
    updatedAt: now,
    submittedAt: now,
    moderatedBy: null,
    moderatedAt: null,
    pendingChanges: [],
  };
  const result = await deps.store.events.createSubmission({
    uid: actor.uid,
    submissionKey: options.submissionKey,
    event,
  });
  if (result.created) {
    await deps.store.notifications.addForAdmins({
      id: newId(),
      title: 'Nouvel événement à modérer',
      body: result.event.title,
      data: { type: 'event_pending', eventId: result.event.id },
      timestamp: now,
    });
    if (deps.push) {
      void notifyAdminsOfSubmission({ store: deps.store, push: deps.push.transport }, result.event, deps.push.siteUrl);
    }
  }
  return result;
}

/** The event, if this actor may edit it (its owner or an admin); otherwise a 404, as if it did not exist. */
export async function eventForEditing(store: Store, actor: UserProfile, id: string): Promise<AgendaEvent> {
  const event = await store.events.findById(id);
  if (!event || (event.createdBy !== actor.uid && actor.role !== 'admin')) {
    if (event) audit('access.denied', { uid: actor.uid, path: `/organizer/edit-event/${id}`, reason: 'owner' });
    throw data({ message: 'Cet événement n’existe pas.' }, { status: 404 });
  }
  return event;
}

/** An edit by its organizer puts a published or refused event back into moderation, noting what changed. */
export async function updateEvent(
  deps: SubmitDeps,
  actor: UserProfile,
  id: string,
  input: EventFormInput,
  image: EventImage | null | undefined,
): Promise<AgendaEvent> {
  const current = await eventForEditing(deps.store, actor, id);
  const next = fieldsFromForm(input);
  // Every field the form sets is tracked, except the slug (it follows the title).
  const tracked = (Object.keys(next) as (keyof typeof next)[]).filter((k) => k !== 'slug');
  const changed: string[] = tracked.filter((k) => JSON.stringify(next[k]) !== JSON.stringify(current[k]));
  if (image !== undefined && JSON.stringify(image) !== JSON.stringify(current.image)) changed.push('image');
  const now = clock(deps).toISOString();
  const backToModeration = actor.role !== 'admin' && (current.status === 'approved' || current.status === 'rejected');
  const updated: AgendaEvent = {
    ...current,
    ...next,
    image: image === undefined ? current.image : image,
    status: backToModeration ? 'pending' : current.status,
    rejectionReason: backToModeration ? '' : current.rejectionReason,
    updatedAt: now,
    submittedAt: backToModeration ? now : current.submittedAt,
    pendingChanges: backToModeration
      ? [...new Set([...(current.pendingChanges ?? []), ...changed])]
      : current.pendingChanges,
  };
  await deps.store.events.update(updated);
  return updated;
}

export async function cancelEvent(deps: SubmitDeps, actor: UserProfile, id: string): Promise<AgendaEvent> {
  const current = await eventForEditing(deps.store, actor, id);
  const updated = { ...current, status: 'cancelled' as const, updatedAt: clock(deps).toISOString() };
  await deps.store.events.update(updated);
  return updated;
}

/** Published events with a similar title in the same town within 3 hours: probably the same event. */
export async function possibleDuplicates(
  store: Store,
  input: { title: string; city: string; startsAt: string; excludeId?: string },
): Promise<AgendaEvent[]> {
  const start = Date.parse(input.startsAt);
  const near = await store.events.listApprovedNear({
    city: input.city,
    from: new Date(start - 3 * 3600_000).toISOString(),
    to: new Date(start + 3 * 3600_000).toISOString(),
    excludeId: input.excludeId,
  });
  return near.filter((e) => titleSimilarity(e.title, input.title) >= 0.5);
}

/** Share of words in common (Jaccard), diacritics and case ignored. */
export function titleSimilarity(a: string, b: string): number {
  const words = (s: string) =>
    new Set(
      normalizeForComparison(s)
        .split(' ')
        .filter((w) => w.length > 2),
    );
  const wa = words(a);
  const wb = words(b);
  if (wa.size === 0 || wb.size === 0) return 0;
  const common = [...wa].filter((w) => wb.has(w)).length;
  return common / (wa.size + wb.size - common);
}
