// The event form's checks in the browser, on the server's reading of every field (eventFormValues, in
// event-form-fields.ts: every field as typed, '' when it was not sent, the first value when a name came twice).
import { eventFormValues, type Sent } from './event-form-fields';
import { checkEventForm } from './schedule-form';

export { EVENT_FORM_FIELDS, eventFormValues } from './event-form-fields';

/**
 * The browser's checks of the form as sent (conform's payload): the server's, on the same reading of every field.
 * `began`: an edited event's start date as loaded, which it may keep once past (the server reads it from the store).
 */
export function eventFormErrors(
  sent: Sent,
  now: Date,
  categories?: readonly string[],
  began?: string,
): Record<string, string> {
  return checkEventForm(eventFormValues(sent), now, categories, began).errors;
}
