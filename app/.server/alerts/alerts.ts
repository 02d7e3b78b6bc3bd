// The use cases of email alerts (decision 048): ask (double opt-in), confirm, manage, unsubscribe. The token of an
// alert's links is only in the mails; the store keeps its sha-256. The same answer whatever the address already has.
import crypto from 'node:crypto';
import {
  type Alert,
  type AlertRhythm,
  alertFilters,
  describeAlertFilter,
  normaliseAlertEmail,
  PENDING_ALERT_DAYS,
  rhythmsFor,
  WEEKEND_IS_WEEKLY,
} from '~/domain/alert';
import { cachedPlaceScope } from '../events/public';
import { createLimiter } from '../platform/limiter';
import { UseCaseError } from '../platform/use-case-error';
import type { MailPort, Store } from '../ports';
import { type AlertLinks, alertConfirmationMail } from './mails';

export interface AlertDeps {
  store: Store;
  mailer: MailPort;
  siteUrl: string;
  /** The server's secret: an alert's token is derived from it, so that the store never holds one. */
  secret: string;
}

export const alertDeps = (services: {
  store: Store;
  mailer: MailPort;
  config: { SITE_URL: string; SESSION_SECRET: string };
}): AlertDeps => ({
  store: services.store,
  mailer: services.mailer,
  siteUrl: services.config.SITE_URL,
  secret: services.config.SESSION_SECRET,
});

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
export const hashAlertToken = (token: string) => sha256(`alerte:${token}`);
export const alertIdFor = (email: string, filter: string) => sha256(`${email}\n${filter}`).slice(0, 32);

/**
 * The token of an alert's links (confirm, manage, unsubscribe): an HMAC of its id and creation instant with the
 * server's secret. The store keeps only its hash; the digest job derives it again for each mail. Unsubscribed and
 * asked again, an alert is a new one (another creation instant): the old links stay dead.
 */
export function alertToken(secret: string, alert: Pick<Alert, 'id' | 'createdAt'>): string {
  return crypto.createHmac('sha256', secret).update(`alerte:${alert.id}:${alert.createdAt}`).digest('base64url');
}

export function alertLinks(siteUrl: string, token: string, filter: string): AlertLinks {
  return {
    confirm: `${siteUrl}/alertes/confirmer/${token}`,
    manage: `${siteUrl}/alertes/gerer/${token}`,
    unsubscribe: `${siteUrl}/alertes/desabonner/${token}`,
    list: `${siteUrl}/evenements?${filter}`,
  };
}

/** « Musique · Vaud » for an alert's filter, with the site's category labels. */
export async function describeAlert({ store }: { store: Store }, filter: string): Promise<string> {
  const eventId = filter.startsWith('evenement=') ? decodeURIComponent(filter.slice('evenement='.length)) : null;
  if (eventId) {
    const event = await store.events.findById(eventId);
    return `«\u00a0Ça a lieu\u00a0?\u00a0» de «\u00a0${event?.title ?? 'un événement'}\u00a0», le jour même`;
  }
  const categories = await store.categories.list();
  const label = (slug: string) => categories.find((c) => c.slug === slug)?.label ?? slug;
  const filters = alertFilters(
    filter,
    categories.map((c) => c.slug),
  );
  return describeAlertFilter(filters, label, await cachedPlaceScope({ store }, filters));
}

/** Asks per address: a few confirmation mails per hour at most, whoever asks (the per-IP limit is the route's). */
const perAddress = createLimiter({ points: 5, duration: 60 * 60, keyPrefix: 'alert-address' });

/**
 * Asks for an alert: stored pending and a confirmation mail sent; asked again while pending, a new link is sent.
 * An active alert, or an address past its hourly allowance, gets no mail: the visitor is told the same in every
 * case (« si l’adresse est valable, un email est parti »), so nobody learns what an address has.
 */
export async function requestAlert(
  deps: AlertDeps,
  input: { email: string; filter: string; rhythm: AlertRhythm },
  now = new Date(),
): Promise<void> {
  const email = normaliseAlertEmail(input.email);
  if (!email) throw new UseCaseError('Saisissez une adresse email valide, par exemple nom@exemple.ch.', 'email');
  if (!rhythmsFor(input.filter).some((r) => r.value === input.rhythm))
    throw new UseCaseError(WEEKEND_IS_WEEKLY, 'rythme');
  try {
    await perAddress.consume(email);
  } catch {
    return;
  }
  const id = alertIdFor(email, input.filter);
  const { alert, outcome } = await deps.store.alerts.request({
    id,
    email,
    filter: input.filter,
    rhythm: input.rhythm,
    tokenHash: hashAlertToken(alertToken(deps.secret, { id, createdAt: now.toISOString() })),
    now: now.toISOString(),
  });
  if (outcome === 'active') return;
  const token = alertToken(deps.secret, alert);
  const description = await describeAlert(deps, input.filter);
  await deps.mailer.send(alertConfirmationMail(email, description, alertLinks(deps.siteUrl, token, input.filter)));
}

const expiryBefore = (now: Date) => new Date(now.getTime() - PENDING_ALERT_DAYS * 24 * 60 * 60 * 1000).toISOString();

/** Confirms the alert of a link: the active alert, or null when the link is unknown or expired. */
export function confirmAlert({ store }: { store: Store }, token: string, now = new Date()): Promise<Alert | null> {
  return store.alerts.confirm(hashAlertToken(token), now.toISOString(), expiryBefore(now));
}

/** Whether a link's last segment has the shape of an alert's token (base64url of an HMAC-SHA-256). */
export const isAlertToken = (token: string) => /^[\w-]{43}$/.test(token);

/** The alert of a link (manage, unsubscribe), or null. */
export async function findAlert({ store }: { store: Store }, token: string): Promise<Alert | null> {
  if (!isAlertToken(token)) return null;
  return store.alerts.findByTokenHash(hashAlertToken(token));
}

/** Changes the rhythm of a link's alert (null when the link is no more); one that does not suit its selection is refused. */
export async function changeAlertRhythm(
  { store }: { store: Store },
  token: string,
  rhythm: AlertRhythm,
  now = new Date(),
) {
  const alert = await findAlert({ store }, token);
  if (!alert) return null;
  if (!rhythmsFor(alert.filter).some((r) => r.value === rhythm)) throw new UseCaseError(WEEKEND_IS_WEEKLY, 'rythme');
  return store.alerts.setRhythm(alert.id, rhythm, now.toISOString());
}

/** Deletes the alert of a link; true when there was one. */
export async function unsubscribeAlert({ store }: { store: Store }, token: string): Promise<boolean> {
  const alert = await findAlert({ store }, token);
  return alert ? store.alerts.delete(alert.id) : false;
}

/** The deletion from an account's profile: only an alert of that account's own address. */
export async function unsubscribeOwnAlert(
  { store }: { store: Store },
  email: string,
  alertId: string,
): Promise<boolean> {
  const own = await store.alerts.listByEmail(email.toLowerCase());
  return own.some((a) => a.id === alertId) ? store.alerts.delete(alertId) : false;
}

export { expiryBefore as pendingAlertsExpiry };
