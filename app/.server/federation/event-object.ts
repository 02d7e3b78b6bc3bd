// An approved event as an ActivityStreams `Event` (decision 088): what Gancio and Mobilizon read (name, startTime,
// endTime, content, url, a Place with its address and coordinates, hashtags, an image), Mobilizon's `ical:status`,
// `timezone` and `inLanguage`, times at Zurich's offset, and a `summary` in words that Mastodon shows as a post with
// the link. A series is sent as its next date, with its rule in words. Only the public content: never a revision.

import { occurrencesOf } from '~/.server/schedule/schedule-expand';
import { CANTON_NAMES } from '~/domain/cantons';
import { formatDate } from '~/domain/dates';
import { dayStatusOf, dayStatusText } from '~/domain/day-status';
import type { AgendaEvent } from '~/domain/event';
import { formatEventWhen } from '~/domain/event-dates';
import { imageUrl } from '~/domain/images';
import { performersLine } from '~/domain/performers';
import { describeSchedule } from '~/domain/schedule-text';
import { zurichOffsetIso } from '~/domain/zurich-iso';

export const PUBLIC_AUDIENCE = 'https://www.w3.org/ns/activitystreams#Public';

/** Inline terms only: no remote context to fetch (the signature's canonical form needs every term resolved). */
export const EVENT_CONTEXT = [
  'https://www.w3.org/ns/activitystreams',
  {
    sc: 'http://schema.org/',
    ical: 'http://www.w3.org/2002/12/cal/ical#',
    mz: 'https://joinmobilizon.org/ns#',
    toot: 'http://joinmastodon.org/ns#',
    Hashtag: 'as:Hashtag',
    sensitive: 'as:sensitive',
    focalPoint: { '@container': '@list', '@id': 'toot:focalPoint' },
    timezone: { '@id': 'mz:timezone', '@type': 'sc:Text' },
    inLanguage: 'sc:inLanguage',
    address: 'sc:address',
    PostalAddress: 'sc:PostalAddress',
    streetAddress: 'sc:streetAddress',
    postalCode: 'sc:postalCode',
    addressLocality: 'sc:addressLocality',
    addressRegion: 'sc:addressRegion',
    addressCountry: 'sc:addressCountry',
  },
];

/**
 * Who reads it: Gancio stores a place's address as one line of text (its `_findOrCreatePlace` trims it), Mobilizon
 * reads a schema.org PostalAddress (its address converter reads its fields), the others ignore it.
 */
export type PayloadFlavor = 'gancio' | 'standard';

export const flavorOf = (software: string | null | undefined): PayloadFlavor =>
  software?.toLowerCase() === 'gancio' ? 'gancio' : 'standard';

export interface EventObjectContext {
  siteUrl: string;
  flavor?: PayloadFlavor;
  /** The actor that sends it (and the object's author, unless `authorUri` says another), its followers collection. */
  actorUri: string;
  /** The object's author when another actor sends it: the agenda (decision 096). */
  authorUri?: string;
  followersUri: string;
  now: Date;
  /** When the activity happened (an outbox's Create: when the event became public); else now. */
  published?: string;
  /** The object's generation (a new id after a Delete: records.ts), 1 when absent. */
  generation?: number;
  /** The object's own dates: when this generation was first sent, when its last change was approved (records.ts). */
  dates?: { published: string; updated?: string };
}

/** An event's key in our ids: its id, then `~2`, `~3`… for each publication after a Delete (decision 102). */
export const generationKey = (eventId: string, generation = 1) =>
  `${encodeURIComponent(eventId)}${generation > 1 ? `~${generation}` : ''}`;

/** An id's key read back: the event and the generation, or null. */
export function parseGenerationKey(key: string): { eventId: string; generation: number } | null {
  const match = /^([^~]+)(?:~([1-9]\d{0,5}))?$/.exec(key);
  if (!match) return null;
  const generation = match[2] ? Number(match[2]) : 1;
  // `~1` is not a name of the first: one id per object.
  return match[2] === '1' ? null : { eventId: match[1], generation };
}

/** The object's id: the same for every actor that announces it, a new one for each generation. */
export const eventObjectId = (siteUrl: string, eventId: string, generation = 1) =>
  `${siteUrl}/federation/evenements/${generationKey(eventId, generation)}`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A hashtag's name from words: letters and digits only (« Arts de la scène » → ArtsDeLaScène). */
export function hashtagOf(words: string): string {
  return words
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}

/** The date the object shows: the event's, or a series' next one not cancelled (else its last). */
export function shownDate(event: AgendaEvent, now: Date) {
  if (!event.schedule) return { startsAt: event.startsAt, endsAt: event.endsAt, openEnd: event.openEnd };
  const cancelled = new Set(event.cancelledDates ?? []);
  const all = occurrencesOf(event);
  const next = all.find((o) => Date.parse(o.endsAt) > now.getTime() && !cancelled.has(o.startsAt));
  return next ?? all[all.length - 1] ?? { startsAt: event.startsAt, endsAt: event.endsAt, openEnd: event.openEnd };
}

/** The place in one line: « Rue du Bourg 12, 1003 Lausanne ». */
export const addressLine = (e: AgendaEvent) =>
  [e.street, [e.postalCode, e.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/**
 * What Mastodon shows above the link: when, where, and for a series its rule. As text: `summary` is HTML to
 * ActivityPub, so it is sent escaped (readableSummary's lines through escapeHtml).
 */
export function readableSummary(event: AgendaEvent, now: Date): string {
  const date = shownDate(event, now);
  const when = formatEventWhen({ ...date, allDay: event.allDay });
  const where = [event.venueName, event.city].filter(Boolean).join(', ');
  const lines = [
    event.status === 'cancelled' ? `Annulé\u00a0: ${event.title}` : event.title,
    event.schedule && event.schedule.kind !== 'period' ? `Prochaine date : ${when}` : when,
  ];
  const said = daySaid(event, now);
  if (said) lines.splice(1, 0, said);
  if (event.schedule) lines.push(describeSchedule(event.schedule));
  if (where) lines.push(where);
  return lines.map(oneLine).join('\n');
}

/** « Ça a lieu ? » for the date shown (issue 51): « Confirmé le sam. 28 nov. à 08:12 — Beau temps », or nothing. */
function daySaid(event: AgendaEvent, now: Date): string | null {
  const said = dayStatusOf(event.dayStatuses, shownDate(event, now).startsAt);
  return said ? `${dayStatusText(said)}${said.note ? ` — ${said.note}` : ''}` : null;
}

/** A line of text: no carriage return, no line break inside. */
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/** Text as it is written here, without the carriage returns a form may have kept. */
const unixText = (text: string) => text.replace(/\r\n?/g, '\n');

/** The upcoming dates of a series that are cancelled, in words (« samedi 9 mars 2030 »). */
function cancelledAhead(event: AgendaEvent, now: Date): string[] {
  return (event.cancelledDates ?? [])
    .filter((d) => Date.parse(d) > now.getTime())
    .sort()
    .map(formatDate);
}

/**
 * What Gancio and Mobilizon show as the event's text, before its description: the cancellation, and for a series its
 * next date, its rule and its cancelled dates (Gancio has no cancelled state and shows one date).
 */
function noticeParagraphs(event: AgendaEvent, now: Date): string {
  const parts: string[] = [];
  if (event.status === 'cancelled') parts.push('<p><strong>Annulé.</strong></p>');
  const said = daySaid(event, now);
  if (said) parts.push(`<p><strong>${escapeHtml(oneLine(said))}</strong></p>`);
  if (event.schedule) {
    const date = shownDate(event, now);
    const lines = [
      event.schedule.kind !== 'period'
        ? `Prochaine date\u00a0: ${formatEventWhen({ ...date, allDay: event.allDay })}`
        : formatEventWhen({ ...date, allDay: event.allDay }),
      describeSchedule(event.schedule),
    ];
    const cancelled = cancelledAhead(event, now);
    if (cancelled.length)
      lines.push(
        `Date${cancelled.length > 1 ? 's' : ''} annulée${cancelled.length > 1 ? 's' : ''}\u00a0: ${cancelled.join(', ')}`,
      );
    parts.push(`<p>${lines.map((l) => escapeHtml(oneLine(l))).join('<br>')}</p>`);
  }
  return parts.join('');
}

/** Plain text as HTML paragraphs (a blank line between two), escaped: what Mastodon shows of a content or a bio. */
export const htmlParagraphs = (text: string) =>
  unixText(text)
    .split(/\n{2,}/)
    .filter((p) => p.trim())
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');

export function eventObject(event: AgendaEvent, ctx: EventObjectContext): Record<string, unknown> {
  const page = `${ctx.siteUrl}/evenement/${encodeURIComponent(event.id)}`;
  const date = shownDate(event, ctx.now);
  const image = event.image ? `${ctx.siteUrl}${imageUrl(event.image.path, 1600)}` : null;
  const paragraphs = htmlParagraphs(event.description) + htmlParagraphs(performersLine(event));
  const summary = readableSummary(event, ctx.now).split('\n').map(escapeHtml).join('\n');
  const cancelled = event.status === 'cancelled';
  const tags = [
    { name: hashtagOf(event.category), href: `${ctx.siteUrl}/evenements?category=${event.category}` },
    ...(event.city
      ? [{ name: hashtagOf(event.city), href: `${ctx.siteUrl}/evenements?q=${encodeURIComponent(event.city)}` }]
      : []),
  ];
  return {
    id: eventObjectId(ctx.siteUrl, event.id, ctx.generation),
    type: 'Event',
    // Gancio shows the name and the content, and has no cancelled state: the name says it.
    name: cancelled && ctx.flavor === 'gancio' ? `Annulé\u00a0: ${event.title}` : event.title,
    summary,
    content: `${noticeParagraphs(event, ctx.now)}${paragraphs}<p><a href="${escapeHtml(page)}">${escapeHtml(page)}</a></p>`,
    url: page,
    mediaType: 'text/html',
    startTime: zurichOffsetIso(date.startsAt),
    ...(date.openEnd ? {} : { endTime: zurichOffsetIso(date.endsAt) }),
    timezone: 'Europe/Zurich',
    inLanguage: 'fr',
    'ical:status': event.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    location: {
      type: 'Place',
      name: event.venueName || event.city,
      address:
        ctx.flavor === 'gancio'
          ? addressLine(event)
          : {
              type: 'PostalAddress',
              streetAddress: event.street,
              postalCode: event.postalCode,
              addressLocality: event.city,
              addressRegion: event.canton ? CANTON_NAMES[event.canton] : '',
              addressCountry: 'Suisse',
            },
      ...(event.lat != null && event.lng != null ? { latitude: event.lat, longitude: event.lng } : {}),
    },
    tag: tags.map((t) => ({ type: 'Hashtag', name: `#${t.name}`, href: t.href })),
    ...(image && event.image
      ? {
          image: { type: 'Image', url: image, mediaType: 'image/webp', name: event.image.alt },
          // Mobilizon takes the attachment named « Banner » as the event's picture; Mastodon reads the image's
          // description from `summary` first, Gancio its first attachment's url.
          attachment: [
            {
              type: 'Document',
              mediaType: 'image/webp',
              url: image,
              name: 'Banner',
              summary: event.image.alt,
              focalPoint: [0, 0],
            },
          ],
        }
      : { attachment: [] }),
    attributedTo: ctx.authorUri ?? ctx.actorUri,
    to: [PUBLIC_AUDIENCE],
    cc: [ctx.followersUri],
    // When this object was first sent, stable; `updated` only once a change was approved since (records.ts).
    published: ctx.dates?.published ?? event.moderatedAt ?? event.createdAt,
    ...(ctx.dates?.updated ? { updated: ctx.dates.updated } : {}),
    sensitive: false,
  };
}

export type EventActivityType = 'Create' | 'Update' | 'Delete';

/** The activity around it: a Delete carries a Tombstone of the object. */
export function eventActivity(
  type: EventActivityType,
  event: AgendaEvent,
  ctx: EventObjectContext & { activityId: string },
): Record<string, unknown> {
  const object =
    type === 'Delete'
      ? {
          id: eventObjectId(ctx.siteUrl, event.id, ctx.generation),
          type: 'Tombstone',
          formerType: 'Event',
          deleted: ctx.now.toISOString(),
        }
      : eventObject(event, ctx);
  return {
    '@context': EVENT_CONTEXT,
    id: ctx.activityId,
    type,
    actor: ctx.actorUri,
    to: [PUBLIC_AUDIENCE],
    cc: [ctx.followersUri],
    published: ctx.published ?? ctx.now.toISOString(),
    object,
  };
}
