// The store port of an account's favourites (issue 74, decision 170): an event, a series as a whole, or one date of a
// series, kept by an account; and the secret of its personal calendar feed. They go with the account. A visitor
// without an account keeps theirs in the browser, merged here when they sign in.

import type { FavouriteKey } from '~/domain/favourites';

export type { FavouriteKey };

export interface Favourite extends FavouriteKey {
  createdAt: string;
}

export interface FavouriteStore {
  /** An account's favourites, oldest first. */
  list(uid: string): Promise<Favourite[]>;
  /**
   * Keeps these (those already kept stay as they were), up to `max` in all for the account: those past it are not
   * kept. How many were new.
   */
  add(uid: string, keys: readonly FavouriteKey[], now: string, max: number): Promise<number>;
  /** Forgets one; false when it was not kept. */
  remove(uid: string, key: FavouriteKey): Promise<boolean>;
  /** The secret of the account's calendar feed, or null before it is first asked for. */
  feedToken(uid: string): Promise<string | null>;
  /** Sets (or renews: the old one then leads nowhere) the secret of the account's calendar feed. */
  setFeedToken(uid: string, token: string, now: string): Promise<void>;
  /** The account whose feed this secret is, or null. */
  feedOwner(token: string): Promise<string | null>;
}
