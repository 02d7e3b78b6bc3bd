// A small HTTP proxy that does, for dynamic content, what Firebase Hosting documents in front of Cloud Run (its
// « Manage cache behavior » page): request cookies other than `__session` are dropped; GET answers that say `public`
// with `s-maxage` and set no cookie are cached, keyed by URL, `__session` and the request headers the answer's `Vary`
// names (but Accept-Encoding, which Hosting answers itself), and served stale while one request
// fetches them again (`stale-while-revalidate`); every request is cut after 60 s. Its requests reach the instance as
// Hosting's reach Cloud Run (issue 46): `Host` is the instance's own address, the site's host is in `X-Forwarded-Host`,
// the client's protocol in `X-Forwarded-Proto`, and `X-Forwarded-For` ends with the client's address then the proxy's
// own (Cloud Run's front end adds the address of Hosting, which connects to it): two proxies, TRUST_PROXY=2. Each
// visitor's requests (one `__session`, or none) go to the instances in turn, the next one always to the other.
// With `tls`, it answers in https, as Hosting does (the client's protocol then says https).
// The `hosting` Playwright project, `npm run firebase:local` (hosting-stack.ts) and bench/hosting.ts run the app behind it.
//   node --import tsx tests/support/hosting-proxy.ts --port 3513 --upstream http://127.0.0.1:3511 --upstream …
import http from 'node:http';
import https from 'node:https';
import { parseArgs } from 'node:util';

export interface HostingProxyOptions {
  upstreams: string[];
  port?: number;
  host?: string;
  /** Hosting ends a request to Cloud Run after 60 s. */
  cutAfterMs?: number;
  /** A key and its certificate (PEM): the proxy answers in https, as Hosting does. */
  tls?: { key: string; cert: string };
}

export interface HostingProxy {
  url: string;
  stats: { hits: number; stale: number; misses: number; passes: number };
  close(): Promise<void>;
}

interface Entry {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
  maxAgeMs: number;
  staleMs: number;
  revalidating: boolean;
}

/** Only `__session` reaches the app (Hosting strips every other cookie). */
export function keepSessionCookie(cookie: string | undefined): string | undefined {
  const kept = (cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('__session='));
  return kept.length ? kept.join('; ') : undefined;
}

/** How long a shared cache may keep this answer, or null when it must not keep it. */
export function sharedCacheLife(
  status: number,
  headers: http.IncomingHttpHeaders,
): { maxAgeMs: number; staleMs: number } | null {
  if (status !== 200 || headers['set-cookie']) return null;
  const cacheControl = String(headers['cache-control'] ?? '').toLowerCase();
  if (!/\bpublic\b/.test(cacheControl) || /\b(private|no-store)\b/.test(cacheControl)) return null;
  const sMaxAge = /\bs-maxage=(\d+)/.exec(cacheControl);
  if (!sMaxAge || Number(sMaxAge[1]) <= 0) return null;
  const swr = /\bstale-while-revalidate=(\d+)/.exec(cacheControl);
  return { maxAgeMs: Number(sMaxAge[1]) * 1000, staleMs: swr ? Number(swr[1]) * 1000 : 0 };
}

export function startHostingProxy(options: HostingProxyOptions): Promise<HostingProxy> {
  const cutAfterMs = options.cutAfterMs ?? 60_000;
  const upstreams = options.upstreams.map((u) => new URL(u));
  const cache = new Map<string, Entry>();
  /** The request headers the last answer kept for a URL named in its Vary: part of that URL's key. */
  const varies = new Map<string, string[]>();
  const varyNames = (headers: http.OutgoingHttpHeaders) =>
    String(headers.vary ?? '')
      .toLowerCase()
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && name !== 'accept-encoding');
  const keyOf = (base: string, req: http.IncomingMessage) =>
    [base, ...(varies.get(base) ?? []).map((name) => `${name}=${String(req.headers[name] ?? '')}`)].join('\n');
  const keep = (base: string, req: http.IncomingMessage, entry: Entry) => {
    varies.set(base, varyNames(entry.headers));
    cache.set(keyOf(base, req), entry);
  };
  const stats = { hits: 0, stale: 0, misses: 0, passes: 0 };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  /** Each visitor's next instance, by `__session` (every visitor without one shares a turn). */
  const turns = new Map<string, number>();

  /** One request to this visitor's next instance, as to Cloud Run: its own address as Host. Resolves with its answer
   * (the body still streaming). */
  function forward(
    method: string,
    path: string,
    headers: http.OutgoingHttpHeaders,
    body: http.IncomingMessage | null,
  ): Promise<http.IncomingMessage> {
    const visitor = String(headers.cookie ?? '');
    const turn = turns.get(visitor) ?? 0;
    turns.set(visitor, turn + 1);
    const target = upstreams[turn % upstreams.length];
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: target.hostname, port: target.port, method, path, headers: { ...headers, host: target.host }, agent },
        (answer) => resolve(answer),
      );
      request.on('error', reject);
      if (body) body.pipe(request);
      else request.end();
    });
  }

  const readAll = (stream: http.IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', reject);
    });

  function upstreamHeaders(req: http.IncomingMessage): http.OutgoingHttpHeaders {
    const headers: http.OutgoingHttpHeaders = { ...req.headers };
    const cookie = keepSessionCookie(req.headers.cookie);
    if (cookie) headers.cookie = cookie;
    else delete headers.cookie;
    // Hosting appends the client's address to what the client sent; Cloud Run's front end appends Hosting's.
    const client = req.socket.remoteAddress ?? '';
    const own = req.socket.localAddress ?? '';
    headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], client, own].filter(Boolean).join(', ');
    headers['x-forwarded-host'] = req.headers.host ?? '';
    headers['x-forwarded-proto'] = options.tls ? 'https' : 'http';
    delete headers.connection;
    return headers;
  }

  /** Fetches a cacheable URL and keeps the answer when the app allows it; null when it did not. */
  async function fill(base: string, req: http.IncomingMessage): Promise<Entry | null> {
    const headers = upstreamHeaders(req);
    // The cache asks for the whole page: the browser's own validators are answered here.
    delete headers['if-none-match'];
    delete headers['if-modified-since'];
    const answer = await forward('GET', req.url ?? '/', headers, null);
    const body = await readAll(answer);
    const life = sharedCacheLife(answer.statusCode ?? 502, answer.headers);
    const entry: Entry = {
      status: answer.statusCode ?? 502,
      headers: answer.headers,
      body,
      storedAt: Date.now(),
      maxAgeMs: life?.maxAgeMs ?? 0,
      staleMs: life?.staleMs ?? 0,
      revalidating: false,
    };
    if (life) keep(base, req, entry);
    else cache.delete(keyOf(base, req));
    return entry;
  }

  function sendEntry(req: http.IncomingMessage, res: http.ServerResponse, entry: Entry, state: string) {
    const headers: http.OutgoingHttpHeaders = { ...entry.headers, 'x-hosting-cache': state };
    delete headers['transfer-encoding'];
    delete headers.connection;
    delete headers['keep-alive'];
    const etag = entry.headers.etag;
    if (etag && req.headers['if-none-match'] === etag) {
      delete headers['content-length'];
      res.writeHead(304, headers);
      return res.end();
    }
    headers['content-length'] = String(entry.body.byteLength);
    res.writeHead(entry.status, headers);
    res.end(req.method === 'HEAD' ? undefined : entry.body);
  }

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    // Hosting's limit: the request ends after 60 s, answered or not (a stream is cut).
    const cut = setTimeout(() => {
      if (!res.headersSent) res.writeHead(504, { 'content-type': 'text/plain; charset=utf-8' });
      res.destroy();
    }, cutAfterMs);
    res.on('close', () => clearTimeout(cut));
    try {
      const cacheable = req.method === 'GET' || req.method === 'HEAD';
      if (cacheable) {
        const base = `${req.url} ${keepSessionCookie(req.headers.cookie) ?? ''}`;
        const entry = cache.get(keyOf(base, req));
        const age = entry ? Date.now() - entry.storedAt : 0;
        if (entry && age <= entry.maxAgeMs) {
          stats.hits++;
          return sendEntry(req, res, entry, 'hit');
        }
        if (entry && age <= entry.maxAgeMs + entry.staleMs) {
          stats.stale++;
          if (!entry.revalidating) {
            entry.revalidating = true;
            fill(base, req).catch(() => {
              entry.revalidating = false;
            });
          }
          return sendEntry(req, res, entry, 'stale');
        }
        // Not kept (yet): the answer is streamed when it may not be kept (an event stream), else read whole.
        const answer = await forward(req.method ?? 'GET', req.url ?? '/', upstreamHeaders(req), null);
        const life = sharedCacheLife(answer.statusCode ?? 502, answer.headers);
        if (!life || req.method !== 'GET') {
          stats.passes++;
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          // Server-Sent Events reach the browser as they are written.
          res.flushHeaders();
          answer.pipe(res);
          return;
        }
        stats.misses++;
        const body = await readAll(answer);
        const stored: Entry = {
          status: answer.statusCode ?? 502,
          headers: answer.headers,
          body,
          storedAt: Date.now(),
          ...life,
          revalidating: false,
        };
        keep(base, req, stored);
        return sendEntry(req, res, stored, 'miss');
      }
      stats.passes++;
      const answer = await forward(req.method ?? 'POST', req.url ?? '/', upstreamHeaders(req), req);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Proxy : ${(error as Error).message}`);
    }
  };
  const server = options.tls ? https.createServer(options.tls, handle) : http.createServer(handle);
  server.keepAliveTimeout = 65_000;

  return new Promise((resolve) => {
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `${options.tls ? 'https' : 'http'}://${options.host ?? '127.0.0.1'}:${port}`,
        stats,
        close: () =>
          new Promise<void>((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

// As a command: the proxy alone, in front of the instances given.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '3513' },
      upstream: { type: 'string', multiple: true },
      'cut-after-ms': { type: 'string', default: '60000' },
    },
  });
  const proxy = await startHostingProxy({
    port: Number(values.port),
    upstreams: values.upstream ?? [],
    cutAfterMs: Number(values['cut-after-ms']),
  });
  console.log(`[hosting] mandataire sur ${proxy.url} → ${(values.upstream ?? []).join(', ')}`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => void proxy.close().then(() => process.exit(0)));
}
