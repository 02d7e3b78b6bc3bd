// « Me prévenir » of « Ça a lieu ? » (issue 51, decision 113): a visitor asks, without an account, to be told by email
// when an event's day status changes. It is an email alert whose filter is `evenement=<id>`: the same double opt-in,
// token, confirmation page, one-click unsubscribe, rate limits, expiry and export as the list alerts (alerts.ts).

import crypto from 'node:crypto';
import type { Alert } from '~/domain/alert';
import { normaliseAlertEmail } from '~/domain/alert';
import { formatCalendarDay, formatDateTime, zurichDay, zurichWallClock } from '~/domain/dates';
import { type DayStatus, dayStatusHeadline } from '~/domain/day-status';
import type { AgendaEvent } from '~/domain/event';
import { formatEventWhen } from '~/domain/event-dates';
import { quoted } from '~/domain/quoted';
import { SITE_NAME } from '~/domain/site';
import { countEventFigure } from '../analytics/event-figures';
import { layout } from '../mail/templates';
import { createLimiter } from '../platform/limiter';
import { UseCaseError } from '../platform/use-case-error';
import type { MailMessage, Store } from '../ports';
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

/**
 * When the event takes place, saying only what it says (issue 70): one date as its page writes it (« samedi 5 décembre
 * 2026, dès 19:00 » when no end was given); a series by its days, « chacune de ses dates, du samedi 5 décembre 2026 au
 * samedi 27 février 2027 » — its span from the first start to the last end would read as one long event, with an end
 * time (the end of its last day when no end was given) that none of its dates has.
 */
function when(event: AgendaEvent): string {
  if (!event.schedule) {
    const span = formatEventWhen(event);
    return span.charAt(0).toLowerCase() + span.slice(1);
  }
  const first = formatCalendarDay(zurichDay(event.startsAt), 'weekdayYear');
  const last = formatCalendarDay(zurichDay(event.endsAt), 'weekdayYear');
  return first === last ? `chacune de ses dates, le ${first}` : `chacune de ses dates, du ${first} au ${last}`;
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

/**
 * When it was said, as a mail read later says it: always the day and the time (« le vendredi 8 mars à 20:10 »), never
 * « ce matin », which the reader takes for the morning they read it, or of the date itself (issue 70).
 */
function saidOn(saidAt: string): string {
  const { date, time } = zurichWallClock(saidAt);
  return `le ${formatCalendarDay(date, 'weekday')} à\u00a0${time}`;
}

/**
 * The subject and first line of a day status mail: the date it speaks of in both (a subscriber of a series reads which
 * one), when it was said written out, and a date restored after « Annulé » said as taking place after all.
 */
export function dayStatusMailWords(title: string, status: DayStatus, restored: boolean) {
  const date = formatDateTime(status.startsAt);
  const said = saidOn(status.saidAt);
  if (restored)
    return {
      subject: `A lieu finalement\u00a0: ${title}, ${date}`,
      line: `Bonne nouvelle\u00a0: ${quoted(title)}, ${date}, a lieu finalement. L’annulation est retirée (${said}).`,
    };
  const headline = dayStatusHeadline(status);
  return {
    subject: `${headline}\u00a0: ${title}, ${date}`,
    line: `${quoted(title)}, ${date}\u00a0: ${headline.charAt(0).toLowerCase()}${headline.slice(1)}, annoncé ${said}.`,
  };
}

/**
 * The mail of a day status, to one confirmed subscriber, with its one-click unsubscribe; `restored` when it takes back
 * an « Annulé » of that date (« Rétablir cette date »).
 */
export function dayStatusMail(
  alert: Alert,
  event: AgendaEvent,
  status: DayStatus,
  links: { siteUrl: string; secret: string; restored?: boolean },
) {
  const unsubscribe = alertLinks(links.siteUrl, alertToken(links.secret, alert), alert.filter).unsubscribe;
  const words = dayStatusMailWords(event.title, status, links.restored === true);
  const day = zurichDay(status.startsAt);
  const mail = layout(
    ['Bonjour,', words.line, ...(status.note ? [`Message de l’organisateur\u00a0: ${status.note}`] : [])],
    { label: 'Voir l’événement', url: `${links.siteUrl}/evenement/${event.id}${event.schedule ? `?date=${day}` : ''}` },
    `Vous recevez ce message parce que vous avez demandé à être prévenu pour cet événement. Me désabonner\u00a0: ${unsubscribe}`,
  );
  return {
    to: alert.email,
    subject: words.subject,
    ...mail,
    headers: unsubscribeHeaders(unsubscribe),
  } satisfies MailMessage;
}

/** How many confirmed visitors « Annulé » would mail now (the confirmation step says it before, issue 70). */
export async function dayStatusSubscribers(store: AlertDeps['store'], eventId: string): Promise<number> {
  const filter = dayStatusFilter(eventId);
  return (await store.alerts.listActive()).filter((a) => a.filter === filter).length;
}

/** Queues one mail per confirmed subscriber of the event (never to a pending one); how many were queued. */
export async function tellDayStatus(
  deps: AlertDeps,
  event: AgendaEvent,
  status: DayStatus,
  restored = false,
): Promise<number> {
  const filter = dayStatusFilter(event.id);
  const subscribers = (await deps.store.alerts.listActive()).filter((a) => a.filter === filter);
  for (const alert of subscribers)
    await deps.mailer.send(
      dayStatusMail(alert, event, status, { siteUrl: deps.siteUrl, secret: deps.secret, restored }),
      {
        ref: `statut:${event.id}`,
        eventIds: [event.id],
      },
    );
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

/**
 * A « Me prévenir » confirmed by this click (not again) counts for its event's organizers (decision 171); a list
 * alert, or a link followed twice, counts nothing.
 */
export async function countConfirmedDayStatusAlert({ store }: { store: Store }, alert: Alert, now: Date) {
  const eventId = alert.confirmedAt === now.toISOString() ? dayStatusEventOf(alert.filter) : null;
  const event = eventId ? await store.events.findById(eventId) : null;
  if (event) await countEventFigure({ store, now: () => now }, event, 'alert');
}
