// « Dernier retour » (issue 51): the last connection from the event's stop to the visitor's locality after the end,
// the timetable asked a few pages at most, each kept a while per stop, locality and time (docs/dernier-retour.md).
import { LRUCache } from 'lru-cache';
import { sbbReturnUrl } from '~/domain/calendar-links';
import type { AgendaEvent } from '~/domain/event';
import {
  type Connection,
  chooseLastTrip,
  type LastTrip,
  type Occasion,
  type ReturnWindow,
  returnWindow,
  searchStarts,
} from '~/domain/last-trip';
import type { Locality } from '~/domain/localities';
import { type FetchConnections, TRANSPORT_PAGE_SIZE } from '../platform/transport-api';

/** How long the timetable may take for one question (all its pages): past it, the page says it could not be read. */
export const TRANSPORT_TIMEOUT_MS = 4_000;
/** Pages asked from one start at most (16 connections each): from 21:00, three cover the densest line till the night's end. */
export const TRANSPORT_MAX_PAGES = 3;
/** How long a timetable read is kept, and how many are. */
const KEEP_MS = 15 * 60_000;
const KEEP_ENTRIES = 2_000;

interface Asked {
  connections: FetchConnections;
  from: string;
  to: string;
  start: Date;
  nightEnds: Date;
  signal: AbortSignal;
}

/** The connections from `start` to the night's end: page after page, until one leaves after it or the pages run out. */
async function readNight({ connections, from, to, start, nightEnds, signal }: Asked): Promise<Connection[]> {
  const found: Connection[] = [];
  for (let page = 0; page < TRANSPORT_MAX_PAGES; page++) {
    const got = await connections({ from, to, at: start, page }, signal);
    found.push(...got);
    const last = got.at(-1);
    if (got.length < TRANSPORT_PAGE_SIZE || !last || Date.parse(last.departure) >= nightEnds.getTime()) break;
  }
  return found;
}

export interface LastTripFinder {
  find(
    event: Pick<AgendaEvent, 'city' | 'street' | 'postalCode' | 'lat' | 'lng'>,
    stop: string,
    occasion: Occasion,
    home: Locality,
  ): Promise<LastTrip | null>;
}

/**
 * A finder on one timetable: its reads kept per (stop, locality, start), the same read asked twice at once made once.
 * A failed or late read is not kept. Null for a date without an end to count from (all day).
 */
export function createLastTripFinder(
  connections: FetchConnections,
  { timeoutMs = TRANSPORT_TIMEOUT_MS } = {},
): LastTripFinder {
  const cache = new LRUCache<string, Connection[], Omit<Asked, 'start'> & { start: Date }>({
    max: KEEP_ENTRIES,
    ttl: KEEP_MS,
    fetchMethod: (_key, _stale, { context }) => readNight(context),
  });
  const read = async (from: string, to: string, window: ReturnWindow, signal: AbortSignal) => {
    for (const start of searchStarts(window)) {
      const key = JSON.stringify([from, to, start.toISOString()]);
      const night = await cache.fetch(key, {
        context: { connections, from, to, start, nightEnds: window.nightEnds, signal },
      });
      const trip = chooseLastTrip(night ?? [], window);
      if (trip) return trip;
    }
    return null;
  };
  return {
    async find(event, stop, occasion, home) {
      const window = returnWindow(occasion);
      if (!window) return null;
      const from = stop || event.city;
      try {
        const trip = await read(from, home.name, window, AbortSignal.timeout(timeoutMs));
        const sbb = sbbReturnUrl(event, stop, home.name, trip?.departure ?? window.leaveFrom);
        return trip ? { kind: 'trip', trip, sbb, first: window.morning } : { kind: 'none', sbb };
      } catch (error) {
        // The locality stays out of the log: only that the timetable did not answer, and why.
        console.warn(`[horaire] sans réponse : ${error instanceof Error ? error.message : String(error)}`);
        return { kind: 'unavailable', sbb: sbbReturnUrl(event, stop, home.name, window.leaveFrom) };
      }
    },
  };
}
