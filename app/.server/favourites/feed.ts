// The personal calendar of one's favourites (decision 170): a secret link, renewed from `/favoris` (the old one then
// answers 404), whose entries have the UIDs of the public feeds: a whole series is each of its dates as its own .ics
// gives them, one date kept is that date as a list gives it, a cancelled one is STATUS:CANCELLED.
import crypto from 'node:crypto';
import type { AgendaEvent } from '~/domain/event';
import { SITE_NAME } from '~/domain/site';
import { buildICalendar } from '../feeds/calendar';
import type { Store } from '../ports';
import { type FavouriteItem, favouriteKeysOf, favouritesView } from './list';

/** A new secret: 24 random bytes, URL-safe. */
export function newFeedToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

export const feedPath = (token: string) => `/favoris/calendrier/${token}`;

/** The secret of an account's feed, made the first time it is asked for (or renewed). */
export async function accountFeedToken(
  store: Pick<Store, 'favourites'>,
  uid: string,
  now: Date,
  renew = false,
): Promise<string> {
  const current = renew ? null : await store.favourites.feedToken(uid);
  if (current) return current;
  const token = newFeedToken();
  await store.favourites.setFeedToken(uid, token, now.toISOString());
  return token;
}

function shown(item: FavouriteItem): AgendaEvent {
  const { event } = item;
  if (!item.key.startsAt || !event.schedule) return event;
  return {
    ...event,
    startsAt: item.startsAt,
    endsAt: item.endsAt,
    occurrence: { cancelled: item.cancelled, upcoming: 0 },
  };
}

/** The feed of the account this secret is, or null (an unknown or renewed secret). */
export async function favouritesFeed(
  { store, config }: { store: Pick<Store, 'favourites' | 'events'>; config: { SITE_URL: string } },
  token: string,
  now: Date,
): Promise<string | null> {
  const uid = token.length >= 20 ? await store.favourites.feedOwner(token) : null;
  if (!uid) return null;
  const view = await favouritesView(store, await store.favourites.list(uid), now);
  const items = [...view.past.reverse(), ...view.upcoming];
  // A date kept beside its whole series is already in it: once, under the same UID.
  const wholeSeries = new Set(items.filter((i) => !i.key.startsAt).map((i) => i.event.id));
  const events = items.filter((i) => !i.key.startsAt || !wholeSeries.has(i.event.id)).map(shown);
  return buildICalendar(events, { siteUrl: config.SITE_URL, name: `Mes favoris — ${SITE_NAME}` });
}

/** `/favoris`: what is kept (the account's, else this browser's) and, for an account, its feed's address if made. */
export async function favouritesPage(
  services: { store: Pick<Store, 'favourites' | 'events'>; config: { SITE_URL: string } },
  uid: string | null,
  cookieHeader: string | null,
  now: Date,
) {
  const { store, config } = services;
  const view = await favouritesView(store, await favouriteKeysOf(store, uid, cookieHeader), now);
  const token = uid ? await store.favourites.feedToken(uid) : null;
  return { view, feed: token ? `${config.SITE_URL}${feedPath(token)}` : null };
}
