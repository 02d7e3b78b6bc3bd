// The event form read from its request, for the use case that saves it (events/save-event-form.ts), which takes plain
// values only: the fields as typed, the intent, and the image's bytes or the reader's refusal of it.
import { eventFormValues } from '~/domain/event-form-values';
import { type EventFormInput, PREVIEW_INTENT } from '../events/save-event-form';
import { refusedImageMessage } from '../platform/form-body';

export async function readEventForm(form: FormData): Promise<EventFormInput> {
  const upload = form.get('image');
  const refused = refusedImageMessage(upload);
  const image =
    refused !== undefined
      ? { refused }
      : upload instanceof File && upload.size > 0
        ? { bytes: Buffer.from(await upload.arrayBuffer()) }
        : null;
  return {
    // Every field as the browser's checks read it (an unticked box: '').
    values: eventFormValues(form),
    preview: form.get('intent') === PREVIEW_INTENT,
    image,
    removeImage: form.get('removeImage') === 'on',
    notDuplicate: form.get('notDuplicate') === 'on',
  };
}
