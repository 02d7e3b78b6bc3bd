// An event's iCalendar SEQUENCE (RFC 5545 §3.8.7.4): 0 when first published, one more at each revision a calendar
// must take over its copy (Outlook and Apple Calendar keep their copy when it did not grow). Pure: no I/O.
import type { AgendaEvent } from './event';
import { changedFields } from './event-transition';
import { isPublicStatus } from './event-visibility';

/** What a subscriber's calendar shows of an event: when, where, under what title (a description or a price is not). */
const SIGNIFICANT_FIELDS = [
  'title',
  'startsAt',
  'endsAt',
  'allDay',
  'openEnd',
  'venueName',
  'street',
  'postalCode',
  'city',
  'canton',
  'schedule',
] as const;

type Sequenced = Parameters<typeof changedFields>[0] &
  Pick<AgendaEvent, 'status' | 'cancelledDates' | 'icalSequence' | 'dayStatuses'>;

const sameDates = (a: readonly string[] = [], b: readonly string[] = []) =>
  [...a].sort().join() === [...b].sort().join();

/**
 * The SEQUENCE of `after`, the next stored state of `before`: unchanged while the event is not public (its first
 * publication is 0) and for a change no calendar shows; one more when a public event changes date, time, place,
 * title, status (cancelled, reinstated), cancelled dates or a day's status (« Ça a lieu ? »), and when it stops being public (whatever it comes back
 * as is then a later version than any copy). Never lower than before, whatever `after` says.
 */
export function calendarSequence(before: Sequenced, after: Sequenced): number {
  const sequence = before.icalSequence ?? 0;
  if (!isPublicStatus(before.status)) return sequence;
  const significant =
    !isPublicStatus(after.status) ||
    after.status !== before.status ||
    !sameDates(before.cancelledDates, after.cancelledDates) ||
    JSON.stringify(before.dayStatuses ?? []) !== JSON.stringify(after.dayStatuses ?? []) ||
    changedFields(before, after).some((f) => (SIGNIFICANT_FIELDS as readonly string[]).includes(f));
  return significant ? sequence + 1 : sequence;
}
