// « Ça a lieu ? » on the day (issue 51, decision 113): the organizer (or an admin) of a public event says, for one of
// its dates, « Confirmé », « Annulé », « Reporté au … » or « Déplacé à … ». It is stored on the event (one status per
// date, with when it was said), so the page, lists, calendar, API and federation read it with the event; « Annulé »
// goes through the existing cancellations (a date of a series: cancel-date.ts; one date: the organizer's « Annuler »),
// so it looks exactly as they do. The confirmed subscribers get one mail each, through the mail queue, and the
// browsers subscribed by push one notification each, through the `notifications` job (push/visitors.ts).
import { occurrencesOf } from '~/.server/schedule/schedule-expand';
import { addDaysToDate, zurichDay, zurichIso } from '~/domain/dates';
import {
  DAY_STATUS_MESSAGES,
  type DayStatus,
  dayStatusOf,
  dayStatusText,
  maySayDayStatus,
  readDayStatusForm,
  WEATHER_PENDING,
} from '~/domain/day-status';
import type { AgendaEvent } from '~/domain/event';
import { actorsFor, isPublicStatus } from '~/domain/event-lifecycle';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';
import { setDateCancelled } from './cancel-date';
import { STATUS_CHANGED, storeDayStatus, type TellDeps, tellSubscribers } from './day-status-tell';
import { changeEvent } from './lifecycle';

export const DAY_STATUS_ERRORS = {
  notFound: 'Cet événement n’existe pas.',
  forbidden: 'Seuls l’organisateur et les administrateurs peuvent dire si l’événement a lieu.',
  notPublic: 'Cet événement n’est pas public\u00a0: il n’y a rien à annoncer.',
  notADate: 'Cette date ne fait pas partie de l’événement.',
  changed: STATUS_CHANGED,
} as const;

/**
 * Whether « Ça a lieu ? » may speak of this event's date: published, or a one-date event cancelled by its own
 * « Annulé » (by its organizer, not by the team), which « Rétablir » puts back (issue 70).
 */
function openToSay(event: AgendaEvent, startsAt: string): boolean {
  if (event.status === 'approved') return true;
  return (
    event.status === 'cancelled' &&
    !event.cancelledByAdmin &&
    dayStatusOf(event.dayStatuses, startsAt)?.kind === 'cancelled'
  );
}

/** The dates whose status this actor may say now (none when the event is not theirs or not public). */
export function datesToSay(event: AgendaEvent, actor: UserProfile | null, now: Date): string[] {
  if (!actor || actorsFor(actor, event).length === 0) return [];
  return occurrencesOf(event)
    .map((o) => o.startsAt)
    .filter((startsAt) => openToSay(event, startsAt) && maySayDayStatus(startsAt, now));
}

/** The event and the dates this actor may say now, or null when there is no such event. */
export async function datesToSayOf({ store }: { store: Store }, id: string, actor: UserProfile, now: Date) {
  const event = await store.events.findById(id);
  // Not public and not theirs: as its public page, nothing that shows its title or its date (issue 68).
  if (!event || (!isPublicStatus(event.status) && actorsFor(actor, event).length === 0)) return null;
  return { event, dates: datesToSay(event, actor, now) };
}

/**
 * Says a date's status as this actor: checked (theirs, public, a date of it, its day), stored with the time it was
 * said, and told to the confirmed subscribers. « Rétablir cette date » (« Confirmé » after « Annulé »): the date takes
 * place again, as it did before anything was said — no status is stored, so the page does not show « Confirmé »,
 * and the subscribers read « A lieu finalement » (issue 70). A UseCaseError in French otherwise (the form keeps what
 * was typed).
 */
export async function sayDayStatus(
  services: TellDeps,
  actor: UserProfile,
  input: { eventId: string; startsAt: string; values: Record<string, string> },
  now: Date = new Date(),
): Promise<{ event: AgendaEvent; status: DayStatus; told: number; pushed: number; restored: boolean }> {
  const { store } = services;
  const event = await store.events.findById(input.eventId);
  if (!event) throw new UseCaseError(DAY_STATUS_ERRORS.notFound, 'form', 404);
  if (actorsFor(actor, event).length === 0) throw new UseCaseError(DAY_STATUS_ERRORS.forbidden, 'form', 403);
  if (!openToSay(event, input.startsAt)) throw new UseCaseError(DAY_STATUS_ERRORS.notPublic, 'form', 409);
  if (!occurrencesOf(event).some((o) => o.startsAt === input.startsAt))
    throw new UseCaseError(DAY_STATUS_ERRORS.notADate, 'form', 400);
  if (!maySayDayStatus(input.startsAt, now)) throw new UseCaseError(DAY_STATUS_MESSAGES.notToday, 'form', 400);
  const read = readDayStatusForm(input.values, input.startsAt, zurichIso);
  if (!read.ok) throw new UseCaseError(read.message, read.field);
  const status: DayStatus = {
    ...read.value,
    startsAt: input.startsAt,
    saidAt: now.toISOString(),
    saidBy: actor.uid,
  };
  // Another status after « Annulé »: the subscribers read that it takes place after all.
  const restored = dayStatusOf(event.dayStatuses, input.startsAt)?.kind === 'cancelled' && status.kind !== 'cancelled';
  const cancelled = await cancelThroughExistingPath(services, actor, event, status, now);
  const cleared = restored && status.kind === 'confirmed';
  const stored = await storeDayStatus(store, cancelled ?? event, input.startsAt, cleared ? null : status, now);
  const { told, pushed } = await tellSubscribers(services, stored, status, restored, now);
  return { event: stored, status, told, pushed, restored };
}

/**
 * « Annulé »: the date of a series is cancelled as from the dashboard, one date as by the organizer's « Annuler ».
 * Another status after « Annulé » restores that date (as « Rétablir cette date »), or the one-date event (as its
 * « Rétablir » on the dashboard).
 */
async function cancelThroughExistingPath(
  services: TellDeps,
  actor: UserProfile,
  event: AgendaEvent,
  status: DayStatus,
  now: Date,
): Promise<AgendaEvent | null> {
  const { startsAt } = status;
  const series = Boolean(event.schedule && event.schedule.kind !== 'period');
  const wasCancelled = (event.cancelledDates ?? []).includes(startsAt);
  if (series && (status.kind === 'cancelled') !== wasCancelled) {
    const input = { eventId: event.id, startsAt, cancelled: status.kind === 'cancelled' };
    return (await setDateCancelled(services, actor, input, now)).event;
  }
  if (series) return null;
  const cancel = status.kind === 'cancelled';
  if (cancel === (event.status === 'cancelled')) return null;
  const step = await changeEvent({ ...services, now: () => now }, actor, {
    eventId: event.id,
    action: cancel ? 'cancel' : 'undoCancel',
    seen: event.updatedAt,
  });
  return step.after;
}

/** What the event's page says of « Ça a lieu ? » for the date it shows, and what its organizer may say now. */
export function dayStatusView(event: AgendaEvent, shownStartsAt: string | null, viewer: UserProfile | null, now: Date) {
  const startsAt = shownStartsAt ?? event.startsAt;
  const said = (event.dayStatuses ?? []).find((s) => s.startsAt === startsAt) ?? null;
  return {
    startsAt,
    text: said ? dayStatusText(said) : event.weatherDependent ? WEATHER_PENDING : null,
    kind: said?.kind ?? null,
    note: said?.note ?? '',
    /** The dates its organizer (or an admin) may speak of now: the form shows for the first. */
    sayable: datesToSay(event, viewer, now),
    /** The dates among them cancelled by « Annulé »: their form offers « Rétablir » instead (issue 70). */
    cancelledSaid: (event.dayStatuses ?? []).filter((s) => s.kind === 'cancelled').map((s) => s.startsAt),
  };
}

/**
 * The organizer's dashboard shortcut: their public events with a date today or tomorrow (Zurich, by the server's clock:
 * a picnic is called off the evening before, issue 70), today's first, « selon la météo » first within a day, each with
 * what was said already. The form posts to /evenement/{id}/statut (the same checks).
 */
export function todayToSay(events: readonly AgendaEvent[], viewer: UserProfile, now: Date) {
  const today = zurichDay(now);
  const tomorrow = addDaysToDate(today, 1);
  return events
    .flatMap((event) =>
      datesToSay(event, viewer, now)
        .filter((startsAt) => [today, tomorrow].includes(zurichDay(startsAt)))
        .map((startsAt) => {
          const view = dayStatusView(event, startsAt, viewer, now);
          const tomorrows = zurichDay(startsAt) === tomorrow;
          return {
            id: event.id,
            title: event.title,
            weatherDependent: event.weatherDependent === true,
            tomorrows,
            ...view,
          };
        }),
    )
    .sort(
      (a, b) =>
        Number(a.tomorrows) - Number(b.tomorrows) ||
        Number(b.weatherDependent) - Number(a.weatherDependent) ||
        a.startsAt.localeCompare(b.startsAt),
    );
}
