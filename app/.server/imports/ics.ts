// An iCalendar feed read with ical.js (decision 146) and each VEVENT mapped to the event model: its content (title,
// description, place, dates) and its dates within the import's window (ics-times.ts): one date, or a list of dates, the
// cancelled ones marked. No I/O; it yields to the event loop between batches. Reconciled with the store: reconcile.ts.
import { createHash } from 'node:crypto';
import type ICAL from 'ical.js';
import type { EventContent } from '~/domain/event';
import { MAX_OCCURRENCES } from '~/domain/schedule';
import { slugify } from '~/domain/slug';
import { timeSlices } from '../platform/background';
import { cantonOf, eventsOf, textOf, tooLong } from './ics-events';
import { plain, splitLocation } from './ics-text';
import { importWindow, SkippedEntry, type Times, timesOf } from './ics-times';
import { ical } from './ics-zones';

export { plain, splitLocation } from './ics-text';
export { WINDOW_MONTHS } from './ics-times';

/** What a source gives every event it imports. */
export interface SourceDefaults {
  category: string;
  canton: EventContent['canton'];
  organizerName: string;
}

/** One VEVENT as the import sees it: its UID, the content it maps to, whether it is cancelled, and a fingerprint. */
export interface FeedItem {
  uid: string;
  content: EventContent;
  cancelled: boolean;
  /** The line of its UID in the feed (for the run log). */
  line: number;
  /** Its dates the feed cancelled (STATUS:CANCELLED on an instance), as their startsAt. */
  cancelledDates: string[];
  /** A hash of the content and the cancellations: equal fingerprints, nothing to write. */
  fingerprint: string;
  /** Its series had more dates than the cap (`maxDates`): only the first ones are kept. */
  cut: boolean;
}

export interface FeedError {
  uid: string;
  /** The line of the feed where the VEVENT (its UID) is, or 0 when none. */
  line: number;
  message: string;
}

export interface ParsedFeed {
  items: FeedItem[];
  errors: FeedError[];
  /** The VEVENTs read whose dates are all over: not imported. */
  past: number;
}

/** A feed that is not iCalendar at all, or cut short: the whole run fails with this message (and its line, if any). */
export class InvalidFeedError extends Error {
  constructor(
    message: string,
    readonly line = 0,
  ) {
    super(message);
  }
}

/**
 * A component opened and never closed (a feed cut short, a VEVENT without END:VEVENT), or closed without being open.
 * node-ical reads such a feed without complaint but loses the events around it: read as is, every event it drops
 * would look gone from the feed and be withdrawn.
 */
function unbalanced(lines: string[]): InvalidFeedError | null {
  const refuse = (what: string, line: number) =>
    new InvalidFeedError(`Ce calendrier est incomplet ou mal formé\u00a0: ${what}. Rien n’a été importé.`, line);
  const notClosed = ({ name, line }: { name: string; line: number }) =>
    refuse(`BEGIN:${name} (ligne ${line}) n’est jamais fermé par END:${name}`, line);
  const open: { name: string; line: number }[] = [];
  for (const [index, raw] of lines.entries()) {
    const match = raw.match(/^(BEGIN|END):([A-Za-z-]+)\s*$/);
    if (!match) continue;
    const name = match[2].toUpperCase();
    if (match[1].toUpperCase() === 'BEGIN') open.push({ name, line: index + 1 });
    else {
      const top = open.pop();
      if (!top) return refuse(`END:${name} (ligne ${index + 1}) ne ferme aucun BEGIN:${name}`, index + 1);
      if (top.name !== name) return notClosed(top);
    }
  }
  return open.length > 0 ? notClosed(open[0]) : null;
}

/** The line of each UID (its first, from 1; 0 if absent), read once: a search per VEVENT cost seconds (issue 50). */
function uidLines(lines: string[]): (uid: string) => number {
  const at = new Map<string, number>();
  for (const [i, line] of lines.entries()) {
    if (!line.startsWith('UID:')) continue;
    const uid = line.slice('UID:'.length).replace(/\r$/, '');
    if (!at.has(uid)) at.set(uid, i + 1);
  }
  return (uid) => at.get(uid) ?? 0;
}

/** A hash of what the import writes, its objects' keys in order (the same content, the same fingerprint). */
export function fingerprintOf(content: EventContent, cancelled: boolean, cancelledDates: string[] = []): string {
  const sorted = (_: string, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v;
  const what = cancelledDates.length ? { content, cancelled, cancelledDates } : { content, cancelled };
  return createHash('sha256').update(JSON.stringify(what, sorted)).digest('base64url').slice(0, 22);
}

/** A calendar around these lines (a VEVENT, with the feed's time zones), for ical.js to read on its own. */
const calendarOf = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR', ''].join('\n');

/** The VEVENTs of a feed, read as a whole by ical.js; null when it refuses the text. */
function parseIcs(source: string): ICAL.Component[] | null {
  const I = ical();
  try {
    const parsed = I.parse(source) as unknown[];
    // One calendar, or several in a row: each its own root (its time zones).
    const roots = (Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[][];
    return roots.map((jcal) => new I.Component(jcal as never));
  } catch {
    return null;
  }
}

/**
 * ical.js refuses a whole feed for one line it cannot read (a property without a value, an UNTIL that is no date):
 * each VEVENT is then read on its own (with the feed's time zones), and the ones it refuses are errors of the run.
 */
function parseEachEvent(
  source: string,
  lineOf: (uid: string) => number,
): { roots: ICAL.Component[]; errors: FeedError[]; reason?: string } {
  const text = source.replace(/\r\n/g, '\n');
  const timezones = (text.match(/^BEGIN:VTIMEZONE$[\s\S]*?^END:VTIMEZONE$/gm) ?? []).filter(
    (zone) => parseIcs(calendarOf(zone)) !== null,
  );
  const roots: ICAL.Component[] = [];
  const errors: FeedError[] = [];
  let first: string | undefined;
  for (const block of text.match(/^BEGIN:VEVENT$[\s\S]*?^END:VEVENT$/gm) ?? []) {
    const one = parseIcs(calendarOf(...timezones, block));
    const uid = block.match(/^UID:(.*)$/m)?.[1]?.trim() ?? '';
    if (!one) {
      const reason = unreadable(block);
      first ??= reason;
      errors.push({ uid, line: uid ? lineOf(uid) : 0, message: `Événement illisible (${reason})\u00a0: ignoré.` });
      continue;
    }
    roots.push(...one);
  }
  return { roots, errors, reason: first };
}

/** Why ical.js refuses a VEVENT, in words: the first line it cannot read. */
function unreadable(block: string): string {
  for (const line of block.split('\n')) {
    if (/^(BEGIN|END):/i.test(line) || /^[ \t]/.test(line)) continue;
    try {
      ical().parse(calendarOf('BEGIN:VEVENT', line, 'END:VEVENT'));
    } catch {
      return `ligne «\u00a0${line.trim().slice(0, 60)}\u00a0» illisible`;
    }
  }
  return 'règle de récurrence ou date mal formée';
}

/** The dates of a VEVENT (ics-times.ts), null when they are all past, or why it is left aside (for the run log). */
function datesOrWhy(
  master: ICAL.Component,
  exceptions: ICAL.Component[],
  title: string,
  window: Parameters<typeof timesOf>[1],
  maxDates: number,
): Times | null | string {
  if (tooLong(master)) return 'Durée (DURATION) de plus d’un an\u00a0: événement ignoré.';
  let event: ICAL.Event;
  try {
    event = new (ical().Event)(master, { exceptions, strictExceptions: true });
    if (!event.startDate) throw new Error('DTSTART');
  } catch {
    return 'Date de début (DTSTART) absente ou illisible.';
  }
  if (title.length < 3) return 'Titre (SUMMARY) absent ou trop court.';
  try {
    return timesOf(event, window, maxDates);
  } catch (error) {
    // One recurrence the agenda cannot hold skips its event only.
    if (error instanceof SkippedEntry) return error.message;
    return `Dates illisibles (${(error as Error).message.slice(0, 80)})\u00a0: événement ignoré.`;
  }
}

/**
 * Reads a feed: every VEVENT with a UID, a start and a title, and a date still to come in the window, becomes an item;
 * the others are errors with their UID and line, or past (counted); the rest is read all the same. A series keeps its
 * first `maxDates` dates still to come. Throws InvalidFeedError when the text is not iCalendar at all.
 */
export async function parseFeed(
  source: string,
  defaults: SourceDefaults,
  { maxDates = MAX_OCCURRENCES, now = new Date() }: { maxDates?: number; now?: Date } = {},
): Promise<ParsedFeed> {
  if (!/^\s*BEGIN:VCALENDAR\s*$/m.test(source))
    throw new InvalidFeedError('Ce fichier n’est pas un calendrier iCalendar (BEGIN:VCALENDAR introuvable).');
  if (!/^END:VCALENDAR\s*$/m.test(source))
    throw new InvalidFeedError(
      'Ce calendrier est incomplet\u00a0: END:VCALENDAR introuvable (fichier coupé\u00a0?). Rien n’a été importé.',
    );
  const lines = source.split('\n');
  const cut = unbalanced(lines);
  if (cut) throw cut;
  const lineOf = uidLines(lines);
  const items: FeedItem[] = [];
  const errors: FeedError[] = [];
  let roots = parseIcs(source);
  if (!roots) {
    const each = parseEachEvent(source, lineOf);
    // Nothing readable at all (its time zones, say, are broken): the run fails as a whole and nothing is withdrawn.
    if (each.roots.length === 0)
      throw new InvalidFeedError(
        `Ce calendrier est illisible\u00a0: aucun de ses événements ne se lit (${each.reason ?? 'aucun VEVENT complet'}).`,
      );
    roots = each.roots;
    errors.push(...each.errors);
  }
  const window = { ...importWindow(now), now: now.getTime() };
  let past = 0;
  const pause = timeSlices();
  for (const { uid: key, master, exceptions } of eventsOf(roots)) {
    // In bounded steps, as the import's writes (apply-plan.ts): a mail queued meanwhile leaves (issues 50 and 68).
    await pause();
    const uid = key.startsWith('\u0000') ? '' : key;
    if (!uid) {
      errors.push({ uid: '', line: 0, message: 'Un événement sans UID a été ignoré.' });
      continue;
    }
    const title = plain(textOf(master, 'summary'), 120);
    const times = datesOrWhy(master, exceptions, title, window, maxDates);
    if (typeof times === 'string') errors.push({ uid, line: lineOf(uid), message: times });
    else if (!times) past++;
    if (typeof times === 'string' || !times) continue;
    const place = splitLocation(textOf(master, 'location'));
    const url = textOf(master, 'url').trim();
    const content: EventContent = {
      title,
      slug: slugify(title),
      description: plain(textOf(master, 'description'), 5000) || title,
      category: defaults.category,
      ...times.times,
      ...place,
      venueName: place.venueName.slice(0, 120) || place.city || 'Lieu à préciser',
      canton: cantonOf(place, defaults.canton),
      lat: null,
      lng: null,
      isFree: false,
      priceMin: null,
      priceMax: null,
      priceNote: '',
      ticketUrl: '',
      websiteUrl: /^https?:\/\//.test(url) ? url : '',
      organizerName: defaults.organizerName,
      contactEmail: '',
      contactPhone: '',
      image: null,
      accessibility: { wheelchair: false, hearing: false, familyFriendly: false },
    };
    const cancelled = times.cancelled;
    items.push({
      uid,
      content,
      cancelled,
      cancelledDates: times.cancelledDates,
      line: lineOf(uid),
      fingerprint: fingerprintOf(content, cancelled, times.cancelledDates),
      cut: times.cut,
    });
  }
  // In the feed's order, as the admin reads it beside the feed (an error without a line last).
  errors.sort((a, b) => (a.line || Number.MAX_SAFE_INTEGER) - (b.line || Number.MAX_SAFE_INTEGER));
  return { items, errors, past };
}
