// An iCalendar feed read with node-ical (decision 044) and each VEVENT mapped to the event model: its content (title,
// description, place, dates) and, for a recurring one, the schedule model of app/domain/schedule.ts (a rule, a list of
// dates, or one date). No I/O; it yields to the event loop between batches. Reconciled with the store: reconcile.ts.
import { createHash } from 'node:crypto';
import type { VEvent } from 'node-ical';
import type { EventContent } from '~/domain/event';
import { MAX_OCCURRENCES } from '~/domain/schedule';
import { slugify } from '~/domain/slug';
import { timeSlices } from '../platform/background';
import { onFirstUse } from '../platform/on-first-use';
import { plain, splitLocation, text } from './ics-text';
import { SkippedEntry, timesOf } from './ics-times';

const ical = onFirstUse<typeof import('node-ical')>('node-ical');
type Parsed = ReturnType<typeof import('node-ical').sync.parseICS>;

export { plain, splitLocation } from './ics-text';
export { OPEN_RULE_MONTHS } from './ics-times';

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
  /** A hash of the content and the cancellation: equal fingerprints, nothing to write. */
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

/** The line (1-based) of the feed holding this UID, or 0. */
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

export function fingerprintOf(content: EventContent, cancelled: boolean): string {
  const stable = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v as object)
            .sort()
            .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
        )
      : Array.isArray(v)
        ? v.map(stable)
        : v;
  return createHash('sha256')
    .update(JSON.stringify(stable({ content, cancelled })))
    .digest('base64url')
    .slice(0, 22);
}

/** Parses a feed with node-ical (loaded with the first calendar read, issue 50); null when it refuses it as a whole. */
function parseIcs(source: string): Parsed | null {
  try {
    return ical().sync.parseICS(source);
  } catch {
    return null;
  }
}

/** The same, by node-ical's batches (2,000 lines at a time): the jobs process answers and sends mails between them. */
async function parseIcsInBatches(source: string): Promise<Parsed | null> {
  try {
    return await ical().async.parseICS(source);
  } catch {
    return null;
  }
}

/**
 * node-ical refuses a whole feed for one VEVENT it cannot read (a RRULE with FREQ=BOGUS, an UNTIL that is no date):
 * each VEVENT is then read on its own (with the feed's time zones), and the ones it refuses are errors of the run.
 */
function parseEachEvent(
  source: string,
  lineOf: (uid: string) => number,
): { parsed: Record<string, unknown>; errors: FeedError[] } {
  const text = source.replace(/\r\n/g, '\n');
  const timezones = text.match(/^BEGIN:VTIMEZONE$[\s\S]*?^END:VTIMEZONE$/gm) ?? [];
  const parsed: Record<string, unknown> = {};
  let count = 0;
  const errors: FeedError[] = [];
  for (const block of text.match(/^BEGIN:VEVENT$[\s\S]*?^END:VEVENT$/gm) ?? []) {
    const one = parseIcs(`BEGIN:VCALENDAR\nVERSION:2.0\n${timezones.join('\n')}\n${block}\nEND:VCALENDAR\n`);
    const uid = block.match(/^UID:(.*)$/m)?.[1]?.trim() ?? '';
    if (!one) {
      errors.push({
        uid,
        line: uid ? lineOf(uid) : 0,
        message: 'Événement illisible (règle de récurrence ou date mal formée)\u00a0: ignoré.',
      });
      continue;
    }
    // Numbered keys: a changed occurrence (RECURRENCE-ID) read apart never takes the place of its series.
    for (const component of Object.values(one)) parsed[String(count++)] = component;
  }
  return { parsed, errors };
}

/**
 * Reads a feed: every VEVENT with a UID, a start and a title becomes an item; the others are errors with their UID and
 * line, and so is a VEVENT whose recurrence the agenda does not take: the rest is read all the same. A series keeps its
 * first `maxDates` dates. Throws InvalidFeedError when the text is not iCalendar at all.
 */
export async function parseFeed(
  source: string,
  defaults: SourceDefaults,
  { maxDates = MAX_OCCURRENCES }: { maxDates?: number } = {},
): Promise<ParsedFeed> {
  if (!/^\s*BEGIN:VCALENDAR\s*$/m.test(source) || !/^END:VCALENDAR\s*$/m.test(source))
    throw new InvalidFeedError('Ce fichier n’est pas un calendrier iCalendar (BEGIN:VCALENDAR introuvable).');
  const lines = source.split('\n');
  const cut = unbalanced(lines);
  const lineOf = uidLines(lines);
  if (cut) throw cut;
  const items: FeedItem[] = [];
  const errors: FeedError[] = [];
  let parsed: Record<string, unknown> | null = await parseIcsInBatches(source);
  if (!parsed) {
    const each = parseEachEvent(source, lineOf);
    // Nothing readable at all (its time zones, say, are broken): the run fails as a whole and nothing is withdrawn.
    if (Object.keys(each.parsed).length === 0)
      throw new InvalidFeedError('Ce calendrier est illisible\u00a0: aucun de ses événements ne se lit.');
    parsed = each.parsed;
    errors.push(...each.errors);
  }
  const pause = timeSlices();
  for (const component of Object.values(parsed)) {
    // In bounded steps, as the import's writes (apply-plan.ts): a mail queued meanwhile leaves (issues 50 and 68).
    await pause();
    if ((component as { type?: string } | null)?.type !== 'VEVENT') continue;
    const event = component as VEvent;
    const uid = text(event.uid).trim();
    // A changed occurrence of a series (RECURRENCE-ID) is not a separate event: the series stands for it.
    if (!uid || event.recurrenceid) {
      if (!uid) errors.push({ uid: '', line: 0, message: 'Un événement sans UID a été ignoré.' });
      continue;
    }
    const title = plain(text(event.summary), 120);
    if (!(event.start instanceof Date) || Number.isNaN(event.start.getTime())) {
      errors.push({ uid, line: lineOf(uid), message: 'Date de début (DTSTART) absente ou illisible.' });
      continue;
    }
    if (title.length < 3) {
      errors.push({ uid, line: lineOf(uid), message: 'Titre (SUMMARY) absent ou trop court.' });
      continue;
    }
    let times: ReturnType<typeof timesOf>;
    try {
      times = timesOf(event, maxDates);
    } catch (error) {
      // One recurrence the agenda cannot hold skips its event only.
      const message =
        error instanceof SkippedEntry ? error.message : 'Règle de récurrence illisible\u00a0: événement ignoré.';
      errors.push({ uid, line: lineOf(uid), message });
      continue;
    }
    const place = splitLocation(text(event.location));
    const url = text(event.url).trim();
    const content: EventContent = {
      title,
      slug: slugify(title),
      description: plain(text(event.description), 5000) || title,
      category: defaults.category,
      ...times.times,
      ...place,
      venueName: place.venueName.slice(0, 120) || place.city || 'Lieu à préciser',
      canton: defaults.canton,
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
    const cancelled = text(event.status).toUpperCase() === 'CANCELLED';
    items.push({
      uid,
      content,
      cancelled,
      line: lineOf(uid),
      fingerprint: fingerprintOf(content, cancelled),
      cut: times.cut,
    });
  }
  // In the feed's order, as the admin reads it beside the feed (an error without a line last).
  errors.sort((a, b) => (a.line || Number.MAX_SAFE_INTEGER) - (b.line || Number.MAX_SAFE_INTEGER));
  return { items, errors };
}
