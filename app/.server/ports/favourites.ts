// The store port of an account's favourites (issue 74, decision 170): an event, a series as a whole, or one date of a
// series, kept by an account; the secret of its personal calendar feed; the organizers and venues it follows
// (decision 173). They go with the account. A visitor
// without an account keeps theirs in the browser, merged here when they sign in.

import type { FavouriteKey } from '~/domain/favourites';

export type { FavouriteKey };

export interface Favourite extends FavouriteKey {
  createdAt: string;
}

/** An organizer or a venue an account follows (decision 173): the list's filter name and its slug. */
export interface FollowKey {
  kind: 'organisateur' | 'lieu';
  slug: string;
}

export interface Follow extends FollowKey {
  /** Since when: its events published after it are « Nouveautés de ceux que je suis ». */
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
  /** What an account follows, oldest first. */
  follows(uid: string): Promise<Follow[]>;
  /** Follows it (one already followed keeps its date), unless the account follows `max` already: whether it is. */
  follow(uid: string, key: FollowKey, now: string, max: number): Promise<boolean>;
  /** Stops following it; false when it was not followed. */
  unfollow(uid: string, key: FollowKey): Promise<boolean>;
}
