// Submit and edit an event (one screen, SPEC §2): multipart POST that works without JS, image kept across errors.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from '@remix-run/node';
import { streamMultipart } from '@web3-storage/multipart-parser';
import { AdminError } from '~/.server/admin/guard';
import { activeCategorySlugs } from '~/.server/categories';
import { getConfig } from '~/.server/config';
import { getFileStore } from '~/.server/files/disk';
import { newId } from '~/.server/ids';
import {
  discardPendingImage,
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  ImageRejected,
  isPendingToken,
  stashPendingImage,
  storeEventImage,
  takePendingImage,
} from '~/.server/images';
import { getLiveHub } from '~/.server/live';
import { getPushTransport } from '~/.server/push';
import { type AppContext, protectForm } from '~/.server/security';
import { requireUser } from '~/.server/session';
import { getStore } from '~/.server/store';
import { eventForEditing, possibleDuplicates, submitEvent, updateEvent } from '~/.server/submissions';
import type { AgendaEvent, EventImage } from '~/domain/event';
import { EVENT_FLAG_FIELDS, EVENT_TEXT_FIELDS, eventTimes, validateEventForm } from '~/domain/event-form';
import { actorsFor } from '~/domain/event-lifecycle';
import { type FieldErrors, formValues } from '~/domain/forms';
import { findLocality } from '~/domain/localities';

export const TOO_BIG = 'image:too-big';
export const BAD_NAME = 'image:bad-name';
export const BAD_FILE_NAME = 'Nom de fichier non accepté : renommez l’image (sans « / » ni « .. ») et réessayez.';
type Values = Record<string, string>;

/** The form's values for an existing event (edit, or a copy for a new date without its dates). */
function valuesFromEvent(e: AgendaEvent, copy: boolean): Values {
  const local = (iso: string) => {
    const d = new Date(iso);
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Zurich',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(d);
    const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
    return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
  };
  const start = local(e.startsAt);
  const end = local(e.endsAt);
  return {
    title: e.title,
    description: e.description,
    category: e.category,
    startDate: copy ? '' : start.date,
    startTime: e.allDay ? '' : start.time,
    endDate: copy || end.date === start.date ? '' : end.date,
    endTime: e.allDay || e.openEnd ? '' : end.time,
    allDay: e.allDay ? 'on' : '',
    venueName: e.venueName,
    street: e.street,
    postalCode: e.postalCode,
    city: e.city,
    canton: e.canton,
    lat: e.lat == null ? '' : String(e.lat),
    lng: e.lng == null ? '' : String(e.lng),
    isFree: e.isFree ? 'on' : '',
    priceMin: e.priceMin == null ? '' : String(e.priceMin),
    priceMax: e.priceMax == null ? '' : String(e.priceMax),
    priceNote: e.priceNote,
    ticketUrl: e.ticketUrl,
    websiteUrl: e.websiteUrl,
    organizerName: e.organizerName,
    contactEmail: e.contactEmail,
    contactPhone: e.contactPhone,
    imageAlt: e.image?.alt ?? '',
    wheelchair: e.accessibility.wheelchair ? 'on' : '',
    hearing: e.accessibility.hearing ? 'on' : '',
    familyFriendly: e.accessibility.familyFriendly ? 'on' : '',
  };
}

export async function eventFormLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const store = getStore();
  const copyFrom = new URL(request.url).searchParams.get('copie');
  let values: Values = { organizerName: user.displayName, canton: '' };
  let image: EventImage | null = null;
  let status: AgendaEvent['status'] | null = null;
  let pendingRevision = false;
  let adminEdit = false;
  if (params.id) {
    // The working copy: an organizer edits their latest text, a pending revision included.
    const event = await eventForEditing(store, user, params.id);
    values = valuesFromEvent(event, false);
    image = event.image;
    status = event.status;
    pendingRevision = event.revision !== null;
    adminEdit = actorsFor(user, event)[0] === 'admin';
  } else if (copyFrom) {
    const source = await eventForEditing(store, user, copyFrom);
    values = valuesFromEvent(source, true);
  }
  return {
    mode: params.id ? ('edit' as const) : ('create' as const),
    eventId: params.id ?? null,
    status,
    pendingRevision,
    adminEdit,
    values,
    image,
    // One key per form render: a repeated POST of this form returns the same event (double click, refresh, retry).
    submissionKey: newId(24),
  };
}

const TEXT_FIELD_MAX_BYTES = 64 * 1024;

/**
 * Reads the multipart body ourselves (not Remix's parser, which drops the path from file names before we can see
 * it): the image is kept in memory up to 8 MB, a slightly bigger one is flagged (the whole body is bounded before it
 * reaches us, parts included: app/.server/platform/request-body.ts), a file name with a path is flagged, text fields
 * are capped. A body that is not multipart gets a 400.
 */
export async function readForm(request: Request): Promise<FormData> {
  const [type, boundary] = (request.headers.get('Content-Type') ?? '').split(/\s*;\s*boundary=/);
  if (!request.body || !boundary || type !== 'multipart/form-data') {
    throw data({ message: 'Formulaire invalide : rechargez la page et réessayez.' }, { status: 400 });
  }
  const formData = new FormData();
  try {
    for await (const part of streamMultipart(request.body, boundary)) {
      if (part.done) break;
      const chunks: Uint8Array[] = [];
      let size = 0;
      const isFile = typeof part.filename === 'string';
      const limit = isFile ? IMAGE_MAX_BYTES + 1 : TEXT_FIELD_MAX_BYTES;
      for await (const chunk of part.data) {
        size += chunk.length;
        if (size <= limit) chunks.push(chunk);
      }
      if (!isFile) {
        if (size > TEXT_FIELD_MAX_BYTES)
          throw data({ message: 'Un champ du formulaire est trop long.' }, { status: 413 });
        formData.append(part.name, new TextDecoder().decode(Buffer.concat(chunks)));
      } else if (part.name === 'image') {
        // Browsers send a bare file name; a path in it means a crafted request. The name is never used anyway.
        if (/[/\\\0]|\.\./.test(part.filename ?? '')) formData.append('image', BAD_NAME);
        else if (size > IMAGE_MAX_BYTES) formData.append('image', TOO_BIG);
        // Only the bytes matter from here: the file name and the browser's type are never used.
        else if (size > 0)
          formData.append('image', new File([Buffer.concat(chunks)], 'upload', { type: 'application/octet-stream' }));
      }
    }
  } catch (error) {
    if (error && typeof error === 'object' && 'init' in error) throw error;
    throw data({ message: 'Formulaire invalide : rechargez la page et réessayez.' }, { status: 400 });
  }
  return formData;
}

export async function eventFormAction({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await protectForm(request, context as AppContext, { bucket: 'submit', read: readForm });
  const store = getStore();
  const files = getFileStore();
  const existing = params.id ? await eventForEditing(store, user, params.id) : null;
  const values = formValues(formData, [...EVENT_TEXT_FIELDS, ...EVENT_FLAG_FIELDS, 'submissionKey', 'pendingImage']);
  // A form already sent (double click, refresh, lost answer): its event, without storing its image again.
  if (!existing && /^[a-z0-9]{24}$/.test(values.submissionKey)) {
    const already = await store.events.findSubmission(user.uid, values.submissionKey);
    if (already) return redirect(`/organizer/event-confirmation/${already}`);
  }
  const errors: FieldErrors = {};

  // The image: a new file, or the one kept from a previous attempt.
  let imageBytes: Buffer | null = null;
  let pendingImage = isPendingToken(values.pendingImage) ? values.pendingImage : '';
  const upload = formData.get('image');
  if (upload === TOO_BIG) {
    errors.image = IMAGE_MESSAGES.tooBig;
  } else if (upload === BAD_NAME) {
    errors.image = BAD_FILE_NAME;
  } else if (upload instanceof File && upload.size > 0) {
    imageBytes = Buffer.from(await upload.arrayBuffer());
  } else if (pendingImage) {
    imageBytes = await takePendingImage(files, user.uid, pendingImage);
    if (!imageBytes) pendingImage = '';
  }
  const removeImage = formData.get('removeImage') === 'on';

  // Active categories only; an edited event may keep its own even if an admin has deactivated it since.
  const active = await activeCategorySlugs(store);
  const parsed = validateEventForm(values, new Date(), existing ? [...active, existing.category] : active);
  if (!parsed.ok) Object.assign(errors, parsed.errors);
  if (imageBytes && !values.imageAlt.trim())
    errors.imageAlt = 'Décrivez l’image en quelques mots (pour les personnes qui ne la voient pas).';

  // Possible duplicate: a published event with a similar title in the same town within 3 hours.
  let duplicates: { id: string; title: string }[] = [];
  if (parsed.ok && formData.get('notDuplicate') !== 'on') {
    const found = await possibleDuplicates(store, {
      title: parsed.data.title,
      city: parsed.data.city,
      startsAt: eventTimes(parsed.data).startsAt,
      excludeId: existing?.id,
    });
    duplicates = found.map((e) => ({ id: e.id, title: e.title }));
  }

  if (Object.keys(errors).length > 0 || duplicates.length > 0 || !parsed.ok) {
    if (imageBytes && !errors.image && !pendingImage) {
      try {
        pendingImage = await stashPendingImage(files, imageBytes, user.uid);
      } catch (error) {
        if (!(error instanceof ImageRejected)) throw error;
        errors.image = error.message;
      }
    }
    return data({ errors, values: { ...values, pendingImage }, duplicates }, { status: 400 });
  }

  const input = parsed.data;
  // Without coordinates (no JS, or no pin), the town list gives them; an unknown town stays without a pin.
  if (input.lat === null || input.lng === null) {
    const place = findLocality(input.city, { canton: input.canton, postalCode: input.postalCode });
    input.lat = place?.lat ?? null;
    input.lng = place?.lng ?? null;
  }

  let image: EventImage | null | undefined = removeImage ? null : undefined;
  if (imageBytes) {
    try {
      image = await storeEventImage(files, imageBytes, values.imageAlt.trim());
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      return data(
        { errors: { image: error.message } as FieldErrors, values: { ...values, pendingImage: '' }, duplicates },
        { status: 400 },
      );
    }
    if (pendingImage) await discardPendingImage(files, user.uid, pendingImage);
  } else if (
    existing?.image &&
    !removeImage &&
    values.imageAlt.trim() &&
    values.imageAlt.trim() !== existing.image.alt
  ) {
    image = { ...existing.image, alt: values.imageAlt.trim() };
  }

  if (existing) {
    try {
      await updateEvent({ store }, user, existing.id, input, image);
    } catch (error) {
      // Refused by the lifecycle (the event changed or went meanwhile): said on an error page.
      if (!(error instanceof AdminError)) throw error;
      throw data({ message: error.message }, { status: error.status });
    }
    getLiveHub().poke();
    return redirect(`/organizer/event-confirmation/${existing.id}?modifie=1`);
  }
  const submissionKey = /^[a-z0-9]{24}$/.test(values.submissionKey) ? values.submissionKey : newId(24);
  const push = { transport: getPushTransport(), siteUrl: getConfig().SITE_URL };
  const { event } = await submitEvent({ store, push }, user, input, { submissionKey, image: image ?? null });
  getLiveHub().poke();
  return redirect(`/organizer/event-confirmation/${event.id}`);
}
