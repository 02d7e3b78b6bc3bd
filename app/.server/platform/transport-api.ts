// The public Swiss transport API (transport.opendata.ch, at TRANSPORT_API_URL): one page of connections from a stop to a
// locality, leaving from a time, read within a deadline and a bounded size (docs/dernier-retour.md).
import { z } from 'zod';
import { zurichWallClock } from '~/domain/dates';
import type { Connection } from '~/domain/last-trip';

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
