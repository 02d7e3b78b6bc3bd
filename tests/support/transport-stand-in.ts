// A local stand-in for transport.opendata.ch's GET /v1/connections (« Dernier retour », docs/dernier-retour.md), so
// that tests never reach the network: the recorded answer of tests/fixtures/transport/ for Lausanne → Yverdon-les-Bains,
// dated on the day asked, from the time asked, by pages; any other trip gets a 503 (the timetable down).
// The e2e server's is started by playwright.config.ts (tests/support/transport-stand-in-server.ts).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDaysToDate } from '../../app/domain/dates';
import { zurichIso } from '../../app/domain/zurich-iso';

type Recorded = { from: { departure: string | null }; [key: string]: unknown };

const RECORDED = JSON.parse(
  fs.readFileSync(new URL('../fixtures/transport/lausanne-yverdon.json', import.meta.url), 'utf8'),
) as { connections: Recorded[] };
/** The day the recorded answer was asked for. */
const RECORDED_DAY = '2026-12-05';

export interface TransportStandIn {
  url: string;
  port: number;
  /** Every query received, in order. */
  asked: URLSearchParams[];
  close(): Promise<void>;
}

const normalized = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** « 2026-12-05T23:42:00+0100 » of the recorded day as the same time on `day` (its own offset, summer or winter). */
function redated(stamp: string, day: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):\d{2}[+-]\d{4}$/.exec(stamp);
  if (!m) return stamp;
  const shift = Math.round((Date.parse(`${m[1]}T12:00:00Z`) - Date.parse(`${RECORDED_DAY}T12:00:00Z`)) / 86_400_000);
  return zurichIso(addDaysToDate(day, shift), m[2]).replace(/([+-]\d{2}):(\d{2})$/, '$1$2');
}

/** Every « …T..:..:..+0100 » string of a recorded connection, moved to `day`. */
function redate(value: unknown, day: string): unknown {
  if (typeof value === 'string') return redated(value, day);
  if (Array.isArray(value)) return value.map((v) => redate(v, day));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redate(v, day)]));
  return value;
}

/** The answer to a query: the recorded connections from Lausanne to Yverdon-les-Bains, else null (503). */
export function answerFor(query: URLSearchParams, recorded: Recorded[] = RECORDED.connections): unknown | null {
  const from = normalized(query.get('from') ?? '');
  const to = normalized(query.get('to') ?? '');
  if (!from.startsWith('lausanne') || to !== 'yverdon-les-bains') return null;
  const date = query.get('date') ?? '';
  const time = query.get('time') ?? '00:00';
  const limit = Math.min(16, Math.max(1, Number(query.get('limit') ?? 4)));
  const page = Math.max(0, Number(query.get('page') ?? 0));
  const since = Date.parse(zurichIso(date, time));
  const dated = recorded
    .map((c) => redate(c, date) as Recorded)
    .filter((c) => Date.parse((c.from.departure ?? '').replace(/(\d{2})(\d{2})$/, '$1:$2')) >= since);
  return { connections: dated.slice(page * limit, (page + 1) * limit) };
}

export async function startTransportStandIn({
  port = 0,
  delayMs = 0,
  recorded,
}: {
  port?: number;
  delayMs?: number;
  recorded?: Recorded[];
} = {}): Promise<TransportStandIn> {
  const asked: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname !== '/v1/connections') {
      res.writeHead(url.pathname === '/' ? 200 : 404, { 'Content-Type': 'text/plain' }).end('horaire de test');
      return;
    }
    asked.push(url.searchParams);
    const answer = answerFor(url.searchParams, recorded);
    setTimeout(() => {
      if (answer === null) {
        res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"errors":[{"message":"indisponible"}]}');
      } else res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/v1`,
    port: bound,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
