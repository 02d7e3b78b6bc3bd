// Email alerts without an account (issue 22, decision 048): a visitor leaves an address on a filtered list and
// receives, daily or weekly, the public events matching that list which were approved since. The rules here are
// pure: the filter an alert keeps, when a digest is due, and how the filter reads in words.
import { ALERT_RHYTHMS } from './alert-rhythms';
import { CANTON_NAMES } from './cantons';
import { zurichClock } from './dates';
import { describeNearAlert } from './distance';
import { type EventFilters, filtersToParams, hasActiveFilters, parseEventFilters, WHEN_OPTIONS } from './event-filters';
import { quoted } from './quoted';

export { ALERT_ACTION, ALERT_RHYTHMS, rhythmsFor, WEEKEND_IS_WEEKLY } from './alert-rhythms';

export type AlertRhythm = (typeof ALERT_RHYTHMS)[number]['value'];

export const isAlertRhythm = (value: unknown): value is AlertRhythm => ALERT_RHYTHMS.some((r) => r.value === value);

/** An alert waits this long for its confirmation, then is deleted. */
export const PENDING_ALERT_DAYS = 7;
/** Digests go out from this hour (Zurich) on: the first run of the job after it sends them. */
export const DIGEST_HOUR = 7;
/** The most events one digest lists (the rest wait for the next one). */
export const DIGEST_MAX_EVENTS = 30;
/** How many sent event ids an alert remembers (the newest): far more than the events it can still match. */
export const SENT_IDS_KEPT = 1000;

export interface Alert {
  /** sha-256 of (address, filter): one alert per address and list, whoever asks. */
  id: string;
  /** Lower-cased. */
  email: string;
  /** The list's filter as its URL query, normalised (filtersToParams): `category=musique&canton=VD`. */
  filter: string;
  rhythm: AlertRhythm;
  status: 'pending' | 'active';
  /** sha-256 of the token of its links (confirm, manage, unsubscribe): the token itself is only in the mails. */
  tokenHash: string;
  createdAt: string;
  updatedAt: string;
  confirmedAt: string | null;
  /** The last run of the digest for this alert (a mail sent or nothing new): one run per day, or per Thursday. */
  lastDigestAt: string | null;
  /** The events already sent to this alert, newest last: none is ever sent twice. */
  sentEventIds: string[];
}

/**
 * The filter an alert keeps from a list's URL: what `/evenements` understands, normalised (page dropped, unknown
 * categories and values ignored); null when the list is not filtered or its search is invalid.
 */
export function alertFilterFromParams(params: URLSearchParams, categories: readonly string[]): string | null {
  const parsed = parseEventFilters(params, categories);
  if (parsed.searchError || parsed.nearError) return null;
  // The visitor's position is never stored (issue 47): an alert is around a locality of the list, or not around.
  const filters = parsed.filters.near?.place === '' ? { ...parsed.filters, near: null } : parsed.filters;
  if (!hasActiveFilters(filters)) return null;
  return filtersToParams(filters).toString();
}

/** The list filters of an alert's stored filter. */
export function alertFilters(filter: string, categories: readonly string[]): EventFilters {
  return parseEventFilters(new URLSearchParams(filter), categories).filters;
}

/** The filter in words: Musique · Vaud · gratuit · « jazz » · Salle du Bourg · par Jeunesse de Savièse. */
export function describeAlertFilter(
  filters: EventFilters,
  categoryLabel: (slug: string) => string,
  places: { venueName?: string; organizerName?: string } = {},
): string {
  const parts: string[] = [];
  if (filters.venue) parts.push(places.venueName ?? filters.venue);
  if (filters.organizer) parts.push(`par ${places.organizerName ?? filters.organizer}`);
  if (filters.category) parts.push(categoryLabel(filters.category));
  if (filters.canton) parts.push(CANTON_NAMES[filters.canton]);
  if (filters.near) parts.push(describeNearAlert(filters.near));
  if (filters.when) parts.push(WHEN_OPTIONS.find((o) => o.value === filters.when)?.label ?? filters.when);
  else if (filters.from || filters.to) {
    const day = (ymd: string) => ymd.split('-').reverse().join('.');
    if (filters.from && filters.from === filters.to) parts.push(`le ${day(filters.from)}`);
    else if (filters.from && filters.to) parts.push(`du ${day(filters.from)} au ${day(filters.to)}`);
    else if (filters.from) parts.push(`dès le ${day(filters.from)}`);
    else parts.push(`jusqu’au ${day(filters.to)}`);
  }
  if (filters.holidays) parts.push(`pendant les vacances scolaires (${filters.holidays})`);
  if (filters.free) parts.push('gratuit');
  if (filters.family) parts.push('en famille');
  if (filters.accessible) parts.push('accessible');
  if (filters.q) parts.push(quoted(filters.q));
  return parts.length ? parts.join(' · ') : 'Tous les événements';
}

/**
 * Whether the digest of an active alert is due at `now`: from DIGEST_HOUR (Zurich) on, once per day for `daily`,
 * once per Thursday for `weekly` (the weekend ahead); the run that finds nothing new counts too.
 */
export function isDigestDue(alert: Pick<Alert, 'status' | 'rhythm' | 'lastDigestAt'>, now: Date): boolean {
  if (alert.status !== 'active') return false;
  const local = zurichClock(now);
  if (local.hours < DIGEST_HOUR) return false;
  if (alert.rhythm === 'weekly' && local.weekday !== 4) return false;
  return alert.lastDigestAt === null || zurichClock(alert.lastDigestAt).day !== local.day;
}

/** The ids an alert remembers after a digest of `sent`: the newest SENT_IDS_KEPT. */
export function rememberSent(previous: readonly string[], sent: readonly string[]): string[] {
  return [...previous.filter((id) => !sent.includes(id)), ...sent].slice(-SENT_IDS_KEPT);
}

/** An address as alerts key it, or null when it is not one (the form's own check is the zod schema). */
export function normaliseAlertEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254 ? email : null;
}
