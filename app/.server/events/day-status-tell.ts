// A date's « Ça a lieu ? » status written on its event, and told to those who asked (issue 70): the same steps whether
// the organizer says it in the form « Ça a lieu ? » (day-status.ts) or cancels and restores a date from the dashboard
// or the event's list of dates (cancel-date.ts). One mail per confirmed subscriber through the mail queue, one
// notification per subscribed browser through the `notifications` job; never during the request.
import type { DayStatus } from '~/domain/day-status';
import type { AgendaEvent } from '~/domain/event';
import { nextVersion } from '~/domain/event-lifecycle';
import { type AlertDeps, alertDeps } from '../alerts/alerts';
import { tellDayStatus } from '../alerts/day-status-alerts';
import { UseCaseError } from '../platform/use-case-error';
import type { MailPort, Store } from '../ports';
import { queueDayStatusPushes } from '../push/visitors';

export type TellDeps = {
  store: Store;
  mailer: MailPort;
  config: { SITE_URL: string; SESSION_SECRET: string };
  /** Wakes the job that sends the notifications (where this installation runs its jobs). */
  jobs?: { wake(name: string): unknown };
};

export const STATUS_CHANGED = 'L’événement a changé entre-temps\u00a0: réessayez.';

/**
 * Writes the status of the date `startsAt` (replacing what was said of it), or removes it (`status` null: a date
 * restored is not « Confirmé », issue 70), in one compare-and-set write of the event.
 */
export async function storeDayStatus(
  store: Store,
  event: AgendaEvent,
  startsAt: string,
  status: DayStatus | null,
  now: Date,
): Promise<AgendaEvent> {
  const others = (event.dayStatuses ?? []).filter((s) => s.startsAt !== startsAt);
  if (!status && others.length === (event.dayStatuses ?? []).length) return event;
  const next = {
    ...event,
    dayStatuses: [...others, ...(status ? [status] : [])].sort((a, b) => a.startsAt.localeCompare(b.startsAt)),
    updatedAt: nextVersion(event.updatedAt, now.toISOString()),
  };
  const stored = await store.events.transition({ seen: event.updatedAt, next });
  if (!stored) throw new UseCaseError(STATUS_CHANGED, 'form', 409);
  return stored;
}

/**
 * Tells the subscribers of the event what was said of a date: a mail each, a notification per browser. `restored`: an
 * « Annulé » taken back (« A lieu finalement »). How many mails and notifications were queued.
 */
export async function tellSubscribers(
  services: TellDeps,
  event: AgendaEvent,
  status: DayStatus,
  restored: boolean,
  now: Date,
): Promise<{ told: number; pushed: number }> {
  const told = await tellDayStatus(alertDeps(services) as AlertDeps, event, status, restored);
  const pushed = await queueDayStatusPushes(services.store, event, status, now, restored);
  if (pushed > 0) services.jobs?.wake('notifications');
  return { told, pushed };
}

/** « Les 3 personnes abonnées sont prévenues par email. », or that nobody was (the organizer knows, issue 70). */
export function toldText(told: number): string {
  if (told === 0) return 'Personne n’était abonné·e\u00a0: aucun email n’est parti.';
  return `${told === 1 ? 'La personne abonnée est prévenue' : `Les ${told} personnes abonnées sont prévenues`} par email.`;
}
