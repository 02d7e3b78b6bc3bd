// « Mes favoris » on the server (issue 74, decision 170): a heart kept or dropped, in the account when there is one,
// else in the browser's `favoris` cookie once functional cookies are accepted (the browser's list joins the account
// when it signs in: platform/session.ts). Each one newly kept counts in its organizers' figures (decision 171).

import { zurichDay } from '~/domain/dates';
import { actorsFor } from '~/domain/event-lifecycle';
import {
  ACCOUNT_FAVOURITES_MAX,
  BROWSER_FAVOURITES_MAX,
  FAVOURITE_CONSENT_NEEDED,
  FAVOURITE_DROPPED,
  FAVOURITE_INVALID,
  FAVOURITE_KEPT,
  type FavouriteKey,
  favouriteKeyText,
  favouritesCookieValue,
  favouritesFull,
  parseFavouriteKey,
  parseFavouritesCookie,
} from '~/domain/favourites';
import { countEventFigure } from '../analytics/event-figures';
import { getEventForViewer } from '../events/public';
import type { Store, UserProfile } from '../ports';

export interface FavouriteAnswer {
  ok: boolean;
  /** Whether it is now kept (what the heart shows). */
  kept: boolean;
  message: string;
  /** The browser's new list, when it is the browser that keeps it. */
  browserKeys?: string[];
}

export interface KeepInput {
  intent: 'keep' | 'drop';
  key: string;
  /** The request's Cookie header: the browser's list. */
  cookie: string | null;
  /** Whether functional cookies are accepted (the session's choice, or the one the page's script read). */
  functional: boolean;
}

export async function keepFavourite(
  services: { store: Store },
  user: UserProfile | null,
  input: KeepInput,
  now: Date,
): Promise<FavouriteAnswer> {
  const key = parseFavouriteKey(input.key);
  const keeping = input.intent === 'keep';
  const event = key && keeping ? await getEventForViewer(services, key.eventId, null) : null;
  if (!key || (keeping && !event)) return { ok: false, kept: false, message: FAVOURITE_INVALID };
  /**
   * A favourite newly kept, in its organizers' figures: a date of a series as its page's `?date=` says it. Not an
   * admin's, nor one of whoever manages the event (decision 171: they are not the audience); the public view above
   * does not say who that is, the stored event does.
   */
  const counted = async () => {
    if (!event) return;
    const stored = user ? await services.store.events.findById(event.event.id) : null;
    if (stored && actorsFor(user, stored).length > 0) return;
    const day = key.startsAt ? zurichDay(key.startsAt) : '';
    await countEventFigure({ store: services.store, now: () => now }, event.event, 'favorite', day);
  };
  if (user) {
    const { favourites } = services.store;
    if (!keeping) {
      await favourites.remove(user.uid, key);
      return { ok: true, kept: false, message: FAVOURITE_DROPPED };
    }
    const added = await favourites.add(user.uid, [key], now.toISOString(), ACCOUNT_FAVOURITES_MAX);
    if (added === 0 && !(await favourites.list(user.uid)).some((f) => sameKey(f, key)))
      return { ok: false, kept: false, message: favouritesFull(ACCOUNT_FAVOURITES_MAX) };
    if (added) await counted();
    return { ok: true, kept: true, message: FAVOURITE_KEPT };
  }
  const text = favouriteKeyText(key);
  const browserKeys = parseFavouritesCookie(favouritesCookieValue(input.cookie));
  if (!keeping) {
    return { ok: true, kept: false, message: FAVOURITE_DROPPED, browserKeys: browserKeys.filter((k) => k !== text) };
  }
  if (!input.functional) return { ok: false, kept: false, message: FAVOURITE_CONSENT_NEEDED };
  if (browserKeys.includes(text)) return { ok: true, kept: true, message: FAVOURITE_KEPT, browserKeys };
  if (browserKeys.length >= BROWSER_FAVOURITES_MAX)
    return { ok: false, kept: false, message: favouritesFull(BROWSER_FAVOURITES_MAX) };
  await counted();
  return { ok: true, kept: true, message: FAVOURITE_KEPT, browserKeys: [...browserKeys, text] };
}

const sameKey = (a: FavouriteKey, b: FavouriteKey) => a.eventId === b.eventId && a.startsAt === b.startsAt;

/** The keys an account keeps, as the page's script reads them. */
export async function accountFavouriteKeys(store: Pick<Store, 'favourites'>, uid: string): Promise<string[]> {
  return (await store.favourites.list(uid)).map(favouriteKeyText);
}
