// The HTTP side of « Dernier retour » (issue 51): the locality a request asks for (`retour`, from the list only), the
// asks each address may make per minute, and the answer for the date the page shows. The page without JavaScript and
// the JSON route read it the same way; the locality is in that request only, never logged nor kept.
import { RateLimiterRes } from 'rate-limiter-flexible';
import { sbbReturnUrl } from '~/domain/calendar-links';
import { DISTANCE_ERRORS } from '~/domain/distance';
import type { AgendaEvent } from '~/domain/event';
import { LAST_TRIP_PARAM, type LastTrip, type Occasion, type ReturnWindow, returnWindow } from '~/domain/last-trip';
import { findLocality, type Locality } from '~/domain/localities';
import type { SeriesView } from '../events/series';
import { createLimiter, type Limiter } from '../platform/limiter';
import { createLastTripFinder, type LastTripFinder, transportApi } from '../transport/last-trip';

/** Timetable asks per address and minute that reach the server (a page kept in the cache costs nothing). */
export const LAST_TRIP_PER_MINUTE = 20;
/** The longest locality read: the longest name of the list is some 30 characters. */
const TYPED_MAX = 80;

export interface LastTripAsk {
  /** What was typed (kept in the field when refused). */
  typed: string;
  home: Locality | null;
  error: string | null;
}

export const NO_HOME = 'Indiquez la localité où vous habitez.';

/** The locality asked for, or null when none is: a name or an alias of the list, else a French refusal. */
export function readLastTripAsk(params: URLSearchParams): LastTripAsk | null {
  const raw = params.get(LAST_TRIP_PARAM);
  if (raw === null) return null;
  const typed = raw.trim().slice(0, TYPED_MAX);
  // Nothing typed (spaces only get past the browser's `required`): asked for, not « Localité inconnue : «  » ».
  if (!typed) return { typed, home: null, error: NO_HOME };
  const home = findLocality(typed);
  return { typed, home, error: home ? null : DISTANCE_ERRORS.unknownPlace(typed) };
}

/**
 * The date the page is about, and when its return may leave, if one can be counted: none for a period, a cancelled
 * date or event, an all-day date, a date already over.
 */
export function returnFor(
  event: AgendaEvent,
  series: SeriesView | null,
  shown: { startsAt: string; endsAt: string; openEnd: boolean; allDay: boolean; cancelled: boolean } | null,
  now: Date,
): { occasion: Occasion; window: ReturnWindow } | null {
  if (event.status === 'cancelled' || series?.kind === 'period') return null;
  const occasion = series ? (shown && !shown.cancelled ? shown : null) : event;
  if (!occasion || Date.parse(occasion.endsAt) < now.getTime()) return null;
  const window = returnWindow(occasion);
  return window ? { occasion, window } : null;
}

const finders = new Map<string, LastTripFinder>();
let limiter: Limiter | null = null;

/** The answer for `home` after `occasion`, or `busy` past the address's allowance. */
export async function lastTripFor(
  { transportUrl, clientIp }: { transportUrl: string; clientIp: string },
  place: { event: AgendaEvent; stop: string },
  occasion: Occasion,
  home: Locality,
): Promise<LastTrip | null> {
  limiter ??= createLimiter({ points: LAST_TRIP_PER_MINUTE, duration: 60, keyPrefix: 'retour' });
  try {
    await limiter.consume(clientIp);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const leave = returnWindow(occasion)?.leaveFrom ?? occasion.endsAt;
    return { kind: 'busy', sbb: sbbReturnUrl(place.event, place.stop, home.name, leave) };
  }
  let finder = finders.get(transportUrl);
  if (!finder) {
    finder = createLastTripFinder(transportApi(transportUrl));
    finders.set(transportUrl, finder);
  }
  return finder.find(place.event, place.stop, occasion, home);
}
