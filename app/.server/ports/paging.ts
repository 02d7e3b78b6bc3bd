// Pages read by keyset (issue 35): a page starts after, or ends before, an item of the page next to it, named by an
// opaque cursor the store made. On Firestore a page costs its own documents, never those of the pages before it.

/** Which page: the first, the one after the item of `after`, or the one before the item of `before`. */
export interface PageRequest {
  limit: number;
  /** A `next` cursor of a previous answer. */
  after?: string | null;
  /** A `prev` cursor of a previous answer. */
  before?: string | null;
}

/**
 * A page and the cursors of its neighbours (null where there is none). A cursor the store cannot read, or one of an
 * item gone since, still gives a page: the first one, or the items next to where that item was.
 */
export interface CursorPage<T> {
  items: T[];
  /** How many items there are in all, on every page. */
  total: number;
  next: string | null;
  prev: string | null;
}
