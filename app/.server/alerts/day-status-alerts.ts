// « Me prévenir » of « Ça a lieu ? » (issue 51, decision 113): a visitor asks, without an account, to be told by email
// when an event's day status changes. It is an email alert whose filter is `evenement=<id>`: the same double opt-in,
// token, confirmation page, one-click unsubscribe, rate limits, expiry and export as the list alerts (alerts.ts).

import crypto from 'node:crypto';
import type { Alert } from '~/domain/alert';
import { normaliseAlertEmail } from '~/domain/alert';
import { formatDateTime } from '~/domain/dates';
import { type DayStatus, dayStatusText } from '~/domain/day-status';
import type { AgendaEvent } from '~/domain/event';
import { formatEventWhen } from '~/domain/event-dates';
import { quoted } from '~/domain/quoted';
import { SITE_NAME } from '~/domain/site';
import { layout } from '../mail/templates';
import { createLimiter } from '../platform/limiter';
import { UseCaseError } from '../platform/use-case-error';
import type { MailMessage } from '../ports';
import { type AlertDeps, alertLinks, alertToken, describeAlert, hashAlertToken } from './alerts';
import { unsubscribeHeaders } from './mails';

const PREFIX = 'evenement=';
/** The filter of the alert « Ça a lieu ? » of an event. */
export const dayStatusFilter = (eventId: string) => `${PREFIX}${encodeURIComponent(eventId)}`;
/** The event an alert's filter speaks of, when it is a « Ça a lieu ? » alert; null for a list alert. */
export const dayStatusEventOf = (filter: string): string | null =>
  filter.startsWith(PREFIX) ? decodeURIComponent(filter.slice(PREFIX.length)) : null;

const perAddress = createLimiter({ points: 5, duration: 60 * 60, keyPrefix: 'alert-address' });
const alertIdFor = (email: string, filter: string) =>
  crypto.createHash('sha256').update(`${email}\n${filter}`).digest('hex').slice(0, 32);

export const EMAIL_MESSAGE = 'Saisissez une adresse email valide, par exemple nom@exemple.ch.';

/** « du dimanche 6 décembre 2026 à 20:00 au … », and for a series « chacune de ses dates, du … »: the alert is the event's. */
function when(event: AgendaEvent): string {
  const span = formatEventWhen(event);
  const lower = span.charAt(0).toLowerCase() + span.slice(1);
  return event.schedule ? `chacune de ses dates, ${lower}` : lower;
}

function confirmationMail(to: string, event: AgendaEvent, confirmUrl: string): MailMessage {
  return {
    to,
    subject: `Confirmez «\u00a0Ça a lieu\u00a0?\u00a0» pour ${event.title} — ${SITE_NAME}`,
    ...layout(
      [
        'Bonjour,',
        `Vous avez demandé à être prévenu·e par email si ${quoted(event.title)} (${when(event)}) est confirmé, annulé, reporté ou déplacé le jour même.`,
        'Confirmez votre demande pour être prévenu·e. Ce lien est valable sept jours\u00a0; sans confirmation, rien ne vous sera envoyé et votre adresse sera effacée.',
      ],
      { label: 'Me prévenir', url: confirmUrl },
      'Vous n’avez rien demandé\u202f? Ignorez simplement ce message.',
    ),
  };
}

/**
 * Asks to be told of an event's day status: stored pending, a confirmation mail queued. The same answer whatever the
 * address already has (an active request, or past its hourly allowance, gets no mail).
 */
export async function requestDayStatusAlert(
  deps: AlertDeps,
  input: { email: string; event: AgendaEvent },
  now = new Date(),
): Promise<void> {
  const email = normaliseAlertEmail(input.email);
  if (!email) throw new UseCaseError(EMAIL_MESSAGE, 'email');
  try {
    await perAddress.consume(email);
  } catch {
    return;
  }
  const filter = dayStatusFilter(input.event.id);
  const id = alertIdFor(email, filter);
  const { alert, outcome } = await deps.store.alerts.request({
    id,
    email,
    filter,
    rhythm: 'daily',
    tokenHash: hashAlertToken(alertToken(deps.secret, { id, createdAt: now.toISOString() })),
    now: now.toISOString(),
  });
  if (outcome === 'active') return;
  const links = alertLinks(deps.siteUrl, alertToken(deps.secret, alert), filter);
  await deps.mailer.send(confirmationMail(email, input.event, links.confirm));
}

/** The mail of a day status, to one confirmed subscriber, with its one-click unsubscribe. */
export function dayStatusMail(alert: Alert, event: AgendaEvent, status: DayStatus, siteUrl: string, secret: string) {
  const links = alertLinks(siteUrl, alertToken(secret, alert), alert.filter);
  const said = dayStatusText(status, new Date(status.saidAt));
  const mail = layout(
    [
      'Bonjour,',
      `${quoted(event.title)} (${formatDateTime(status.startsAt)})\u00a0: ${said}.`,
      ...(status.note ? [`Message de l’organisateur\u00a0: ${status.note}`] : []),
    ],
    { label: 'Voir l’événement', url: `${siteUrl}/evenement/${event.id}` },
    `Vous recevez ce message parce que vous avez demandé à être prévenu pour cet événement. Me désabonner\u00a0: ${links.unsubscribe}`,
  );
  return {
    to: alert.email,
    subject: `${said} — ${event.title}`,
    ...mail,
    headers: unsubscribeHeaders(links.unsubscribe),
  } satisfies MailMessage;
}

/** Queues one mail per confirmed subscriber of the event (never to a pending one); how many were queued. */
/** How many confirmed visitors « Annulé » would mail now (the confirmation step says it before, issue 70). */
export async function dayStatusSubscribers(store: AlertDeps['store'], eventId: string): Promise<number> {
  const filter = dayStatusFilter(eventId);
  return (await store.alerts.listActive()).filter((a) => a.filter === filter).length;
}

export async function tellDayStatus(deps: AlertDeps, event: AgendaEvent, status: DayStatus): Promise<number> {
  const filter = dayStatusFilter(event.id);
  const subscribers = (await deps.store.alerts.listActive()).filter((a) => a.filter === filter);
  for (const alert of subscribers)
    await deps.mailer.send(dayStatusMail(alert, event, status, deps.siteUrl, deps.secret), {
      ref: `statut:${event.id}`,
      eventIds: [event.id],
    });
  return subscribers.length;
}

/** The event a « Ça a lieu ? » alert speaks of, for the pages of its links; null for a list alert. */
export async function dayStatusEventFor(store: AlertDeps['store'], filter: string) {
  const eventId = dayStatusEventOf(filter);
  if (!eventId) return null;
  const event = await store.events.findById(eventId);
  return { id: eventId, title: event?.title ?? 'un événement' };
}

/** What the confirm and unsubscribe pages say of an alert: its selection in words, and its event if it has one. */
export async function alertLinkSubject(store: AlertDeps['store'], filter: string) {
  const [description, event] = await Promise.all([describeAlert({ store }, filter), dayStatusEventFor(store, filter)]);
  return { description, event };
}
