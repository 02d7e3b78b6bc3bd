// Event submission and edit (docs/specification.md §2, one screen): the posted form, its image (new, kept from a previous attempt, or
// removed), validation, possible duplicates, then submitEvent or updateEvent. Nothing is stored when the form is
// refused; an image sent with a refused form is kept aside for the next attempt.
import { EVENT_PLACE_FIELDS, type EventImage } from '~/domain/event';
import type { FieldErrors } from '~/domain/forms';
import { SCHEDULE_FIELDS } from '~/domain/schedule-form';
import { activeCategorySlugs } from '../categories/categories';
import {
  deleteImage,
  discardPendingImage,
  ImageRejected,
  isPendingToken,
  stashPendingImage,
  storeEventImage,
  takePendingImage,
} from '../files/images';
import type { FileStore } from '../files/ports';
import type { LiveHub } from '../moderation/live';
import { readPlaceChoice } from '../places/place-choice';
import { forgetCreated } from '../places/propose';
import { localityPoint } from '../places/venue-points';
import type { Config } from '../platform/config';
import { newId } from '../platform/ids';
import type { Store, UserProfile } from '../ports';
import type { PushTransport } from '../push/ports';
import { formStartDate } from './event-form';
import { checkSubmittedEvent } from './event-form-check';
import { eventForEditing, possibleDuplicates, submitEvent, updateEvent } from './submissions';

export type SaveEventFormResult =
  | { ok: true; eventId: string; edited: boolean }
  | {
      ok: false;
      errors: FieldErrors;
      values: Record<string, string>;
      duplicates: { id: string; title: string }[];
      /** The answer to « Voir les dates »: nothing was sent for publication. */
      preview?: boolean;
    };

const SUBMISSION_KEY = /^[a-z0-9]{24}$/;

export const CHANGED_ELSEWHERE =
  'Cet événement a été modifié ailleurs (dans un autre onglet, ou par l’équipe) depuis l’ouverture de ce formulaire\u00a0: rien n’a été enregistré. Vérifiez vos changements, puis envoyez à nouveau pour remplacer cette version, ou rechargez la page pour voir la version actuelle.';

/** The button « Voir les dates » of the page without JavaScript: the form comes back with its dates, nothing saved. */
export const PREVIEW_INTENT = 'apercu';

/** The event form as the route read it (app/.server/http/event-form.ts): plain values, nothing of HTTP. */
export interface EventFormInput {
  /** Each field of EVENT_FORM_FIELDS as typed ('' when absent): eventFormValues, the browser's reading too. */
  values: Record<string, string>;
  /** « Voir les dates »: the dates' messages, nothing saved. */
  preview: boolean;
  /** The image sent with this form: its bytes, or the reader's refusal (too large, a bad name); null when none. */
  image: { bytes: Buffer } | { refused: string } | null;
  removeImage: boolean;
  /** « Ce n’est pas un doublon » was ticked. */
  notDuplicate: boolean;
}

/** The fields whose messages the dates' preview shows (the others wait for the real sending). */
const WHEN_FIELDS = new Set<string>(['startDate', 'startTime', 'endDate', 'endTime', ...SCHEDULE_FIELDS]);

/** What saving the event form uses: the store, the files, the admins’ push and live count, the site’s address. */
export interface SaveEventFormDeps {
  store: Store;
  files: FileStore;
  push: PushTransport;
  live: Pick<LiveHub, 'poke'>;
  config: Pick<Config, 'SITE_URL'>;
}

/**
 * Saves the event form of `actor`: a new event, or the edit of `eventId`. Lifecycle refusals throw. Asked for a
 * preview (« Voir les dates »), it saves nothing and answers like a refusal: the input kept, the schedule's messages.
 */
export async function saveEventForm(
  services: SaveEventFormDeps,
  actor: UserProfile,
  form: EventFormInput,
  eventId?: string,
): Promise<SaveEventFormResult> {
  const previewOnly = form.preview;
  const { store, files } = services;
  const existing = eventId ? await eventForEditing({ store }, actor, eventId) : null;
  const values = { ...form.values };
  // A form already sent (double click, refresh, lost answer): its event, without storing its image again.
  if (!existing && !previewOnly && SUBMISSION_KEY.test(values.submissionKey)) {
    const already = await store.events.findSubmission(actor.uid, values.submissionKey);
    if (already) return { ok: true, eventId: already, edited: false };
  }
  // The venue and organizer chosen (decision 095): a record fills the place typed; another's organizer is refused.
  const choice = await readPlaceChoice({ store }, actor, values, existing);
  Object.assign(values, choice.values);
  const errors: FieldErrors = { ...choice.errors };
  // Changed elsewhere since this form was shown (another tab, an admin): said once and nothing saved. The input comes
  // back with the version now stored, so sending it again replaces that version knowingly.
  if (existing && !previewOnly && values.seen && values.seen !== existing.updatedAt) {
    errors.form = CHANGED_ELSEWHERE;
    values.seen = existing.updatedAt;
  }

  // The image: a new file, or the one kept from a previous attempt.
  let imageBytes: Buffer | null = null;
  let pendingImage = isPendingToken(values.pendingImage) ? values.pendingImage : '';
  const upload = form.image;
  if (upload && 'refused' in upload) {
    errors.image = upload.refused;
  } else if (upload) {
    imageBytes = upload.bytes;
  } else if (pendingImage && form.removeImage) {
    // « Retirer l’image » after sending one (issue 47): neither it nor the event's own.
    await discardPendingImage(files, actor.uid, pendingImage);
    pendingImage = '';
  } else if (pendingImage) {
    imageBytes = await takePendingImage(files, actor.uid, pendingImage);
    if (!imageBytes) pendingImage = '';
  }
  const { removeImage } = form;

  // Active categories only; an edited event may keep its own even if an admin has deactivated it since.
  const active = await activeCategorySlugs({ store });
  // The form's checks and its schedule's (decision 041), as the browser makes them; then at most 500 dates.
  // An edit may keep a start already past (an exhibition that has opened): the one the form was loaded with.
  const began = existing ? formStartDate(existing) : undefined;
  const checked = checkSubmittedEvent(values, new Date(), existing ? [...active, existing.category] : active, began);
  const { parsed, schedule } = checked;
  Object.assign(errors, checked.errors);
  // A venue typed that names none or several: that is what to fix, not the address left empty below it.
  if (errors.venueText) for (const field of EVENT_PLACE_FIELDS) delete errors[field];
  if (imageBytes && !values.imageAlt.trim())
    errors.imageAlt = 'Décrivez l’image en quelques mots (pour les personnes qui ne la voient pas).';

  // Possible duplicate: a published event with a similar title in the same town within 3 hours.
  let duplicates: { id: string; title: string }[] = [];
  if (parsed.ok && checked.startsAt && !previewOnly && !form.notDuplicate) {
    const found = await possibleDuplicates(
      { store },
      {
        title: parsed.data.title,
        city: parsed.data.city,
        startsAt: checked.startsAt,
        excludeId: existing?.id,
      },
    );
    duplicates = found.map((e) => ({ id: e.id, title: e.title }));
  }

  if (previewOnly) for (const field of Object.keys(errors)) if (!WHEN_FIELDS.has(field)) delete errors[field];
  if (previewOnly || Object.keys(errors).length > 0 || duplicates.length > 0 || !parsed.ok || !schedule.ok) {
    if (imageBytes && !errors.image && !pendingImage) {
      try {
        pendingImage = await stashPendingImage(files, imageBytes, actor.uid);
      } catch (error) {
        if (!(error instanceof ImageRejected)) throw error;
        errors.image = error.message;
      }
    }
    return { ok: false, errors, values: { ...values, pendingImage }, duplicates, preview: previewOnly };
  }

  const span = checked.span;
  const input = { ...parsed.data, schedule: span ? schedule.schedule : null, span };
  // Without coordinates (no JS, or no pin), the town list gives them; an unknown town stays without a pin.
  if (input.lat === null || input.lng === null) {
    // The town, else its postcode (« Grange des Bois », 1040: Echallens's point), issue 70.
    const place = localityPoint({ locality: input.city, postalCode: input.postalCode, canton: input.canton });
    input.lat = place?.lat ?? null;
    input.lng = place?.lng ?? null;
  }

  let image: EventImage | null | undefined = removeImage ? null : undefined;
  if (imageBytes) {
    try {
      image = await storeEventImage(files, imageBytes, values.imageAlt.trim());
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      return { ok: false, errors: { image: error.message }, values: { ...values, pendingImage: '' }, duplicates };
    }
  } else if (
    existing?.image &&
    !removeImage &&
    values.imageAlt.trim() &&
    values.imageAlt.trim() !== existing.image.alt
  ) {
    image = { ...existing.image, alt: values.imageAlt.trim() };
  }

  // A write that fails (a full disk, a conflict) leaves no image of its own behind: nothing half-written.
  // The image kept for this form goes only once the event is saved: the visitor sending again after a 503 keeps it.
  const stored = imageBytes && image ? image.path : null;
  let saved: SaveEventFormResult;
  let places: Awaited<ReturnType<typeof choice.attach>> | null = null;
  try {
    // The records chosen, or proposed ones for what was typed, removed again should the event not be written.
    places = await choice.attach(
      { ...input, accessibility: { wheelchair: input.wheelchair } },
      new Date().toISOString(),
    );
    input.venueId = places.venue.id;
    input.organizerId = places.organizer.id;
    if (existing) {
      await updateEvent({ store, files }, actor, existing.id, input, image);
      saved = { ok: true, eventId: existing.id, edited: true };
    } else {
      const submissionKey = SUBMISSION_KEY.test(values.submissionKey) ? values.submissionKey : newId(24);
      const push = { transport: services.push, siteUrl: services.config.SITE_URL };
      const { event } = await submitEvent({ store, push }, actor, input, { submissionKey, image: image ?? null });
      saved = { ok: true, eventId: event.id, edited: false };
    }
  } catch (error) {
    if (stored) await deleteImage(files, stored).catch(() => {});
    if (places) await forgetCreated({ store }, places.venue, places.organizer);
    throw error;
  }
  services.live.poke();
  if (imageBytes && pendingImage) await discardPendingImage(files, actor.uid, pendingImage);
  return saved;
}
