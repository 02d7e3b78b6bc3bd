// The event form's page (submit and edit, one screen in docs/specification.md §2): the values it starts from.
import { formatDayOf, zurichWallClock } from '~/domain/dates';
import type { AgendaEvent, EventImage } from '~/domain/event';
import { ADMIN_EDIT_NOTE, editNote, NEW_EVENT_NOTE } from '~/domain/event-edit-story';
import { NEW_PLACE } from '~/domain/event-form';
import { actorsFor } from '~/domain/event-lifecycle';
import { performersText } from '~/domain/performers';
import { formatAmount } from '~/domain/price';
import { NEW_SCHEDULE_VALUES, scheduleValues } from '~/domain/schedule-form';
import { previewOfForm } from '~/domain/schedule-preview';
import { placeValues } from '../places/place-choice';
import { organizerChoices, ownPendingVenues, venueOption, venuesByCanton } from '../places/venue-directory';
import { newId } from '../platform/ids';
import type { Store, UserProfile } from '../ports';
import { managedDates } from './cancel-date';
import { eventForEditing } from './submissions';

export type Values = Record<string, string>;

/** The start date the form shows for an event: an edit that keeps it may keep it once past (crossFieldErrors). */
export const formStartDate = (e: Pick<AgendaEvent, 'startsAt'>) => zurichWallClock(e.startsAt).date;

/** The form's values for an existing event (edit, or a copy for a new date without its dates). */
export function valuesFromEvent(e: AgendaEvent, copy: boolean): Values {
  const start = zurichWallClock(e.startsAt);
  const end = zurichWallClock(e.endsAt);
  return {
    title: e.title,
    description: e.description,
    performers: performersText(e.performers),
    category: e.category,
    startDate: copy ? '' : formStartDate(e),
    startTime: e.allDay ? '' : start.time,
    endDate: copy || end.date === start.date ? '' : end.date,
    endTime: e.allDay || e.openEnd ? '' : end.time,
    allDay: e.allDay ? 'on' : '',
    venueId: e.venueId ?? '',
    ...placeValues(e),
    isFree: e.isFree ? 'on' : '',
    priceMin: e.priceMin == null ? '' : formatAmount(e.priceMin),
    priceMax: e.priceMax == null ? '' : formatAmount(e.priceMax),
    priceNote: e.priceNote,
    ticketUrl: e.ticketUrl,
    websiteUrl: e.websiteUrl,
    organizerId: e.organizerId ?? '',
    organizerName: e.organizerName,
    contactEmail: e.contactEmail,
    contactPhone: e.contactPhone,
    imageAlt: e.image?.alt ?? '',
    wheelchair: e.accessibility.wheelchair ? 'on' : '',
    hearing: e.accessibility.hearing ? 'on' : '',
    familyFriendly: e.accessibility.familyFriendly ? 'on' : '',
    weatherDependent: e.weatherDependent ? 'on' : '',
    // A series: its kind and fields (decision 041); a copy for a new date keeps its rule, not its dates.
    ...scheduleValues(e.schedule),
    ...(copy ? WITHOUT_DATES : {}),
  };
}

/**
 * What a copy for a new date leaves empty: every date of its source (the list of dates, the end of a rule or a
 * period, the days excluded or closed), so that sending it unchanged is refused rather than a second event.
 */
const WITHOUT_DATES: Values = {
  endDate: '',
  dateList: '',
  ruleUntil: '',
  ruleCount: '',
  ruleExclude: '',
  periodClosed: '',
};

/**
 * What the event form shows: an empty form (with the organizer's name), an event to edit (its working copy), or a copy
 * of one for a new date; and a new submission key.
 */
export async function eventFormPage(
  { store, now }: { store: Store; now?: () => Date },
  user: UserProfile,
  { eventId, copyFrom }: { eventId?: string; copyFrom?: string | null },
) {
  let values: Values = { ...NEW_SCHEDULE_VALUES, organizerName: user.displayName, canton: '' };
  let image: EventImage | null = null;
  let status: AgendaEvent['status'] | null = null;
  let pendingRevision = false;
  let adminEdit = false;
  /** The version of the event this form shows: a save from it refuses once if the event has changed since. */
  let seen = '';
  /** The upcoming dates of the series that are cancelled (« sam. 12 déc. · 20:00 »): not in « Sauf les dates ». */
  let cancelledDates: string[] = [];
  /** The event a copy for a new date starts from, which the page names. */
  let copyOf: { title: string } | null = null;
  if (eventId) {
    // The working copy: an organizer edits their latest text, a pending revision included.
    const event = await eventForEditing({ store }, user, eventId);
    values = valuesFromEvent(event, false);
    image = event.image;
    status = event.status;
    pendingRevision = event.revision !== null;
    adminEdit = actorsFor(user, event)[0] === 'admin';
    seen = event.updatedAt;
    cancelledDates = (await managedDates({ store }, event, now ? now() : new Date()))
      .filter((d) => d.cancelled)
      .map((d) => formatDayOf(new Date(d.startsAt), 'short'));
  } else if (copyFrom) {
    const source = await eventForEditing({ store }, user, copyFrom);
    values = valuesFromEvent(source, true);
    copyOf = { title: source.title };
  }
  // The records to choose from (decision 095): approved venues by canton, the account's organizers, the event's own.
  let [venue, organizer] = await Promise.all([
    values.venueId ? store.venues.findById(values.venueId) : null,
    values.organizerId ? store.organizers.findById(values.organizerId) : null,
  ]);
  // A copy is a new event: a venue the source only proposed (not approved yet) is not one it may choose (the form's
  // check refused it, « Ce lieu n’est pas dans la liste »). The copy proposes the place typed, as its source did.
  const own = await ownPendingVenues({ store }, user);
  if (
    copyFrom &&
    venue &&
    venue.status !== 'approved' &&
    user.role !== 'admin' &&
    !own.some((v) => v.id === venue?.id)
  ) {
    values.venueId = NEW_PLACE;
    venue = null;
  }
  const organizers = await organizerChoices({ store }, user, organizer);
  // A new event of an account that speaks for organizers: the first of them, its name with it.
  if (!eventId && !copyFrom && organizers.length > 0 && user.role !== 'admin') {
    values.organizerId = organizers[0].id;
    values.organizerName = organizers[0].name;
  }
  return {
    places: {
      venues: await venuesByCanton({ store }, venue, own),
      venue: venue ? venueOption(venue) : null,
      organizers,
      // « Publier au nom de » (issue 73): an account chooses between itself and its organizations; an admin, a record.
      self: user.role === 'admin' ? null : user.displayName,
    },
    mode: eventId ? ('edit' as const) : ('create' as const),
    eventId: eventId ?? null,
    // What the page says the sending will do (the lifecycle's `edit` row): written here, its texts stay off the page's
    // JavaScript (issue 72).
    note: !eventId ? NEW_EVENT_NOTE : adminEdit ? ADMIN_EDIT_NOTE : editNote(status, pendingRevision),
    cancelledDates,
    copyOf,
    values,
    // The dates these values make, as the form shows them under its fields: the browser reads a schedule only once
    // its code has come after the page (ScheduleFields).
    schedulePreview: previewOfForm(values),
    image,
    // One key per form render: a repeated POST of this form returns the same event (double click, refresh, retry).
    submissionKey: newId(24),
    seen,
  };
}
