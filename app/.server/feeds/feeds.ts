// RSS 2.0 feed of a selection of events, and the French title that names the selection.
import { truncateText } from '~/domain/calendar-links';
import { CANTON_NAMES } from '~/domain/cantons';
import { type CategoryInfo, categoryLabel, DEFAULT_CATEGORIES } from '~/domain/categories';
import { describeNear } from '~/domain/distance';
import type { AgendaEvent } from '~/domain/event';
import { occurrenceDayOf } from '~/domain/event-card';
import { formatEventWhen } from '~/domain/event-dates';
import { type EventFilters, WHEN_OPTIONS } from '~/domain/event-filters';
import { formatPrice } from '~/domain/price';
import { registrationLine } from '~/domain/registration';
import { describeSchedule } from '~/domain/schedule-text';
import { SITE_NAME } from '~/domain/site';
import { onFirstUse } from '../platform/on-first-use';
import type { RegistrationsOf } from '../registrations/registrations';
import { eventPageUrl } from './calendar';

// Loaded by the first feed asked for, not with the app (~3 MB per process).
const feedPackage = onFirstUse<typeof import('feed')>('feed');

export const RSS_EXCERPT_MAX = 300;

export interface RssOptions {
  siteUrl: string;
  title: string;
  /** The feed's own address, query included (atom:link rel="self"). */
  selfUrl: string;
  description: string;
  /** The HTML page of the selection; the events list by default. */
  link?: string;
  /** The store's categories, for each item's category label (the seeded defaults if not given). */
  categories?: readonly CategoryInfo[];
  /** What each item's date offers to book (issue 73), read for the whole feed at once. */
  registrations?: RegistrationsOf;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const ymdLabel = (ymd: string) => ymd.split('-').reverse().join('.');

function dateRangeLabel(from: string, to: string): string | null {
  if (from && to) return from === to ? `le ${ymdLabel(from)}` : `du ${ymdLabel(from)} au ${ymdLabel(to)}`;
  if (from) return `dès le ${ymdLabel(from)}`;
  if (to) return `jusqu’au ${ymdLabel(to)}`;
  return null;
}

/**
 * 'Agenda romand — Musique · Vaud · gratuit': the site name, then the active filters. The category's label comes
 * from `categories` (the store's; the seeded defaults if not given).
 */
export function feedTitle(
  filters: Partial<EventFilters>,
  categories: readonly CategoryInfo[] = DEFAULT_CATEGORIES,
  places: { venueName?: string; organizerName?: string } = {},
): string {
  const when = filters.when ? WHEN_OPTIONS.find((o) => o.value === filters.when)?.label.toLowerCase() : null;
  const parts = [
    filters.q ? `« ${filters.q} »` : null,
    // A venue's or an organizer's feed (issue 36) says whose events.
    filters.venue ? (places.venueName ?? filters.venue) : null,
    filters.organizer ? `par ${places.organizerName ?? filters.organizer}` : null,
    filters.category ? categoryLabel(filters.category, categories) : null,
    filters.canton ? CANTON_NAMES[filters.canton] : null,
    filters.near ? describeNear(filters.near) : null,
    when ?? dateRangeLabel(filters.from ?? '', filters.to ?? ''),
    filters.holidays ? `pendant les vacances scolaires (${filters.holidays})` : null,
    filters.free ? 'gratuit' : null,
    filters.family ? 'en famille' : null,
    filters.accessible ? 'accessible' : null,
  ].filter((part): part is string => Boolean(part));
  return parts.length ? `${SITE_NAME} — ${parts.join(' · ')}` : SITE_NAME;
}

/** Date, place, price and the start of the description, as escaped HTML for feed readers. */
function itemDescription(event: AgendaEvent, registrations?: RegistrationsOf): string {
  const place = [event.venueName, event.city].filter(Boolean).join(', ');
  // A series as one item: its schedule in words, then its next date.
  const series = isSeriesItem(event) && event.schedule ? describeSchedule(event.schedule) : null;
  const facts = [
    event.status === 'cancelled' || event.occurrence?.cancelled ? 'Annulé' : null,
    series,
    series ? `Prochaine date\u00a0: ${formatEventWhen(event)}` : formatEventWhen(event),
    place,
    formatPrice(event),
    registrationLine(registrations?.(event) ?? null),
  ].filter((line): line is string => Boolean(line));
  const excerpt = truncateText(event.description, RSS_EXCERPT_MAX);
  return [`<p>${facts.map(escapeHtml).join('<br>')}</p>`, excerpt ? `<p>${escapeHtml(excerpt)}</p>` : '']
    .filter(Boolean)
    .join('');
}

/** An item that stands for a whole series (one row per event): its link and guid are the event's, stable. */
const isSeriesItem = (event: AgendaEvent) => event.occurrence?.matching != null;

const publishedAt = (event: AgendaEvent) => new Date(event.submittedAt || event.createdAt);

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to remove.
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function buildRss(
  events: AgendaEvent[],
  opts: RssOptions,
  descriptions: readonly string[] = events.map((e) => itemDescription(e, opts.registrations)),
): string {
  const dates = events.map(publishedAt).filter((d) => !Number.isNaN(d.getTime()));
  const feed = new (feedPackage().Feed)({
    id: opts.selfUrl,
    title: opts.title,
    description: opts.description,
    link: opts.link ?? `${opts.siteUrl}/evenements`,
    feedLinks: { rss: opts.selfUrl },
    language: 'fr-CH',
    generator: SITE_NAME,
    copyright: `© ${SITE_NAME}`,
    updated: dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : undefined,
  });
  for (const [i, event] of events.entries()) {
    // No guid given: the feed package then uses the link, as a permalink. A date of a series links to that date
    // (`?date=`, decision 041): each item has its own link and guid, and a cancelled date says so. A series as one
    // item (decision 065) links to its page: its guid stays the same from one week to the next.
    const day = isSeriesItem(event) ? null : occurrenceDayOf(event);
    const off = event.status === 'cancelled' || Boolean(event.occurrence?.cancelled);
    feed.addItem({
      title: off ? `Annulé : ${event.title}` : event.title,
      link: `${eventPageUrl(opts.siteUrl, event.id)}${day ? `?date=${day}` : ''}`,
      date: publishedAt(event),
      description: descriptions[i],
      category: [{ name: categoryLabel(event.category, opts.categories ?? DEFAULT_CATEGORIES) }],
    });
  }
  // Characters XML 1.0 forbids (texts saved before forms refused control characters): one would spoil the whole feed.
  return feed.rss2().replace(XML_FORBIDDEN, '');
}

/** buildRss for a feed of up to FEED_MAX_EVENTS events: its items described per slice, the event loop free between. */
export async function buildRssInSlices(events: AgendaEvent[], opts: RssOptions): Promise<string> {
  const descriptions: string[] = [];
  for (let i = 0; i < events.length; i += 25) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    descriptions.push(...events.slice(i, i + 25).map((e) => itemDescription(e, opts.registrations)));
  }
  return buildRss(events, opts, descriptions);
}
