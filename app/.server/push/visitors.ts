// « Ça a lieu ? » by push (issue 51): a visitor who asked to be told of an event may also, in a browser that allows
// it, get a notification there when its status changes. No account: the browser's subscription is kept for that event
// (bounded per event and per browser, gone after the event's last date, when the push service forgets it, or when
// the visitor stops). A status said puts the message on each subscription; the `notifications` job sends it.
import crypto from 'node:crypto';
import { formatDateTime, zurichDay } from '~/domain/dates';
import { type DayStatus, dayStatusText, saidWhen } from '~/domain/day-status';
import type { AgendaEvent } from '~/domain/event';
import { isPublicStatus } from '~/domain/event-visibility';
import { countEventFigure } from '../analytics/event-figures';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, VisitorPush } from '../ports';
import { PUSH_TOKEN_INVALID } from './devices';
import type { PushMessage, PushTransport } from './ports';

/** Browsers told of one event, and events one browser is told of, at most. */
export const VISITOR_PUSH_PER_EVENT = 2000;
export const VISITOR_PUSH_PER_BROWSER = 20;
/** A message not delivered after this many attempts is given up (the mail still went). */
export const VISITOR_PUSH_ATTEMPTS = 5;
const BATCH = 100;
const CLAIM_MS = 2 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export const VISITOR_PUSH_MESSAGES = {
  notPublic: 'Cet événement n’existe pas.',
  past: 'Cet événement est passé\u00a0: il n’y a plus rien à annoncer.',
  full: 'Trop de notifications sont déjà demandées pour cet événement ou dans ce navigateur.',
} as const;

export interface VisitorPushDeps {
  store: Store;
  push: PushTransport;
}

const pushId = (eventId: string, token: string) =>
  crypto.createHash('sha256').update(`${eventId}\n${token}`).digest('hex').slice(0, 32);

/** A day after the event's last date (its end, or its span's for a series): a status is said on the day at most. */
export function visitorPushExpiry(event: Pick<AgendaEvent, 'startsAt' | 'endsAt'>): string {
  const last = Math.max(Date.parse(event.startsAt), Date.parse(event.endsAt || event.startsAt));
  return new Date(last + DAY_MS).toISOString();
}

/** Keeps this browser's subscription for the event. A UseCaseError in French when it cannot. */
export async function subscribeVisitorPush(
  deps: VisitorPushDeps,
  input: { event: AgendaEvent; token: string },
  now = new Date(),
): Promise<'created' | 'exists'> {
  const { event } = input;
  if (!isPublicStatus(event.status)) throw new UseCaseError(VISITOR_PUSH_MESSAGES.notPublic, 'form', 404);
  const expiresAt = visitorPushExpiry(event);
  if (expiresAt <= now.toISOString()) throw new UseCaseError(VISITOR_PUSH_MESSAGES.past, 'form', 409);
  const token = deps.push.normalizeToken(input.token);
  if (!token) throw new UseCaseError(PUSH_TOKEN_INVALID, 'form', 400);
  const outcome = await deps.store.visitorPushes.add(
    { id: pushId(event.id, token), eventId: event.id, token, createdAt: now.toISOString(), expiresAt },
    { perEvent: VISITOR_PUSH_PER_EVENT, perToken: VISITOR_PUSH_PER_BROWSER },
  );
  if (outcome === 'full') throw new UseCaseError(VISITOR_PUSH_MESSAGES.full, 'form', 429);
  if (outcome === 'created') await countEventFigure({ store: deps.store, now: () => now }, event, 'notify');
  return outcome;
}

/** Stops the notifications of this event in this browser (nothing to stop: nothing happens). */
export async function unsubscribeVisitorPush(deps: VisitorPushDeps, input: { eventId: string; token: string }) {
  const token = deps.push.normalizeToken(input.token) ?? input.token;
  return deps.store.visitorPushes.remove(input.eventId, token);
}

/** The notification of a day status: the event's title, the status with when it was said, the organizer's note. */
export function dayStatusPushMessage(event: AgendaEvent, status: DayStatus, restored = false): PushMessage {
  const url = `/evenement/${encodeURIComponent(event.id)}?date=${zurichDay(status.startsAt)}`;
  // A date restored after « Annulé »: it takes place after all, not « Confirmé » (issue 70).
  const said = restored ? `A lieu finalement, annoncé ${saidWhen(status.saidAt)}` : dayStatusText(status);
  return {
    notification: {
      title: `${event.title} — ${formatDateTime(status.startsAt)}`,
      body: status.note ? `${said}. ${status.note}` : `${said}.`,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
    },
    data: { type: 'day_status', eventId: event.id, url },
  };
}

/** A status said: its message waits on every subscription of the event (one per browser); how many. */
export async function queueDayStatusPushes(
  store: Store,
  event: AgendaEvent,
  status: DayStatus,
  now: Date,
  restored = false,
) {
  const message = JSON.stringify(dayStatusPushMessage(event, status, restored));
  return store.visitorPushes.queue(event.id, message, now.toISOString());
}

/** The wait after the n-th failed attempt: one minute, doubled each time. */
const retryDelayMs = (attempts: number) => 60_000 * 2 ** Math.max(0, attempts - 1);

async function deliverOne(deps: VisitorPushDeps, push: VisitorPush, now: Date) {
  const message = push.message as string;
  const result = await deps.push.send(push.token, JSON.parse(message) as PushMessage);
  if (result.status === 'sent') {
    await deps.store.visitorPushes.done(push.id, message);
    return 'sent' as const;
  }
  if (result.status === 'gone') {
    await deps.store.visitorPushes.removeToken(push.token);
    return 'removed' as const;
  }
  const attempts = push.attempts + 1;
  if (attempts >= VISITOR_PUSH_ATTEMPTS) {
    await deps.store.visitorPushes.done(push.id, message);
    console.warn(`[notifications] abandon après ${attempts} essais : ${result.reason}`);
  } else {
    const dueAt = new Date(now.getTime() + retryDelayMs(attempts)).toISOString();
    await deps.store.visitorPushes.retryLater(push.id, attempts, dueAt);
  }
  return 'failed' as const;
}

/** The `notifications` job: expired subscriptions deleted, then the messages due sent. Answers the operator's line. */
export async function deliverVisitorPushes(deps: VisitorPushDeps, now = new Date()): Promise<string> {
  const nowIso = now.toISOString();
  const expired = await deps.store.visitorPushes.deleteExpired(nowIso);
  const counts = { sent: 0, removed: 0, failed: 0 };
  const claimUntil = new Date(now.getTime() + CLAIM_MS).toISOString();
  for (;;) {
    const batch = await deps.store.visitorPushes.claimDue(nowIso, claimUntil, BATCH);
    if (batch.length === 0) break;
    const outcomes = await Promise.all(batch.map((push) => deliverOne(deps, push, now)));
    for (const outcome of outcomes) counts[outcome]++;
    if (batch.length < BATCH) break;
  }
  return `${counts.sent} notifications envoyées, ${counts.removed} abonnements oubliés, ${counts.failed} en échec, ${expired} expirés`;
}

/** What a visitor's browser subscribes with, or null when push cannot be offered now (the email path remains). */
export async function visitorPushConfig(push: PushTransport) {
  try {
    return await push.clientConfig();
  } catch (error) {
    console.warn('[notifications] configuration du push indisponible', error);
    return null;
  }
}
