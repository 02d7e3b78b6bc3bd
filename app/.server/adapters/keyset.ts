// Keyset paging shared by the adapters (ports/paging.ts): each adapter reads its rows in list order from a key, or in
// reverse order from a key; this makes the page and the cursors of its neighbours.
import type { CursorPage, PageRequest } from '../ports';

/** The sort key of an item, in list order: strings, numbers or null (what both stores compare). */
export type Key = readonly (string | number | null)[];

/** Reads up to `n` rows strictly after `from` (or from the start), in list order, or in reverse order when `backward`. */
export type ReadRows<T> = (from: Key | null, n: number, backward: boolean) => Promise<T[]>;

const isKeyPart = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'number';

export function encodeCursor(key: Key): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The key of a cursor, or null when it is not one of `length` parts (a hand-made or older cursor: first page). */
export function decodeCursor(cursor: string | null | undefined, length: number): Key | null {
  if (!cursor || cursor.length > 1000) return null;
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(key) && key.length === length && key.every(isKeyPart) ? key : null;
  } catch {
    return null;
  }
}

/**
 * One page read through `read`: the first page, the page after the `after` key, or the page before the `before` key
 * (the first page when fewer than a page's rows come before it). `total` is counted apart, by the adapter.
 */
export async function keysetPage<T>(
  request: PageRequest,
  keyLength: number,
  keyOf: (row: T) => Key,
  read: ReadRows<T>,
): Promise<Omit<CursorPage<T>, 'total'>> {
  const { limit } = request;
  const before = decodeCursor(request.before, keyLength);
  if (before) {
    const rows = await read(before, limit + 1, true);
    if (rows.length > limit) {
      const items = rows.slice(0, limit).reverse();
      return { items, prev: encodeCursor(keyOf(items[0])), next: encodeCursor(keyOf(items[items.length - 1])) };
    }
  }
  const after = before ? null : decodeCursor(request.after, keyLength);
  const rows = await read(after, limit + 1, false);
  const items = rows.slice(0, limit);
  return {
    items,
    next: rows.length > limit ? encodeCursor(keyOf(items[items.length - 1])) : null,
    prev: after ? encodeCursor(items.length > 0 ? keyOf(items[0]) : after) : null,
  };
}

/** Compares two keys part by part (null first, as Firestore orders it). */
export function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === null) return -1;
    if (y === null) return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** `read` over rows already sorted in list order by `keyOf` ascending (`descending`: by keyOf descending). */
export function readSorted<T>(sorted: readonly T[], keyOf: (row: T) => Key, descending: boolean): ReadRows<T> {
  return async (from, n, backward) => {
    const rows = backward ? [...sorted].reverse() : sorted;
    // In the direction of reading, keys go up when (descending === backward).
    const up = descending === backward;
    const start = from
      ? rows.findIndex((r) => {
          const c = compareKeys(keyOf(r), from);
          return up ? c > 0 : c < 0;
        })
      : 0;
    return start < 0 ? [] : rows.slice(start, start + n);
  };
}
