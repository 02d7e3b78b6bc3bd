// Which way a public list of SQLite takes (issue 69): the counts kept on write, a walk of the dates on their own
// index, or a count capped on the way in of its filter (decisions 142, 151, 158 and 159).

import { boundingBox } from '~/domain/distance';
import { PUBLIC_STATUSES } from '~/domain/event-lifecycle';
import type { EventQuery } from '../../ports';

/** The query asks for the public statuses, no other. */
const isPublic = (q: EventQuery) =>
  q.status.length === PUBLIC_STATUSES.length && PUBLIC_STATUSES.every((s) => q.status.includes(s));

/** The query counts from the kept counts: the public statuses, from now on, at most a category and a canton. */
export function countedAhead(q: EventQuery): boolean {
  return (
    isPublic(q) &&
    !q.words?.length &&
    !q.startsBefore &&
    !q.nightEndsAfter &&
    !q.windows &&
    !q.free &&
    !q.family &&
    !q.accessible &&
    !q.organizerName &&
    !q.venueId &&
    !q.organizerId &&
    !q.excludeId &&
    !q.near
  );
}

/**
 * A walk of the dates by start serves the query: no venue or organizer (their index on the events is: a place's events,
 * past ones included, are few); no words (their full-text index is the way in then), unless `common`: more than the
 * count goes up to have them (decision 151), found soon enough in the walk, and the order is by date (not by relevance:
 * that one reads them all). The walk orders the same instant by title, not by relevance.
 */
export function walkable(q: EventQuery, common = false): boolean {
  if (q.organizerId) return false;
  // A venue's dates have an index of their own (migration 30, decision 158): its page walks them, without words.
  if (q.venueId) return !q.words?.length;
  // « Autour de » counted up to a cap and under it (decision 159): its few events, read on the box's index, are the
  // page; a walk of the dates would read every date of the window to find them (a category far from most dates).
  if (q.near && q.countUpTo && !common && !q.words?.length) return false;
  return !q.words?.length || (common && !q.byRelevance && !q.featuredFirst);
}

/**
 * The dates a walk reads, by start: a venue's, a category's (in a canton), on their own index (migration 30, decision
 * 158), else the whole agenda's. What the walk then skips is bounded by what the page shows, not by the agenda.
 */
export function ownDates(q: EventQuery): { index: string; where: string[]; params: unknown[] } {
  if (q.venueId) return { index: 'event_occurrences_venue', where: ['o.venue_id = ?'], params: [q.venueId] };
  if (q.category && q.canton)
    return {
      index: 'event_occurrences_category',
      where: ['o.category = ?', 'o.canton = ?'],
      params: [q.category, q.canton],
    };
  if (q.category)
    return { index: 'event_occurrences_category_starts', where: ['o.category = ?'], params: [q.category] };
  // The public dates (migration 33, decision 164): a canton, a box or none tested on the index, not on each event.
  if (isPublic(q)) {
    const box = q.near ? boundingBox(q.near) : null;
    return {
      index: 'event_occurrences_public_starts',
      where: [
        'o.public = 1',
        ...(q.canton ? ['o.canton = ?'] : []),
        ...(box ? ['o.lat BETWEEN ? AND ? AND o.lng BETWEEN ? AND ?'] : []),
      ],
      params: [...(q.canton ? [q.canton] : []), ...(box ? [box.minLat, box.maxLat, box.minLng, box.maxLng] : [])],
    };
  }
  return { index: 'event_occurrences_starts', where: [], params: [] };
}

/**
 * A count capped serves the query: words from now on, no date window; « Autour de », with dates or not; a category
 * or a canton in a date window with other filters read on the event (decision 159: a walk of the window's dates would
 * read them all to find a few). Without those, the window's own dates are counted on their index (`onWindowIndex`).
 */
export function cappable(q: EventQuery): boolean {
  if (!q.countUpTo || q.venueId || q.organizerId) return false;
  const windowed = Boolean(q.startsBefore || q.nightEndsAfter || q.windows);
  if (q.words?.length) return !windowed;
  return Boolean(q.near) || (windowed && Boolean(q.category || q.canton) && !onWindowIndex(q));
}

/**
 * A date window counted on the dates' indexes alone: the public statuses, at most a category and a canton (their own
 * dates' index, or the public dates' with the canton on it). Its range is the window's dates of that category, not
 * every event to come (what `events_status_last_end` would read: ~100,000 entries at 100,000 events for « ce
 * week-end » in one category and canton).
 */
export const onWindowIndex = (q: EventQuery) =>
  countedAhead({ ...q, startsBefore: undefined, nightEndsAfter: undefined, windows: undefined });
