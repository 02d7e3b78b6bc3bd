// « Mes favoris » (issue 74, decision 170): what a heart keeps and how the browser of a visitor without an account
// holds it. The key of a favourite is the event's id, or `id~date` for one date of a series (its ISO start); the
// browser's list is the `favoris` cookie, a functional cookie (kept only once functional cookies are accepted), read by
// the page's script to show « Gardé » (the pages themselves are the same for everyone: they stay cached) and by the
// server to merge it into an account at sign-in.

export interface FavouriteKey {
  eventId: string;
  /** The date of a series kept on its own (its ISO start), or null: the event, or the whole series. */
  startsAt: string | null;
}

export const FAVOURITES_COOKIE = 'favoris';
/** Kept in a browser: about 40 keys of 70 characters stay well under a cookie's 4 KB. */
export const BROWSER_FAVOURITES_MAX = 40;
/** Kept by an account. */
export const ACCOUNT_FAVOURITES_MAX = 200;
export const FAVOURITES_ACTION = '/favoris/garder';

export const FAVOURITE_CONSENT_NEEDED =
  'Acceptez les cookies fonctionnels pour garder des événements sans compte, ou connectez-vous.';
export const FAVOURITE_KEPT = 'Gardé dans vos favoris.';
export const FAVOURITE_DROPPED = 'Retiré de vos favoris.';
export const FAVOURITE_INVALID = 'Cet événement ne peut pas être gardé.';
export const favouritesFull = (max: number) =>
  `Vous gardez déjà ${max} favoris : retirez-en un pour en garder un autre.`;

const EVENT_ID = /^[A-Za-z0-9_-]{1,100}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

export function favouriteKeyText(key: FavouriteKey): string {
  return key.startsAt ? `${key.eventId}~${new Date(key.startsAt).toISOString()}` : key.eventId;
}

/** The key a text stands for, or null when it is not one. */
export function parseFavouriteKey(text: string): FavouriteKey | null {
  const [eventId, startsAt, extra] = text.split('~');
  if (extra !== undefined || !EVENT_ID.test(eventId)) return null;
  if (startsAt === undefined) return { eventId, startsAt: null };
  return ISO.test(startsAt) && !Number.isNaN(Date.parse(startsAt)) ? { eventId, startsAt } : null;
}

/** The keys of a `favoris` cookie's value (bounded, duplicates and what is not a key left out). */
export function parseFavouritesCookie(value: string | null | undefined): string[] {
  if (!value) return [];
  let text = value;
  try {
    text = decodeURIComponent(value);
  } catch {
    return [];
  }
  const keys = text.split(' ').filter((k) => parseFavouriteKey(k) !== null);
  return [...new Set(keys)].slice(-BROWSER_FAVOURITES_MAX);
}

/** The value of the `favoris` cookie in a Cookie header (the browser's or the request's). */
export function favouritesCookieValue(cookieHeader: string | null | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === FAVOURITES_COOKIE) return rest.join('=');
  }
  return null;
}

/** About 13 months, as the consent that allows it (platform/consent.ts). */
const COOKIE_MAX_AGE_S = 395 * 24 * 60 * 60;

/** The Set-Cookie of the browser's list (emptied: the cookie goes). Readable by the page's script: not HttpOnly. */
export function favouritesSetCookie(keys: readonly string[], secure: boolean): string {
  const value = encodeURIComponent(keys.join(' '));
  const age = keys.length ? COOKIE_MAX_AGE_S : 0;
  return `${FAVOURITES_COOKIE}=${value}; Path=/; Max-Age=${age}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The favourites a request's Cookie header carries. */
export function browserFavourites(cookieHeader: string | null | undefined): FavouriteKey[] {
  return parseFavouritesCookie(favouritesCookieValue(cookieHeader))
    .map(parseFavouriteKey)
    .filter((k): k is FavouriteKey => k !== null);
}
