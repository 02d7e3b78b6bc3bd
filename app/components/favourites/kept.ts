// What this browser shows as kept (decision 170): the account's keys when signed in (asked once per page load), else
// the `favoris` cookie's. A small store that every heart of the page reads; the server's HTML never carries it.
import { useSyncExternalStore } from 'react';
import { FAVOURITES_ACTION, favouritesCookieValue, parseFavouritesCookie } from '~/domain/favourites';

let kept: ReadonlySet<string> = new Set();
let asked: 'none' | 'browser' | 'account' = 'none';
const listeners = new Set<() => void>();

function set(next: Iterable<string>) {
  kept = new Set(next);
  for (const listener of listeners) listener();
}

/** Reads the browser's list, or asks the account's once. */
function load(signedIn: boolean) {
  if (signedIn && asked !== 'account') {
    asked = 'account';
    fetch(FAVOURITES_ACTION, { headers: { Accept: 'application/json' } })
      .then((r) => r.json())
      .then((body: { keys: string[] | null }) => set(body.keys ?? []))
      .catch(() => {});
  } else if (!signedIn && asked === 'none') {
    asked = 'browser';
    set(parseFavouritesCookie(favouritesCookieValue(document.cookie)));
  }
}

export function markKept(key: string, isKept: boolean) {
  const next = new Set(kept);
  if (isKept) next.add(key);
  else next.delete(key);
  set(next);
}

const EMPTY: ReadonlySet<string> = new Set();

/** Whether each key is kept, as this browser knows it (nothing before hydration: the page is everyone's). */
export function useKept(signedIn: boolean): ReadonlySet<string> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      load(signedIn);
      return () => listeners.delete(listener);
    },
    () => kept,
    () => EMPTY,
  );
}
