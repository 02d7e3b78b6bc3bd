// The moderation list of the Firestore store (ports/events.ts listForModeration). A tab is a query of its own (the
// queue, one status, or all) read by keyset, its total an aggregation: a page costs its 50 events (51 read) and one
// read per 1,000 counted, whatever the size of the queue or the collection. A search by an organizer's email reads that
// account's events; by words, a copy of every event this instance makes the first time (decisions 016, 160: prefixes
// are not a Firestore query).

import type { Query } from 'firebase-admin/firestore';
import type { AgendaEvent } from '~/domain/event';
import { startsSoon, startsSoonBounds } from '~/domain/moderation';
import type { EventStore } from '../../ports';
import { type Key, keysetPage, type ReadRows, readSorted } from '../keyset';
import type { FirestoreContext } from './context';
import { COLLECTIONS } from './db';
import { eventConverter, parseIndexedEvent } from './event-docs';
import { type IndexedEvent, moderationKey, moderationMatches } from './event-index';
import { rowsAfter } from './keyset-query';
import { findUidByEmail } from './user-docs';

export function moderationLister(ctx: FirestoreContext): EventStore['listForModeration'] {
  const { db } = ctx;
  const events = () => db.collection(COLLECTIONS.events).withConverter(eventConverter);
  return async (q) => {
    const queue = q.status === 'awaiting' || q.status === 'pending';
    const now = queue && q.now ? new Date(q.now) : null;
    const keyOf = moderationKey(queue, now);
    if ((q.words && q.words.length > 0) || q.ownerEmail) {
      let owners: Set<string> | null = null;
      let items: IndexedEvent[];
      if (q.ownerEmail) {
        const uid = await findUidByEmail(db, q.ownerEmail);
        owners = new Set(uid ? [uid] : []);
        // That account's events only (decision 160).
        items = uid
          ? (await db.collection(COLLECTIONS.events).where('createdBy', '==', uid).get()).docs.map(parseIndexedEvent)
          : [];
      } else items = await ctx.allEvents();
      const matches = moderationMatches(items, q, owners);
      const page = await keysetPage(q, 4, keyOf, readSorted(matches, keyOf, !queue));
      return { ...page, total: matches.length };
    }
    // From the database, not the mirror: a submission made through another instance is in the queue at once.
    const tab =
      q.status === 'awaiting'
        ? events().where('awaitingModeration', '==', true)
        : q.status === 'all'
          ? events()
          : events().where('status', '==', q.status);
    const read: ReadRows<AgendaEvent> = queue
      ? queueReader(tab, now)
      : (from, n, backward) => {
          const order = backward ? 'asc' : 'desc';
          const ordered = tab.orderBy('updatedAt', order).orderBy('createdAt', order).orderBy('id', order);
          return rowsAfter(ordered, 'updatedAt', order === 'desc', changedKey, from?.slice(1) ?? null, n);
        };
    const [counted, page] = await Promise.all([tab.count().get(), keysetPage(q, 4, keyOf, read)]);
    return { ...page, total: counted.data().count };
  };
}

const changedKey = (e: AgendaEvent): Key => [e.updatedAt, e.createdAt, e.id];
const startKey = (e: AgendaEvent): Key => [Date.parse(e.startsAt), e.createdAt, e.id];
const submittedKey = (e: AgendaEvent): Key => [e.submittedAt, e.createdAt, e.id];

/**
 * The queue in its order (moderationKey): what starts soon at `now` (its startsTs and endsTs in the window, one query
 * by start), then the others by submission (the queue by submission, those that start soon skipped). A page reads
 * its rows and, at most, the events that start soon once more: never the whole queue.
 */
function queueReader(tab: Query<AgendaEvent>, now: Date | null): ReadRows<AgendaEvent> {
  const bounds = now ? startsSoonBounds(now.toISOString()) : null;
  const soonRows = async (from: Key | null, n: number, backward: boolean) => {
    if (!bounds || n <= 0) return [];
    const order = backward ? 'desc' : 'asc';
    const soon = tab.where('startsTs', '<=', bounds.until).where('endsTs', '>=', bounds.from);
    const ordered = soon.orderBy('startsTs', order).orderBy('createdAt', order).orderBy('id', order);
    return rowsAfter(ordered, 'startsTs', backward, startKey, from, n);
  };
  const otherRows = async (from: Key | null, n: number, backward: boolean) => {
    const order = backward ? 'desc' : 'asc';
    const ordered = tab.orderBy('submittedAt', order).orderBy('createdAt', order).orderBy('id', order);
    const rows: AgendaEvent[] = [];
    for (let key = from; rows.length < n; ) {
      const want = n - rows.length;
      const read = await rowsAfter(ordered, 'submittedAt', backward, submittedKey, key, want);
      rows.push(...read.filter((e) => !(now && startsSoon(e, now))));
      if (read.length < want) break;
      key = submittedKey(read[read.length - 1]);
    }
    return rows.slice(0, n);
  };
  return async (from, n, backward) => {
    // A key is [segment, …the segment's key]: 0 starts soon, 1 the others.
    const segment = from?.[0] ?? (backward ? 1 : 0);
    const rest = from ? from.slice(1) : null;
    if (!backward) {
      const soon = segment === 0 ? await soonRows(rest, n, false) : [];
      return [...soon, ...(await otherRows(segment === 1 ? rest : null, n - soon.length, false))];
    }
    const others = segment === 1 ? await otherRows(rest, n, true) : [];
    return [...others, ...(await soonRows(segment === 0 ? rest : null, n - others.length, true))];
  };
}
