// The moderation list of the Firestore store (ports/events.ts listForModeration). A tab is a query of its own (the
// queue, one status, or all) read by keyset, its total an aggregation: a page costs its 50 events (51 read) and one
// read per 1,000 counted, whatever the size of the queue or the collection. A search by an organizer's email reads that
// account's events; by words, a copy of every event this instance makes the first time (decisions 016, 160: prefixes
// are not a Firestore query).
import type { AgendaEvent } from '~/domain/event';
import type { EventStore } from '../../ports';
import { keysetPage, readSorted } from '../keyset';
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
    const keyOf = moderationKey(queue);
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
      const page = await keysetPage(q, 3, keyOf, readSorted(matches, keyOf, !queue));
      return { ...page, total: matches.length };
    }
    // From the database, not the mirror: a submission made through another instance is in the queue at once.
    const tab =
      q.status === 'awaiting'
        ? events().where('awaitingModeration', '==', true)
        : q.status === 'all'
          ? events()
          : events().where('status', '==', q.status);
    const first = queue ? 'submittedAt' : 'updatedAt';
    const [counted, page] = await Promise.all([
      tab.count().get(),
      keysetPage(q, 3, keyOf, (from, n, backward) => {
        const order = queue === !backward ? 'asc' : 'desc';
        const ordered = tab.orderBy(first, order).orderBy('createdAt', order).orderBy('id', order);
        return rowsAfter<AgendaEvent>(ordered, first, order === 'desc', keyOf, from, n);
      }),
    ]);
    return { ...page, total: counted.data().count };
  };
}
