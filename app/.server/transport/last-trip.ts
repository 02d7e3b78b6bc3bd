// « Dernier retour » (issue 51): the last connection from the event's stop to the visitor's locality after the end,
// the timetable asked a few pages at most, each kept a while per stop, locality and time (docs/dernier-retour.md).
// Its client of the public Swiss transport API is below, beside the one feature that asks it.
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { sbbReturnUrl } from '~/domain/calendar-links';
import { zurichWallClock } from '~/domain/dates';
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

// The public Swiss transport API (transport.opendata.ch, at TRANSPORT_API_URL): one page of connections from a stop to a
// locality, leaving from a time, read within a deadline and a bounded size.

/** Connections asked per page: the most the API gives at once. */
export const TRANSPORT_PAGE_SIZE = 16;
/** The largest answer read: a page of 16 connections with their sections is some 100 KB. */
export const TRANSPORT_MAX_BYTES = 1024 * 1024;

export interface ConnectionsQuery {
  from: string;
  to: string;
  /** Connections leaving at or after this instant (the API reads it as Zurich's date and time). */
  at: Date;
  /** 0, 1, 2…: the next connections after those of the page before. */
  page: number;
}

export type FetchConnections = (query: ConnectionsQuery, signal: AbortSignal) => Promise<Connection[]>;

const place = z.object({
  station: z.object({ name: z.string().nullish() }).nullish(),
  departure: z.string().nullish(),
  arrival: z.string().nullish(),
});
const answer = z.object({
  connections: z
    .array(
      z.object({
        from: place,
        to: place,
        transfers: z.number().int().min(0).nullish(),
        sections: z.array(z.object({ journey: z.unknown().nullish() })).nullish(),
      }),
    )
    .default([]),
});

/** The API writes instants as « 2026-12-05T23:42:00+0100 »: with the offset's colon, as Date.parse wants. */
const instant = (text: string) => {
  const iso = text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  return Number.isNaN(Date.parse(iso)) ? null : new Date(iso).toISOString();
};

/** The connections of an answer that say when they leave and arrive; the others are left out. */
export function readConnections(json: unknown): Connection[] {
  const parsed = answer.safeParse(json);
  if (!parsed.success) throw new Error('réponse de l’horaire illisible');
  return parsed.data.connections.flatMap((c) => {
    const departure = c.from.departure ? instant(c.from.departure) : null;
    const arrival = c.to.arrival ? instant(c.to.arrival) : null;
    if (!departure || !arrival) return [];
    const rides = (c.sections ?? []).filter((s) => s.journey).length;
    return [
      {
        from: c.from.station?.name ?? '',
        to: c.to.station?.name ?? '',
        departure,
        arrival,
        transfers: c.transfers ?? Math.max(0, rides - 1),
      },
    ];
  });
}

/** The body, refused past `max` bytes (a wrong TRANSPORT_API_URL could name anything). */
async function boundedText(body: ReadableStream<Uint8Array> | null, max: number): Promise<string> {
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new Error('réponse de l’horaire trop grande');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The API at `baseUrl` (e.g. https://transport.opendata.ch/v1): GET /connections. */
export function transportApi(baseUrl: string): FetchConnections {
  const base = baseUrl.replace(/\/+$/, '');
  return async ({ from, to, at, page }, signal) => {
    const { date, time } = zurichWallClock(at);
    const params = new URLSearchParams({
      from,
      to,
      date,
      time,
      isArrivalTime: '0',
      limit: String(TRANSPORT_PAGE_SIZE),
      page: String(page),
    });
    const answered = await fetch(`${base}/connections?${params.toString()}`, {
      signal,
      headers: { Accept: 'application/json' },
      redirect: 'error',
    });
    if (!answered.ok) {
      await answered.body?.cancel();
      throw new Error(`l’horaire répond ${answered.status}`);
    }
    return readConnections(JSON.parse(await boundedText(answered.body, TRANSPORT_MAX_BYTES)));
  };
}
