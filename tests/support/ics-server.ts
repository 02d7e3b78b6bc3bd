// A local HTTP server for the import's tests: serves calendar feeds set by the test (ETag and 304 included). The safe
// fetcher reaches it only with its test setting (IMPORT_ALLOW_LOOPBACK, allowLoopback).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const icsFixture = (name: string) => readFileSync(`tests/fixtures/ics/${name}.ics`, 'utf8');

export interface IcsServer {
  url(path: string): string;
  /** Serves this text at this path (status 200, text/calendar), or an HTTP status. */
  set(path: string, body: string | number): void;
  /** How many requests each path got. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

export async function startIcsServer(port = 0): Promise<IcsServer> {
  const feeds = new Map<string, string | number>();
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const body = feeds.get(path);
    if (body === undefined || typeof body === 'number') {
      res.writeHead(typeof body === 'number' ? body : 404).end();
      return;
    }
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${bound}${path}`,
    set: (path, body) => feeds.set(path, body),
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
