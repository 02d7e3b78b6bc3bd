// The server's reading of the event form, without its image: the form's checks and its schedule's (checkEventForm,
// the browser's too), then what only the server computes, the schedule's dates (at most 500), the span they cover and
// the start the duplicate check compares. No date is computed from a value that has not passed its check.

import { excludedOutsideRule, scheduleProblems, scheduleSpan } from '~/.server/schedule/schedule-expand';
import { eventTimes } from '~/domain/event-form';
import { checkEventForm, scheduleFieldErrors } from '~/domain/schedule-form';

export function checkSubmittedEvent(
  values: Record<string, string>,
  now: Date,
  categories?: readonly string[],
  began?: string,
) {
  const { parsed, schedule, errors: formErrors } = checkEventForm(values, now, categories, began);
  const errors: Record<string, string> = { ...formErrors };
  if (schedule.ok && schedule.schedule) {
    const problems = { ...excludedOutsideRule(schedule.schedule), ...scheduleProblems(schedule.schedule) };
    Object.assign(errors, scheduleFieldErrors(schedule.schedule, problems, values));
  }
  const accepted = parsed.ok && schedule.ok && Object.keys(errors).length === 0;
  return {
    parsed,
    schedule,
    errors,
    /** The event's own start, once the form's fields have passed (the duplicate check compares it). */
    startsAt: parsed.ok ? eventTimes(parsed.data).startsAt : null,
    /** The schedule's first start and last end, once everything has passed. */
    span: accepted && schedule.ok && schedule.schedule ? scheduleSpan(schedule.schedule) : null,
  };
}
