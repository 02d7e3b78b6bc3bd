// The public search of the SQLite store (FTS5, unicode61 remove_diacritics 2, every word a required prefix, bm25
// weighted by field) computed in memory over the events mirrored from Firestore. Firestore cannot match prefixes of
// words nor rank; see docs/decisions/016-recherche-firestore.md.

import { horizonFor, materialise, type StoredOccurrence } from '~/.server/schedule/schedule-expand';
import { isWithin } from '~/domain/distance';
import { type AgendaEvent, EVENT_STATUSES, type EventStatus } from '~/domain/event';
import { awaitsModeration } from '~/domain/event-lifecycle';
import { startsSoon } from '~/domain/moderation';
import { tokenMatches, type WordForm, wordForms } from '~/domain/search-forms';
import type { EventQuery, ModerationQuery } from '../../ports';
import { compareKeys, type Key } from '../keyset';
import { geohashOf } from './geo-index';

/** The fields searched, with the bm25 weights of the SQLite store (title ×10, organizer ×5, venue ×4, city ×3). */
const FIELDS = [
  { key: 'title', weight: 10 },
  { key: 'description', weight: 1 },
  { key: 'venueName', weight: 4 },
  { key: 'city', weight: 3 },
  { key: 'organizerName', weight: 5 },
] as const;

type FieldKey = (typeof FIELDS)[number]['key'];

/** Lower case, diacritics removed, split on anything that is not a letter or a digit (FTS5 unicode61). */
export function searchTokens(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

/** What the mirror keeps of an event: the event, its instants as numbers and its tokens per searched field. */
export interface IndexedEvent {
  event: AgendaEvent;
  startsTs: number;
  endsTs: number;
  tokens: Record<FieldKey, string[]>;
  /** Up to when its occurrences are stored (ms), and those occurrences: what the collection holds (decision 041). */
  occurrencesUntil: number;
  occurrences: StoredOccurrence[];
  /** Its point's geohash (geo-index.ts), null without coordinates. */
  geohash: string | null;
}

export function indexEvent(event: AgendaEvent, occurrencesUntil = 0): IndexedEvent {
  const tokens = {} as Record<FieldKey, string[]>;
  for (const f of FIELDS) tokens[f.key] = searchTokens(event[f.key]);
  const horizon = occurrencesUntil > 0 ? new Date(occurrencesUntil) : horizonFor(event);
  return {
    event,
    startsTs: Date.parse(event.startsAt),
    endsTs: Date.parse(event.endsAt),
    tokens,
    occurrencesUntil,
    occurrences: materialise(event, horizon),
    geohash: geohashOf(event),
  };
}

/** Every token of the searched fields, once each: stored on the event document (`searchTokens`). */
export function allSearchTokens(event: AgendaEvent): string[] {
  return [...new Set(FIELDS.flatMap((f) => searchTokens(event[f.key])))];
}

/** Each searched word in its forms (search-forms.ts, decision 161), as the SQLite store's ftsMatch asks them. */
function normalizedWords(words: readonly string[] | undefined): WordForm[][] {
  return (words ?? []).flatMap((w) => searchTokens(w)).map(wordForms);
}

function matchesAll(item: IndexedEvent, words: readonly WordForm[][]): boolean {
  return words.every((w) => FIELDS.some((f) => item.tokens[f.key].some((t) => tokenMatches(t, w))));
}

/** bm25 over the matching events (k1 1.2, b 0.75, as FTS5), higher is more relevant. */
function relevance(items: readonly IndexedEvent[], words: readonly WordForm[][]): Map<IndexedEvent, number> {
  const scores = new Map<IndexedEvent, number>();
  if (items.length === 0) return scores;
  const avg = {} as Record<FieldKey, number>;
  for (const f of FIELDS) avg[f.key] = items.reduce((n, i) => n + i.tokens[f.key].length, 0) / items.length || 1;
  const n = items.length;
  for (const item of items) scores.set(item, 0);
  for (const w of words) {
    const containing = items.filter((i) => FIELDS.some((f) => i.tokens[f.key].some((t) => tokenMatches(t, w)))).length;
    const idf = Math.log((n - containing + 0.5) / (containing + 0.5) + 1);
    for (const item of items) {
      let score = 0;
      for (const f of FIELDS) {
        const tokens = item.tokens[f.key];
        const tf = tokens.filter((t) => tokenMatches(t, w)).length;
        if (tf === 0) continue;
        score += f.weight * ((tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * tokens.length) / avg[f.key])));
      }
      scores.set(item, (scores.get(item) ?? 0) + idf * score);
    }
  }
  return scores;
}

/** An event matched through one of its stored occurrences (decision 041), and how many of its dates matched. */
interface Match {
  item: IndexedEvent;
  occurrence: StoredOccurrence;
  matching: number | null;
}

function filterForQuery(items: Iterable<IndexedEvent>, q: EventQuery): { matches: Match[]; dates: number } {
  const statuses = new Set<EventStatus>(q.status);
  const endsAfter = Date.parse(q.endsAfter);
  const startsBefore = q.startsBefore ? Date.parse(q.startsBefore) : null;
  const nightEndsAfter = q.nightEndsAfter ? Date.parse(q.nightEndsAfter) : null;
  const windows =
    q.windows?.map((w) => ({
      start: Date.parse(w.start),
      end: Date.parse(w.end),
      night: Date.parse(w.nightEndsAfter ?? w.start),
    })) ?? null;
  const words = normalizedWords(q.words);
  const organizer = q.organizerName?.toLowerCase();
  const matches: Match[] = [];
  let dates = 0;
  for (const item of items) {
    const e = item.event;
    if (!statuses.has(e.status) || !(item.endsTs > endsAfter)) continue;
    if (q.category && e.category !== q.category) continue;
    if (q.canton && e.canton !== q.canton) continue;
    if (q.free && !e.isFree) continue;
    if (q.family && !e.accessibility.familyFriendly) continue;
    if (q.accessible && !e.accessibility.wheelchair) continue;
    if (organizer !== undefined && e.organizerName.toLowerCase() !== organizer) continue;
    if (q.venueId && e.venueId !== q.venueId) continue;
    if (q.organizerId && e.organizerId !== q.organizerId) continue;
    if (q.excludeId && e.id === q.excludeId) continue;
    if (q.near && !isWithin(q.near, e)) continue;
    if (words.length > 0 && !matchesAll(item, words)) continue;
    const matched = item.occurrences.filter(
      (o) =>
        o.endsTs > endsAfter &&
        (startsBefore === null || o.startsTs < startsBefore) &&
        (nightEndsAfter === null || o.startsTs >= endsAfter || o.endsTs > nightEndsAfter) &&
        (windows === null ||
          windows.some(
            (w) => o.endsTs > w.start && o.startsTs < w.end && (o.startsTs >= w.start || o.endsTs > w.night),
          )),
    );
    if (matched.length === 0) continue;
    // The dates that take place, as the cards count them: a cancelled one is listed, struck through, not counted.
    dates += matched.filter((o) => !o.cancelled).length;
    if (q.oneRowPerEvent) {
      // A series is one result (decision 065): at its next matching date that is not cancelled, if there is one.
      const occurrence = matched.find((o) => !o.cancelled) ?? matched[0];
      matches.push({ item, occurrence, matching: matched.filter((o) => !o.cancelled).length });
    } else for (const occurrence of matched) matches.push({ item, occurrence, matching: null });
  }
  return { matches, dates };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The event as a list shows it: with the dates of that occurrence. */
function atOccurrence({ item, occurrence, matching }: Match, endsAfter: number): AgendaEvent {
  return {
    ...item.event,
    startsAt: occurrence.startsAt,
    endsAt: occurrence.endsAt,
    openEnd: occurrence.openEnd,
    occurrence: {
      cancelled: occurrence.cancelled,
      upcoming: item.occurrences.filter((o) => o.endsTs > endsAfter && !o.cancelled).length,
      ...(matching === null ? {} : { matching }),
    },
  };
}

export function searchIndex(
  items: Iterable<IndexedEvent>,
  q: EventQuery,
): { items: AgendaEvent[]; total: number; dates: number } {
  const { matches, dates } = filterForQuery(items, q);
  const words = normalizedWords(q.words);
  const scores = words.length > 0 ? relevance([...new Set(matches.map((m) => m.item))], words) : null;
  const byScore = (a: Match, b: Match) => (scores ? (scores.get(b.item) ?? 0) - (scores.get(a.item) ?? 0) : 0);
  // By date, the most relevant first on the same instant; or by relevance (the list's « par pertinence »).
  matches.sort(
    (a, b) =>
      (q.featuredFirst ? Number(b.item.event.featured) - Number(a.item.event.featured) : 0) ||
      (q.byRelevance ? byScore(a, b) : 0) ||
      a.occurrence.startsTs - b.occurrence.startsTs ||
      byScore(a, b) ||
      byText(a.item.event.title, b.item.event.title),
  );
  const endsAfter = Date.parse(q.endsAfter);
  return {
    items: matches.slice(q.offset, q.offset + q.limit).map((m) => atOccurrence(m, endsAfter)),
    total: matches.length,
    dates,
  };
}

export function mapPointsOf(items: Iterable<IndexedEvent>, q: EventQuery, max: number) {
  return filterForQuery(items, { ...q, oneRowPerEvent: true })
    .matches.filter((m) => m.item.event.lat != null && m.item.event.lng != null)
    .sort((a, b) => a.occurrence.startsTs - b.occurrence.startsTs)
    .slice(0, max)
    .map(({ item: { event: e }, occurrence: o }) => ({
      id: e.id,
      title: e.title,
      lat: Number(e.lat),
      lng: Number(e.lng),
      startsAt: o.startsAt,
      endsAt: o.endsAt,
      allDay: e.allDay,
      city: e.city,
      category: e.category,
    }));
}

/** Title, venue, city and organizer of the events the query matches (its words ignored), for suggestions. */
export function suggestionTextsOf(items: Iterable<IndexedEvent>, q: EventQuery): string[] {
  return filterForQuery(items, { ...q, words: undefined, oneRowPerEvent: true })
    .matches.flatMap(({ item: { event: e } }) => [e.title, e.venueName, e.city, e.organizerName])
    .filter((text) => text !== '');
}

/** The sort key of the moderation list: the queue oldest submission first, the other tabs most recently changed first. */
/**
 * An event's place in a moderation list: in the queue, 0 and its start when it starts soon at `now`
 * (ModerationQuery.now), else 1 and its submission; in the other tabs, its last change.
 */
export function moderationKey(queue: boolean, now: Date | null = null): (e: AgendaEvent) => Key {
  if (!queue) return (e) => [0, e.updatedAt, e.createdAt, e.id];
  return (e) =>
    now && startsSoon(e, now) ? [0, Date.parse(e.startsAt), e.createdAt, e.id] : [1, e.submittedAt, e.createdAt, e.id];
}

/** The events of a moderation search, in list order (paged by the caller). */
export function moderationMatches(
  items: Iterable<IndexedEvent>,
  q: ModerationQuery,
  ownerUids: ReadonlySet<string> | null,
): AgendaEvent[] {
  const words = normalizedWords(q.words);
  const queue = q.status === 'awaiting' || q.status === 'pending';
  const keyOf = moderationKey(queue, q.now ? new Date(q.now) : null);
  return [...items]
    .filter(
      (i) =>
        (q.status === 'all' || (q.status === 'awaiting' ? awaitsModeration(i.event) : i.event.status === q.status)) &&
        (ownerUids === null || (i.event.createdBy !== null && ownerUids.has(i.event.createdBy))) &&
        (words.length === 0 || matchesAll(i, words)),
    )
    .map((i) => i.event)
    .sort((a, b) => (queue ? 1 : -1) * compareKeys(keyOf(a), keyOf(b)));
}

export function emptyStatusCounts(): Record<EventStatus, number> {
  return Object.fromEntries(EVENT_STATUSES.map((s) => [s, 0])) as Record<EventStatus, number>;
}
