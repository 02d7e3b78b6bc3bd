// The admin list of accounts on Firestore (ports/users.ts search), bounded by the page, not by the accounts (issue
// 35). Without words: a query per role and state, newest first, by keyset, its total an aggregation. With words: the
// accounts holding a piece of the longest word (user-docs.ts userSearchGrams), those containing every word kept here
// (substrings, as SQLite), paged in memory. Documents written before the pieces get them once (upgradeUserSearch).
import type { Firestore, Query } from 'firebase-admin/firestore';
import { foldText } from '~/domain/search-text';
import type { UserProfile, UserStore, UserWithPassword } from '../../ports';
import { compareKeys, type Key, keysetPage, readSorted } from '../keyset';
import type { FirestoreContext } from './context';
import { COLLECTIONS, inBatches } from './db';
import { rowsAfter } from './keyset-query';
import { searchGramOf, userConverter, userSearchGrams, withoutPassword } from './user-docs';

const keyOf = (u: UserProfile): Key => [u.createdAt, u.uid];

export function userSearch(ctx: FirestoreContext): UserStore['search'] {
  const { db } = ctx;
  return async (q) => {
    await upgradeUserSearch(db);
    let filtered: Query<UserWithPassword> = db.collection(COLLECTIONS.users).withConverter(userConverter);
    if (q.role !== undefined) filtered = filtered.where('role', '==', q.role);
    if (q.disabled !== undefined) filtered = filtered.where('disabled', '==', q.disabled);
    const words = (q.words ?? []).map(foldText).filter(Boolean);
    const gram = searchGramOf(words);
    let page: Omit<Awaited<ReturnType<UserStore['search']>>, 'items'> & { items: UserProfile[] };
    if (gram) {
      const matches = (await filtered.where('searchGrams', 'array-contains', gram).get()).docs
        .map((d) => withoutPassword(d.data()))
        .filter((u) => {
          const text = foldText(`${u.displayName} ${u.email}`);
          return words.every((w) => text.includes(w));
        })
        .sort((a, b) => compareKeys(keyOf(b), keyOf(a)));
      page = { ...(await keysetPage(q, 2, keyOf, readSorted(matches, keyOf, true))), total: matches.length };
    } else {
      const [counted, found] = await Promise.all([
        filtered.count().get(),
        keysetPage(q, 2, keyOf, async (from, n, backward) => {
          const order = backward ? 'asc' : 'desc';
          const ordered = filtered.orderBy('createdAt', order).orderBy('uid', order);
          return (await rowsAfter(ordered, 'createdAt', !backward, keyOf, from, n)).map(withoutPassword);
        }),
      ]);
      page = { ...found, total: counted.data().count };
    }
    // The events of the page's accounts, by `in` queries of 30 accounts (decision 160): their events, no other.
    const counts = new Map<string, number>();
    const uids = page.items.map((u) => u.uid);
    for (let i = 0; i < uids.length; i += 30) {
      const owned = ctx.db.collection(COLLECTIONS.events).where('createdBy', 'in', uids.slice(i, i + 30));
      for (const d of (await owned.select('createdBy').get()).docs) {
        const uid = String(d.get('createdBy'));
        counts.set(uid, (counts.get(uid) ?? 0) + 1);
      }
    }
    return { ...page, items: page.items.map((u) => ({ ...u, eventCount: counts.get(u.uid) ?? 0 })) };
  };
}

const UPGRADE = 'userSearchGrams';
const upgrades = new WeakMap<Firestore, Promise<void>>();

/**
 * Accounts written before the search's pieces get them, once per database: a marker document says it is done (one
 * read per process afterwards). Every write of an account since then stores its pieces.
 */
export function upgradeUserSearch(db: Firestore): Promise<void> {
  let done = upgrades.get(db);
  if (!done) {
    done = (async () => {
      const marker = db.collection(COLLECTIONS.upgrades).doc(UPGRADE);
      if ((await marker.get()).exists) return;
      const all = await db.collection(COLLECTIONS.users).select('displayName', 'email', 'searchGrams').get();
      const missing = all.docs.filter((d) => !Array.isArray(d.get('searchGrams')));
      await inBatches(db, missing, (batch, d) =>
        batch.update(d.ref, {
          searchGrams: userSearchGrams(String(d.get('displayName') ?? ''), String(d.get('email') ?? '')),
        }),
      );
      await marker.set({ doneAt: new Date().toISOString() });
    })();
    // A failed upgrade is tried again by the next search.
    done.catch(() => upgrades.delete(db));
    upgrades.set(db, done);
  }
  return done;
}
