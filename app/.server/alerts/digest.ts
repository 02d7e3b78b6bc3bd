// The digest job (decision 048): for each active alert whose digest is due, the public events matching its filter
// that were approved since the alert was confirmed, still upcoming, and never sent to it. The run is recorded before
// the mail is queued (compare and set on lastDigestAt): two runs at once, or a run repeated, queue one mail. Its events
// count as sent only once the mail server accepted it (mail/deliver.ts, decision 060); while it waits in the queue,
// the alert gets no other digest, so nothing is listed twice.

import { type Alert, alertFilters, DIGEST_MAX_EVENTS, isDigestDue } from '~/domain/alert';
import type { AgendaEvent } from '~/domain/event';
import { publishedAt } from '~/domain/event-visibility';
import { publicQuery } from '../events/public';
import { yieldToEventLoop } from '../platform/background';
import type { Store } from '../ports';
import { type AlertDeps, alertLinks, alertToken, describeAlert, pendingAlertsExpiry } from './alerts';
import { dayStatusEventOf } from './day-status-alerts';
import { alertDigestMail } from './mails';

/** How many matching dates one digest looks at, soonest first. */
const CANDIDATES = 500;

/** The events a digest of this alert would list at `now` (among its `candidates` soonest dates). */
export async function newEventsFor(
  { store }: { store: Store },
  alert: Pick<Alert, 'confirmedAt' | 'filter' | 'sentEventIds'>,
  now: Date,
  candidates = CANDIDATES,
): Promise<AgendaEvent[]> {
  if (!alert.confirmedAt) return [];
  const since = alert.confirmedAt;
  const categories = (await store.categories.list()).map((c) => c.slug);
  const { items } = await store.events.search({
    ...(await publicQuery({ store }, alertFilters(alert.filter, categories), now)),
    // Approved only: a pending, rejected or withdrawn event never reaches an alert, nor a cancelled one.
    status: ['approved'],
    limit: candidates,
    offset: 0,
  });
  // One row per occurrence (the list's own query): a series counts once, at its next matching date.
  const seen = new Set(alert.sentEventIds);
  const events: AgendaEvent[] = [];
  for (const e of items) {
    // Published since the confirmation: approved by an admin, or by a trusted publisher (account or source).
    if (seen.has(e.id) || e.status !== 'approved' || publishedAt(e) <= since) continue;
    seen.add(e.id);
    events.push(e);
  }
  return events.slice(0, DIGEST_MAX_EVENTS);
}

/** The queue's ref of an alert's digests (mail/deliver.ts counts its events as sent once accepted). */
export const digestRef = (alertId: string) => `alerte:${alertId}`;

/** Runs the digests due at `now` and deletes the expired requests; answers the operator's line. Resumable: an alert
 * done is recorded (lastDigestAt), so a run cut short and started again goes on with the others. */
export async function sendDueDigests(deps: AlertDeps, now = new Date()): Promise<string> {
  const { store } = deps;
  const expired = await store.alerts.deleteExpired(pendingAlertsExpiry(now));
  let queued = 0;
  let checked = 0;
  for (const [i, alert] of (await store.alerts.listActive()).entries()) {
    if (i % 25 === 24) await yieldToEventLoop();
    // « Ça a lieu ? » alerts (day-status-alerts.ts) are told when a status is said, never in a digest.
    if (dayStatusEventOf(alert.filter) || !isDigestDue(alert, now)) continue;
    checked++;
    // The previous digest still waits for the mail server: this one comes once it is accepted.
    if (await store.mails.hasQueued(digestRef(alert.id))) continue;
    const events = await newEventsFor({ store }, alert, now);
    const claimed = await store.alerts.recordDigest({ id: alert.id, seen: alert.lastDigestAt, at: now.toISOString() });
    if (!claimed || events.length === 0) continue;
    // Claimed but not queued (a crash just here): the events were not counted as sent, the next digest lists them.
    await deps.mailer.send(
      alertDigestMail(
        alert.email,
        await describeAlert({ store }, alert.filter),
        events,
        deps.siteUrl,
        alertLinks(deps.siteUrl, alertToken(deps.secret, alert), alert.filter),
      ),
      { ref: digestRef(alert.id), eventIds: events.map((e) => e.id) },
    );
    queued++;
  }
  return `${queued} lettre${queued > 1 ? 's' : ''} mise${queued > 1 ? 's' : ''} en file, ${checked} alerte${checked > 1 ? 's' : ''} à l’échéance, ${expired} demande${expired > 1 ? 's' : ''} expirée${expired > 1 ? 's' : ''}`;
}
