// Organizer use cases: submit (once per submission key), edit, cancel and undo it (the lifecycle table decides).
import { scheduleSpan } from '~/.server/schedule/schedule-expand';
import { type AgendaEvent, type EventContent, type EventImage, placeAndContactOf } from '~/domain/event';
import { type EventFormInput, eventTimes, NEW_PLACE } from '~/domain/event-form';
import { actorsFor, findTransition, submittedEvent, workingView } from '~/domain/event-lifecycle';
import type { Schedule } from '~/domain/schedule';
import { slugify } from '~/domain/slug';
import { frenchTypography } from '~/domain/text';
import type { FileStore } from '../files/ports';
import { audit } from '../platform/audit';
import { newId } from '../platform/ids';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';
import { notifyAdminsOfSubmission } from '../push/devices';
import type { PushTransport } from '../push/ports';
import { keepPublishedDates } from './cancel-date';

export { possibleDuplicates, titleSimilarity } from './duplicates';

import { changeEvent, type LifecycleStep } from './lifecycle';

export interface SubmitDeps {
  store: Store;
  now?: () => Date;
  /** Where images live (services.files): an edit that replaces or removes an image under review deletes it. */
  files?: FileStore;
  /** Where a new submission is pushed to the admins' devices (in the background), and the site's address for links. */
  push?: { transport: PushTransport; siteUrl: string };
}

const clock = (deps: SubmitDeps) => (deps.now ? deps.now() : new Date());

/** Form fields → the event record's own fields (never status, featured or owner: the form cannot set those). */
function fieldsFromForm(input: EventFormInput & ScheduleInput) {
  // A series spans its dates, first to last (decision 041).
  const { startsAt, endsAt, openEnd } = input.span ?? eventTimes(input);
  return {
    // Typed as people type: « Concert de l'Avent : … » is kept as French writes it (an outside tester's finding).
    title: frenchTypography(input.title),
    slug: slugify(input.title),
    description: frenchTypography(input.description),
    performers: input.performers,
    category: input.category,
    startsAt,
    endsAt,
    allDay: input.allDay,
    openEnd,
    ...placeAndContactOf(input),
    accessibility: { wheelchair: input.wheelchair, hearing: input.hearing, familyFriendly: input.familyFriendly },
    schedule: input.schedule ?? null,
    weatherDependent: input.weatherDependent,
    // The records (decision 095): an id, or none when the form did not resolve its choice (NEW_PLACE, empty).
    venueId: recordId(input.venueId),
    organizerId: recordId(input.organizerId),
  };
}

const recordId = (choice: string | undefined) => (choice && choice !== NEW_PLACE ? choice : null);

/** What the form adds for several dates: the schedule and the dates it spans (save-event-form.ts). */
export interface ScheduleInput {
  schedule?: Schedule | null;
  span?: { startsAt: string; endsAt: string; openEnd: boolean } | null;
}

export async function submitEvent(
  deps: SubmitDeps,
  actor: UserProfile,
  input: EventFormInput & ScheduleInput,
  options: { submissionKey: string; image: EventImage | null },
): Promise<{ event: AgendaEvent; created: boolean }> {
  const transition = findTransition(actorsFor(actor, null), null, 'submit');
  if (!transition || transition.to === 'deleted')
    throw new UseCaseError('Vous ne pouvez pas soumettre d’événement.', 'form', 403);
  const now = clock(deps).toISOString();
  const event = submittedEvent(
    { ...fieldsFromForm(input), image: options.image },
    { id: newId(), status: transition.to, createdBy: actor.uid, now, publishedBy: actor.uid },
  );
  const result = await deps.store.events.createSubmission({
    uid: actor.uid,
    submissionKey: options.submissionKey,
    event,
    // A trusted account's submission is public at once: recorded as such (decision 042).
    entry: transition.logged ? { adminUid: actor.uid, action: 'publish', reason: '', createdAt: now } : undefined,
  });
  if (result.created && transition.needsModeration) {
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

/**
 * The event as its owner or an admin works on it (a pending revision applied, `revision` still telling there is one),
 * if this actor may edit it; otherwise a 404, as if it did not exist.
 */
export async function eventForEditing(
  { store }: { store: Store },
  actor: UserProfile,
  id: string,
): Promise<AgendaEvent> {
  const event = await store.events.findById(id);
  if (!event || actorsFor(actor, event).length === 0) {
    if (event) audit('access.denied', { uid: actor.uid, path: `/organizer/edit-event/${id}`, reason: 'owner' });
    throw new UseCaseError('Cet événement n’existe pas.', 'form', 404);
  }
  return workingView(event);
}

/**
 * An edit, as the lifecycle table says: an organizer's edit of a published (or cancelled) event waits as a revision
 * while the approved version stays public; of an event not public, it changes it (a refused one goes back to the
 * queue); an admin's edit applies at once (logged).
 */
export async function updateEvent(
  deps: SubmitDeps,
  actor: UserProfile,
  id: string,
  input: EventFormInput & ScheduleInput,
  image: EventImage | null | undefined,
): Promise<AgendaEvent> {
  const current = await eventForEditing(deps, actor, id);
  // A public date put into « Sauf les dates » is cancelled rather than made to vanish (decision 068).
  const published = await deps.store.events.findById(id);
  const kept = published ? keepPublishedDates(published, input.schedule ?? null, clock(deps)) : null;
  const schedule = kept?.cancel.length ? kept.schedule : input.schedule;
  const span = kept?.cancel.length && schedule ? scheduleSpan(schedule) : input.span;
  const content: EventContent = {
    ...fieldsFromForm({ ...input, schedule, span }),
    image: image === undefined ? current.image : image,
  };
  const { after } = await changeEvent(deps, actor, {
    eventId: id,
    action: 'edit',
    content,
    cancelDates: kept?.cancel,
    seen: published?.updatedAt,
  });
  return after as AgendaEvent;
}

/** The organizer cancels: a public event stays visible as cancelled, one that never was public is withdrawn. */
export async function cancelEvent(deps: SubmitDeps, actor: UserProfile, id: string): Promise<LifecycleStep> {
  return changeEvent(deps, actor, { eventId: id, action: 'cancel' });
}

/** « Rétablir »: back to the status before the cancellation. */
export async function undoCancelEvent(deps: SubmitDeps, actor: UserProfile, id: string): Promise<LifecycleStep> {
  return changeEvent(deps, actor, { eventId: id, action: 'undoCancel' });
}
