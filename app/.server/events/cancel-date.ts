// Cancelling one date of a series (decisions 041 and 068): « Annulé » on that date only, the others stay. Its owner or
// an admin may do it (and undo it), from the dashboard or the event's page; it changes no content, so it needs no new
// moderation. The whole series is cancelled like any event (cancelEvent); an exhibition closes a day through its
// « Jours de fermeture » (an edit); adding or moving dates is an edit, moderated.

import { occurrencesOf } from '~/.server/schedule/schedule-expand';
import { zurichDay } from '~/domain/dates';
import { DAY_STATUS_MESSAGES, DAY_STATUS_NOTE_MAX, type DayStatus, dayStatusOf } from '~/domain/day-status';
import type { AgendaEvent } from '~/domain/event';
import { formatEventShort, formatEventWhen } from '~/domain/event-dates';
import { actorsFor, nextVersion } from '~/domain/event-lifecycle';
import type { Schedule } from '~/domain/schedule';
import type { Flash } from '../platform/flash';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';
import { type ChangeTellDeps, tellRegistrantsOfChange } from '../registrations/changes';
import { storeDayStatus, type TellDeps, tellSubscribers, toldText } from './day-status-tell';

export const DATE_MESSAGES = {
  notFound: 'Cet événement n’existe pas.',
  forbidden: 'Seuls l’organisateur et les administrateurs peuvent annuler une date.',
  single: 'Cet événement n’a qu’une date\u00a0: annulez l’événement.',
  period: 'Une exposition ferme un jour par ses «\u00a0Jours de fermeture\u00a0»\u00a0: modifiez l’événement.',
  notInSeries: 'Cette date ne fait pas partie de la série.',
  past: 'Cette date est déjà passée.',
  changed: 'L’événement a changé entre-temps : réessayez.',
} as const;

/** One date of a series its owner manages: when, how it reads, whether it is cancelled. */
export interface ManagedDate {
  startsAt: string;
  /** « samedi 28 novembre 2026, 07:30 – 12:30 ». */
  label: string;
  /** « sam. 28 nov. · 07:30 », for a list of them. */
  short: string;
  cancelled: boolean;
}

/** The event and the date asked for, if this actor may cancel or restore it; else a UseCaseError. */
async function dateOfSeries(store: Store, actor: UserProfile, eventId: string, startsAt: string, now: Date) {
  const event = await store.events.findById(eventId);
  if (!event) throw new UseCaseError(DATE_MESSAGES.notFound, 'form', 404);
  if (actorsFor(actor, event).length === 0) throw new UseCaseError(DATE_MESSAGES.forbidden, 'form', 403);
  if (!event.schedule) throw new UseCaseError(DATE_MESSAGES.single, 'form', 400);
  if (event.schedule.kind === 'period') throw new UseCaseError(DATE_MESSAGES.period, 'form', 400);
  const occurrence = occurrencesOf(event).find((o) => o.startsAt === startsAt);
  if (!occurrence) throw new UseCaseError(DATE_MESSAGES.notInSeries, 'form', 400);
  const date: ManagedDate = {
    startsAt,
    label: formatEventWhen({ ...occurrence, allDay: event.allDay }),
    short: formatEventShort({ ...occurrence, allDay: event.allDay }),
    cancelled: (event.cancelledDates ?? []).includes(startsAt),
  };
  return { event, date, past: Date.parse(occurrence.endsAt) < now.getTime() };
}

/** The confirmation step of « Annuler cette date » (the page without JavaScript): the event's title and the date. */
export async function dateToCancel(
  { store }: { store: Store },
  actor: UserProfile,
  input: { eventId: string; startsAt: string },
  now: Date = new Date(),
) {
  const { event, date, past } = await dateOfSeries(store, actor, input.eventId, input.startsAt, now);
  if (past) throw new UseCaseError(DATE_MESSAGES.past, 'form', 400);
  return { eventId: event.id, title: event.title, date };
}

/** Cancels one date of a series (or restores it): the event as stored, and the date. */
export async function setDateCancelled(
  deps: ChangeTellDeps,
  actor: UserProfile,
  input: { eventId: string; startsAt: string; cancelled: boolean },
  now: Date = new Date(),
) {
  const { store } = deps;
  const { event, date, past } = await dateOfSeries(store, actor, input.eventId, input.startsAt, now);
  if (input.cancelled && past) throw new UseCaseError(DATE_MESSAGES.past, 'form', 400);
  const others = (event.cancelledDates ?? []).filter((d) => d !== input.startsAt);
  const next = {
    ...event,
    cancelledDates: input.cancelled ? [...others, input.startsAt].sort() : others,
    updatedAt: nextVersion(event.updatedAt, now.toISOString()),
  };
  const stored = await store.events.transition({ seen: event.updatedAt, next });
  if (!stored) throw new UseCaseError(DATE_MESSAGES.changed, 'form', 409);
  await tellRegistrantsOfChange(deps, event, stored, now);
  return { event: stored, date: { ...date, cancelled: input.cancelled } };
}

/**
 * The dates of a series its owner may cancel one by one, from now on (its stored occurrences, cancelled ones marked):
 * none for one date or an exhibition.
 */
export async function managedDates(
  { store }: { store: Store },
  event: { id: string; allDay: boolean; schedule?: { kind: string } | null },
  now: Date = new Date(),
): Promise<ManagedDate[]> {
  if (!event.schedule || event.schedule.kind === 'period') return [];
  const stored = await store.events.occurrences(event.id, now.toISOString());
  return stored.map((o) => ({
    startsAt: o.startsAt,
    label: formatEventWhen({ ...o, allDay: event.allDay }),
    short: formatEventShort({ ...o, allDay: event.allDay }),
    cancelled: o.cancelled,
  }));
}

/** Where a date's management sends back: the dashboard, or the event's page (at that date). */
export type DateBack = 'tableau-de-bord' | 'evenement';
export const dateBack = (value: unknown): DateBack => (value === 'tableau-de-bord' ? value : 'evenement');

/**
 * What cancelling or restoring a date says to the event's subscribers (« Me prévenir »), as « Annulé » and « Rétablir »
 * of « Ça a lieu ? » do (issue 70: from the dashboard it mailed nobody): a cancellation stored as that date's status,
 * with the organizer's note, which the page shows beside the struck date; a restore takes it back (« A lieu
 * finalement »). How many were mailed.
 */
async function tellDate(
  services: TellDeps,
  actor: UserProfile,
  event: AgendaEvent,
  input: { startsAt: string; cancelled: boolean; note: string },
  now: Date,
): Promise<number> {
  const said = dayStatusOf(event.dayStatuses, input.startsAt);
  // A date cancelled before statuses were said with it (or by an edit): restored in silence, as it was cancelled.
  if (!input.cancelled && said?.kind !== 'cancelled') return 0;
  const status: DayStatus = {
    startsAt: input.startsAt,
    kind: input.cancelled ? 'cancelled' : 'confirmed',
    note: input.note,
    postponedTo: null,
    movedTo: '',
    saidAt: now.toISOString(),
    saidBy: actor.uid,
  };
  const stored = await storeDayStatus(services.store, event, input.startsAt, input.cancelled ? status : null, now);
  return (await tellSubscribers(services, stored, status, !input.cancelled, now)).told;
}

/** The note said with a cancelled date, as « Ça a lieu ? » reads it (spaces folded), or a UseCaseError. */
function dateNote(note: string | undefined): string {
  const folded = (note ?? '').trim().replace(/\s+/g, ' ');
  if (folded.length > DAY_STATUS_NOTE_MAX) throw new UseCaseError(DAY_STATUS_MESSAGES.note, 'note', 400);
  return folded;
}

/**
 * « Annuler cette date » (once confirmed) or « Rétablir cette date », as the dashboard and the event's page ask it: the
 * page to go back to and the message to show there, with « Rétablir » after a cancellation.
 */
export async function cancelOrRestoreDate(
  services: TellDeps & ChangeTellDeps,
  actor: UserProfile,
  input: { eventId: string; startsAt: string; cancelled: boolean; back: DateBack; note?: string },
  now: Date = new Date(),
): Promise<{ path: string; flash: Flash }> {
  const eventPage = `/evenement/${encodeURIComponent(input.eventId)}`;
  const path = (startsAt: string | null) =>
    input.back === 'tableau-de-bord'
      ? `/dashboard?dates=${encodeURIComponent(input.eventId)}#dates-${encodeURIComponent(input.eventId)}`
      : startsAt
        ? `${eventPage}?date=${zurichDay(startsAt)}`
        : eventPage;
  try {
    const note = input.cancelled ? dateNote(input.note) : '';
    const { event, date } = await setDateCancelled(services, actor, input, now);
    const told = toldText(await tellDate(services, actor, event, { ...input, note }, now));
    const action = {
      label: 'Rétablir cette date',
      path: `${eventPage}/date`,
      intent: 'restore',
      eventId: input.eventId,
    };
    return {
      path: path(date.startsAt),
      flash: input.cancelled
        ? {
            kind: 'info',
            message: `La date du ${date.label} est annulée\u00a0: elle reste affichée «\u00a0Annulé\u00a0»\u00a0; les autres dates ne changent pas. ${told}`,
            action: { ...action, fields: { startsAt: date.startsAt, retour: input.back } },
          }
        : { kind: 'success', message: `La date du ${date.label} est rétablie. ${told}` },
    };
  } catch (error) {
    if (!(error instanceof UseCaseError)) throw error;
    return { path: path(null), flash: { kind: 'error', message: error.message } };
  }
}

/**
 * An edit that puts into « Sauf les dates » a date the public already sees would make it vanish once approved: such a
 * date is cancelled instead, at once and without moderation (it keeps showing, « Annulé »), and stays in the series.
 * The schedule to save (without those exclusions) and the dates to mark cancelled: the public date's start (if the edit
 * moves the series, the mark follows its day once the edit is published: carryCancelledDates).
 */
export function keepPublishedDates(
  published: AgendaEvent,
  schedule: Schedule | null,
  now: Date = new Date(),
): { schedule: Schedule | null; cancel: string[] } {
  if (published.status !== 'approved' || schedule?.kind !== 'rule' || published.schedule?.kind !== 'rule')
    return { schedule, cancel: [] };
  const before = new Set(published.schedule.exclude);
  const upcoming = new Map(
    occurrencesOf(published)
      .filter((o) => Date.parse(o.startsAt) > now.getTime())
      .map((o) => [zurichDay(o.startsAt), o.startsAt]),
  );
  const shown = schedule.exclude.filter((day) => !before.has(day) && upcoming.has(day));
  if (shown.length === 0) return { schedule, cancel: [] };
  return {
    schedule: { ...schedule, exclude: schedule.exclude.filter((day) => !shown.includes(day)) },
    cancel: shown.map((day) => upcoming.get(day) as string).sort(),
  };
}

/** Each day's date of a series, or null for a day with several. */
function datesByDay(event: AgendaEvent): Map<string, string | null> {
  const byDay = new Map<string, string | null>();
  for (const { startsAt } of occurrencesOf(event)) {
    const day = zurichDay(startsAt);
    byDay.set(day, byDay.has(day) ? null : startsAt);
  }
  return byDay;
}

/**
 * The cancellation marks of a series once its dates change (an edit published, a revision approved). A mark is the
 * start of its date, so a series moved from 19:00 to 18:30 would show its cancelled dates as taking place again: a
 * mark follows its day when that day has one date before and after. A mark whose date is still there stays, and so
 * does one whose day has left the series or has several dates (it marks nothing, or stays where it was).
 */
export function carryCancelledDates(before: AgendaEvent, after: AgendaEvent): string[] | undefined {
  const marks = after.cancelledDates;
  if (!marks?.length || !before.schedule || !after.schedule) return marks;
  const was = datesByDay(before);
  const will = datesByDay(after);
  const carried = marks.map((mark) => {
    const day = zurichDay(mark);
    return (was.get(day) === mark && will.get(day)) || mark;
  });
  return [...new Set(carried)].sort();
}
