// The digest job (decision 048): for each active alert whose digest is due, the public events matching its filter
// that were approved since the alert was confirmed, still upcoming, and never sent to it. The run is recorded before
// the mail leaves (compare and set on lastDigestAt): two runs at once, or a run repeated, send once.
import { type Alert, alertFilters, DIGEST_MAX_EVENTS, isDigestDue, rememberSent } from '~/domain/alert';
import type { AgendaEvent } from '~/domain/event';
import { queryFromFilters } from '../events/public';
import type { Store } from '../ports';
import { type AlertDeps, alertLinks, alertToken, describeAlert, pendingAlertsExpiry } from './alerts';
import { alertDigestMail } from './mails';

/** How many matching dates one digest looks at, soonest first. */
const CANDIDATES = 500;

/** The events a digest of this alert would list at `now`. */
export async function newEventsFor(store: Store, alert: Alert, now: Date): Promise<AgendaEvent[]> {
  if (!alert.confirmedAt) return [];
  const since = alert.confirmedAt;
  const categories = (await store.categories.list()).map((c) => c.slug);
  const { items } = await store.events.search({
    ...queryFromFilters(alertFilters(alert.filter, categories), now),
    // Approved only: a pending, rejected or withdrawn event never reaches an alert, nor a cancelled one.
    status: ['approved'],
    limit: CANDIDATES,
    offset: 0,
  });
  // One row per occurrence (the list's own query): a series counts once, at its next matching date.
  const seen = new Set(alert.sentEventIds);
  const events: AgendaEvent[] = [];
  for (const e of items) {
    if (seen.has(e.id) || e.status !== 'approved' || !e.moderatedAt || e.moderatedAt <= since) continue;
    seen.add(e.id);
    events.push(e);
  }
  return events.slice(0, DIGEST_MAX_EVENTS);
}

/** Runs the digests due at `now` and deletes the expired requests; answers the operator's line. */
export async function sendDueDigests(deps: AlertDeps, now = new Date()): Promise<string> {
  const { store } = deps;
  const expired = await store.alerts.deleteExpired(pendingAlertsExpiry(now));
  let sentMails = 0;
  let checked = 0;
  for (const alert of await store.alerts.listActive()) {
    if (!isDigestDue(alert, now)) continue;
    checked++;
    const events = await newEventsFor(store, alert, now);
    const claimed = await store.alerts.recordDigest({
      id: alert.id,
      seen: alert.lastDigestAt,
      at: now.toISOString(),
      sentEventIds: rememberSent(
        alert.sentEventIds,
        events.map((e) => e.id),
      ),
    });
    if (!claimed || events.length === 0) continue;
    try {
      await deps.mailer.send(
        alertDigestMail(
          alert.email,
          await describeAlert(store, alert.filter),
          events,
          deps.siteUrl,
          alertLinks(deps.siteUrl, alertToken(deps.secret, alert), alert.filter),
        ),
      );
      sentMails++;
    } catch (error) {
      console.error(`[alertes] envoi impossible pour une alerte (${alert.id.slice(0, 8)})`, error);
    }
  }
  return `${sentMails} lettre${sentMails > 1 ? 's' : ''} envoyée${sentMails > 1 ? 's' : ''}, ${checked} alerte${checked > 1 ? 's' : ''} à l’échéance, ${expired} demande${expired > 1 ? 's' : ''} expirée${expired > 1 ? 's' : ''}`;
}
