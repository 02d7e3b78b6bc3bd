// The event form's fields, without its schema (zod): their names, « Proposer un nouveau lieu », and how the form is
// read, by the browser (the dates' preview as one types) and the server alike. The page shows them before its checks
// load (decision 129); event-form.ts and event-form-values.ts give them to the server with the rest.
import { EVENT_CONTACT_FIELDS, EVENT_PLACE_FIELDS } from './event';
import { SCHEDULE_FIELDS } from './schedule-form-fields';

export const EVENT_TEXT_FIELDS = [
  'title',
  'description',
  'performers',
  'category',
  'startDate',
  'startTime',
  'endDate',
  'endTime',
  'venueId',
  'venueText',
  ...EVENT_PLACE_FIELDS,
  'priceMin',
  'priceMax',
  'priceNote',
  'organizerId',
  ...EVENT_CONTACT_FIELDS,
  'imageAlt',
] as const;
export const EVENT_FLAG_FIELDS = [
  'allDay',
  'isFree',
  'wheelchair',
  'hearing',
  'familyFriendly',
  'weatherDependent',
] as const;

/** The form's choice of a venue or organizer record: « Proposer un nouveau lieu » (the fields typed) or a record. */
export const NEW_PLACE = 'nouveau';

/** The fields of the event form the checks and the use case read. */
export const EVENT_FORM_FIELDS = [
  ...EVENT_TEXT_FIELDS,
  ...EVENT_FLAG_FIELDS,
  ...SCHEDULE_FIELDS,
  'submissionKey',
  'pendingImage',
  'seen',
] as const;

/** What a form sent, as the server has it (FormData) or as conform hands it to the browser's checks (its payload). */
export type Sent = FormData | Record<string, unknown>;

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
