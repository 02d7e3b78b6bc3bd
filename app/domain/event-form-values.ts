// How the event form is read, by the browser's checks and by the server alike: every field of the form as typed, ''
// when it was not sent (an unticked box sends nothing), the first value when a name came twice, never a file.
import { EVENT_FLAG_FIELDS, EVENT_TEXT_FIELDS } from './event-form';
import { checkEventForm, SCHEDULE_FIELDS } from './schedule-form';

/** The fields of the event form the checks and the use case read. */
export const EVENT_FORM_FIELDS = [
  ...EVENT_TEXT_FIELDS,
  ...EVENT_FLAG_FIELDS,
  ...SCHEDULE_FIELDS,
  'submissionKey',
  'pendingImage',
] as const;

/** What a form sent, as the server has it (FormData) or as conform hands it to the browser's checks (its payload). */
type Sent = FormData | Record<string, unknown>;

const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

/** Each field of EVENT_FORM_FIELDS as typed: '' when absent (an unticked box) or not text. */
export function eventFormValues(sent: Sent): Record<string, string> {
  const get = (name: string) => (sent instanceof FormData ? sent.get(name) : first(sent[name]));
  const values: Record<string, string> = {};
  for (const field of EVENT_FORM_FIELDS) {
    const value = get(field);
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** The browser's checks of the form as sent (conform's payload): the server's, on the same reading of every field. */
export function eventFormErrors(sent: Sent, now: Date, categories?: readonly string[]): Record<string, string> {
  return checkEventForm(eventFormValues(sent), now, categories).errors;
}
