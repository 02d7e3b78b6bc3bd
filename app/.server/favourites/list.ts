// `/favoris` (decision 170): what an account, or this browser, keeps, in date order, those past apart. A kept event
// that is cancelled, a kept date cancelled, or a kept date its series no longer has (moved) are said so; one no longer
// public is left out. A whole series stands at its next date (its first while none has come).
import type { AgendaEvent } from '~/domain/event';
import { publicView } from '~/domain/event-visibility';
import { ACCOUNT_FAVOURITES_MAX, browserFavourites, type FavouriteKey, favouriteKeyText } from '~/domain/favourites';
import { inZurichWeek } from '~/domain/favourites-week';
import type { Store } from '../ports';
import { occurrencesOf } from '../schedule/schedule-expand';

export interface FavouriteItem {
  key: FavouriteKey;
  keyText: string;
  event: AgendaEvent;
  /** The date it stands at: the one kept, the event's, or a series' next. */
  startsAt: string;
  endsAt: string;
  /** « Annulé »: the event, or the date kept. */
  cancelled: boolean;
  /** « Date changée »: the date kept is no longer one of its series' (or its event's). */
  dateChanged: boolean;
}

export interface FavouritesView {
  upcoming: FavouriteItem[];
  past: FavouriteItem[];
}

/** The favourites of an account (when signed in) or of this browser's `favoris` cookie. */
export async function favouriteKeysOf(
  store: Pick<Store, 'favourites'>,
  uid: string | null,
  cookieHeader: string | null,
): Promise<FavouriteKey[]> {
  return uid ? await store.favourites.list(uid) : browserFavourites(cookieHeader);
}

export function favouriteItem(key: FavouriteKey, stored: AgendaEvent, now: Date): FavouriteItem | null {
  const event = publicView(stored);
  if (!event) return null;
  const dates = occurrencesOf(event);
  const cancelledDates = new Set(event.cancelledDates ?? []);
  const eventCancelled = event.status === 'cancelled';
  const base = { key, keyText: favouriteKeyText(key), event };
  if (key.startsAt) {
    // Dates are written with their Zurich offset, keys in UTC: the same instant is the same date.
    const at = Date.parse(key.startsAt);
    const date = dates.find((d) => Date.parse(d.startsAt) === at);
    const cancelled = eventCancelled || (date ? cancelledDates.has(date.startsAt) : false);
    const startsAt = date?.startsAt ?? key.startsAt;
    return { ...base, startsAt, endsAt: date?.endsAt ?? key.startsAt, cancelled, dateChanged: !date };
  }
  const next = dates.find((d) => Date.parse(d.endsAt) >= now.getTime()) ?? dates.at(-1);
  return {
    ...base,
    startsAt: next?.startsAt ?? event.startsAt,
    endsAt: next?.endsAt ?? event.endsAt,
    cancelled: eventCancelled,
    dateChanged: false,
  };
}

export async function favouritesView(
  store: Pick<Store, 'favourites' | 'events'>,
  keys: readonly FavouriteKey[],
  now: Date,
): Promise<FavouritesView> {
  // One read for them all (decision 173), bounded as an account's favourites are.
  const ids = [...new Set(keys.map((k) => k.eventId))].slice(0, ACCOUNT_FAVOURITES_MAX);
  const events = new Map((ids.length ? await store.events.findByIds(ids) : []).map((e) => [e.id, e]));
  const items = keys
    .map((key) => {
      const event = events.get(key.eventId);
      return event ? favouriteItem(key, event, now) : null;
    })
    .filter((item): item is FavouriteItem => item !== null)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const over = (item: FavouriteItem) => Date.parse(item.endsAt) < now.getTime();
  return { upcoming: items.filter((i) => !over(i)), past: items.filter(over).reverse() };
}

/** How many « Vos favoris cette semaine » the home page shows. */
export const WEEK_SHOWN = 6;

/** « Vos favoris cette semaine » (decision 173): those still to come that take place in the Zurich week of `now`. */
export async function favouritesThisWeek(
  store: Pick<Store, 'favourites' | 'events'>,
  keys: readonly FavouriteKey[],
  now: Date,
): Promise<FavouriteItem[]> {
  if (keys.length === 0) return [];
  const { upcoming } = await favouritesView(store, keys, now);
  return upcoming.filter((item) => inZurichWeek(item, now)).slice(0, WEEK_SHOWN);
}
