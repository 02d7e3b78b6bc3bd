// Keyset reads on Firestore (ports/paging.ts): the rows after a key, in the query's order, by a range filter on the
// first field of the order and the few rows that share that field's value skipped here. No `startAfter`: the
// in-process emulator of the tests ignores cursors; a range filter is billed the same (the rows it returns).
import type { Query } from 'firebase-admin/firestore';
import { compareKeys, type Key } from '../keyset';

/**
 * Up to `n` rows strictly after `from` in the order of `ordered` (ordered by `firstField`, then the rest of the key),
 * `descending` when that order is from the largest key down.
 */
export async function rowsAfter<T>(
  ordered: Query<T>,
  firstField: string,
  descending: boolean,
  keyOf: (row: T) => Key,
  from: Key | null,
  n: number,
): Promise<T[]> {
  if (!from) return (await ordered.limit(n).get()).docs.map((d) => d.data());
  const beyond = (row: T) => {
    const c = compareKeys(keyOf(row), from);
    return descending ? c < 0 : c > 0;
  };
  const ranged = from[0] === null ? ordered : ordered.where(firstField, descending ? '<=' : '>=', from[0]);
  // Rows of the same first value as `from` may come before it: read a page more until past them.
  for (let take = n + 1; ; take += n + 1) {
    const docs = (await ranged.limit(take).get()).docs.map((d) => d.data());
    const rows = docs.filter(beyond);
    if (rows.length >= n || docs.length < take) return rows.slice(0, n);
  }
}
