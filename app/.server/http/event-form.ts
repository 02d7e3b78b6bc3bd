// The event form read from its request, for the use case that saves it (events/save-event-form.ts), which takes plain
// values only: the fields as typed, the intent, and the image's bytes or the reader's refusal of it.
import { eventFormValues } from '~/domain/event-form-values';
import { type EventFormInput, PREVIEW_INTENT } from '../events/save-event-form';
import { readImageField } from '../platform/form-body';

export async function readEventForm(form: FormData): Promise<EventFormInput> {
  const image = await readImageField(form.get('image'));
  return {
    // Every field as the browser's checks read it (an unticked box: '').
    values: eventFormValues(form),
    preview: form.get('intent') === PREVIEW_INTENT,
    image,
    removeImage: form.get('removeImage') === 'on',
    notDuplicate: form.get('notDuplicate') === 'on',
  };
}
