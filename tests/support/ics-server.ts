// A local HTTP server for the import's tests: serves calendar feeds set by the test (ETag and 304 included), and the
// hostile answers a source may meet (a huge body, redirects, HTML). The safe fetcher reaches it only with its test
// setting (IMPORT_ALLOW_LOOPBACK, allowLoopback) or a policy that names its address.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const icsFixture = (name: string) => readFileSync(`tests/fixtures/ics/${name}.ics`, 'utf8');

/** An answer other than a feed: a redirect (relative or absolute), an HTML page, or a calendar of this many bytes. */
export type HostileAnswer = { redirect: string } | { html: string } | { bytes: number };

export interface IcsServer {
  url(path: string): string;
  /**
   * Serves this text at this path (status 200, text/calendar; charset=utf-8), these bytes (text/calendar, no charset:
   * the reader decides), an HTTP status, or a hostile answer.
   */
  set(path: string, body: string | Buffer | number | HostileAnswer): void;
  /** How many requests each path got. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** A calendar that starts like one and goes on for `total` bytes, streamed without Content-Length. */
function streamHuge(res: http.ServerResponse, total: number) {
  res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', 'transfer-encoding': 'chunked' });
  res.on('error', () => {});
  res.write('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n');
  const chunk = Buffer.alloc(64 * 1024, 'X');
  let sent = 0;
  const pump = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
}

export async function startIcsServer(port = 0, host = '127.0.0.1'): Promise<IcsServer> {
  const feeds = new Map<string, string | Buffer | number | HostileAnswer>();
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const body = feeds.get(path);
    if (body === undefined || typeof body === 'number') {
      res.writeHead(typeof body === 'number' ? body : 404).end();
      return;
    }
    if (typeof body === 'object' && !Buffer.isBuffer(body)) {
      if ('redirect' in body) res.writeHead(302, { location: body.redirect }).end();
      else if ('html' in body) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body.html);
      else streamHuge(res, body.bytes);
      return;
    }
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    const type = Buffer.isBuffer(body) ? 'text/calendar' : 'text/calendar; charset=utf-8';
    res.writeHead(200, { 'content-type': type, etag }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: (path) => `http://${host}:${bound}${path}`,
    set: (path, body) => feeds.set(path, body),
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One VEVENT of a generated feed: Zurich times, two hours long, a rule if given. */
export interface FeedEvent {
  uid: string;
  summary: string;
  /** Local time in Zurich: 20270105T193000. */
  start: string;
  rrule?: string;
  /** Its LOCATION (a hall in Nyon unless given). */
  location?: string;
}

/** A feed of these events, written as the tests need it (many, or with hostile rules). */
export function icsFeed(events: readonly FeedEvent[]): string {
  const vevent = (e: FeedEvent) =>
    [
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      'DTSTAMP:20261101T080000Z',
      `DTSTART;TZID=Europe/Zurich:${e.start}`,
      `DTEND;TZID=Europe/Zurich:${e.start.slice(0, 9)}${String(Number(e.start.slice(9, 11)) + 2).padStart(2, '0')}${e.start.slice(11)}`,
      `SUMMARY:${e.summary}`,
      `LOCATION:${e.location ?? 'Salle communale, Grand-Rue 1, 1260 Nyon'}`,
      ...(e.rrule ? [`RRULE:${e.rrule}`] : []),
      'END:VEVENT',
    ].join('\n');
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Tests//FR', ...events.map(vevent), 'END:VCALENDAR', ''].join(
    '\n',
  );
}
