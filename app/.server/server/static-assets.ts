// The browser's build files (/assets/…, hashed names, never changed once built) answered from memory (issue 35): read
// once per process at their first request with their `.br` and `.gz` twins (scripts/precompress.mjs), their headers
// computed then; a request costs no stat, no open, no stream, no access-log line. The same headers as express.static
// with express-static-gzip gave them (weak ETag of size and date, Last-Modified, immutable for a year, Vary), and a 304
// to a browser that has the file. Anything else (another method, a name not in the build, a Range) goes on to the
// middleware behind, which reads the disk as before.
import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { type ContentCoding, preferredCoding } from './http-cache';

/** The types of what the build puts under assets/ (a name of another kind goes to the middleware behind). */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
};

interface Representation {
  body: Buffer;
  etag: string;
  lastModified: string;
  /** Its date in whole seconds, as If-Modified-Since carries it. */
  modifiedSeconds: number;
}

type Asset = { type: string; headers: [string, string][] } & Partial<Record<ContentCoding, Representation>> & {
    identity: Representation;
  };

function representation(file: string): Representation | undefined {
  let body: Buffer;
  let stat: fs.Stats;
  try {
    body = fs.readFileSync(file);
    stat = fs.statSync(file);
  } catch {
    return undefined;
  }
  return {
    body,
    // What `send` (express.static) computes: the size and the date, in hexadecimal.
    etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
    lastModified: stat.mtime.toUTCString(),
    modifiedSeconds: Math.floor(stat.mtime.getTime() / 1000),
  };
}

/** True when the browser's copy is the one served (If-None-Match first, else If-Modified-Since). */
function unchanged(headers: IncomingHttpHeaders, served: Representation): boolean {
  const tags = headers['if-none-match'];
  if (tags)
    return tags.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === served.etag.slice(2));
  const since = headers['if-modified-since'];
  if (!since) return false;
  const seconds = Date.parse(since) / 1000;
  return Number.isFinite(seconds) && served.modifiedSeconds <= seconds;
}

/** At most this many Accept-Encoding values remembered with their choice (browsers send a handful). */
const KEPT_NEGOTIATIONS = 64;

/** The middleware for `root` (build/client/assets) mounted at `prefix`; its files are listed once, at start. */
export function immutableAssets(root: string, prefix = '/assets/') {
  const names = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isFile() && TYPES[path.extname(entry.name)] !== undefined)
    .map((entry) => entry.name);
  return fromMemory(root, prefix, names, TYPES, () => ({ 'Cache-Control': 'public, max-age=31536000, immutable' }));
}

/** The types of the other public files (a name of another kind goes to the middleware behind). */
const PUBLIC_TYPES: Record<string, string> = {
  ...TYPES,
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json; charset=UTF-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
};

/**
 * The build's other public files (/favicon.svg, /manifest.webmanifest, /widget.js, icons…), not hashed: from memory
 * like the hashed ones (issue 50), kept an hour by browsers and checked by their ETag, with the same headers as before:
 * the service worker and the manifest checked at each use (a new release reaches browsers at once), the embeddable
 * agenda readable from any site (decision 047).
 */
export function publicFiles(root: string) {
  const names = fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && PUBLIC_TYPES[path.extname(entry.name)] !== undefined)
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((name) => !name.startsWith('assets/'));
  return fromMemory(root, '/', names, PUBLIC_TYPES, (name): Record<string, string> => {
    if (name === 'widget.js')
      return {
        'Cache-Control': 'public, max-age=3600',
        'Cross-Origin-Resource-Policy': 'cross-origin',
        'Access-Control-Allow-Origin': '*',
      };
    if (name === 'firebase-messaging-sw.js' || name === 'manifest.webmanifest') return { 'Cache-Control': 'no-cache' };
    return { 'Cache-Control': 'public, max-age=3600' };
  });
}

/** Answers the files `names` of `root` under `prefix` from memory, each with the headers `headersOf` gives it. */
function fromMemory(
  root: string,
  prefix: string,
  names: string[],
  types: Record<string, string>,
  headersOf: (name: string) => Record<string, string>,
) {
  const known = new Set(names);
  const kept = new Map<string, Asset | null>();
  const load = (name: string): Asset | null => {
    let asset = kept.get(name);
    if (asset !== undefined) return asset;
    const file = path.join(root, name);
    const identity = representation(file);
    asset = identity
      ? {
          type: types[path.extname(name)],
          headers: Object.entries(headersOf(name)),
          identity,
          br: representation(`${file}.br`),
          gzip: representation(`${file}.gz`),
        }
      : null;
    kept.set(name, asset);
    return asset;
  };
  const negotiated = new Map<string, ContentCoding>();
  const codingFor = (headers: IncomingHttpHeaders): ContentCoding => {
    const accept = headers['accept-encoding'] ?? '';
    let coding = negotiated.get(accept);
    if (coding === undefined) {
      coding = preferredCoding(headers);
      if (negotiated.size < KEPT_NEGOTIATIONS) negotiated.set(accept, coding);
    }
    return coding;
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return next();
    const url = req.url;
    if (!url.startsWith(prefix)) return next();
    const name = url.slice(prefix.length);
    if (!known.has(name)) return next();
    const asset = load(name);
    if (!asset) return next();
    const coding = codingFor(req.headers);
    const encoded = coding === 'identity' ? undefined : asset[coding];
    const served = encoded ?? asset.identity;
    if (asset.br || asset.gzip) res.setHeader('Vary', 'Accept-Encoding');
    if (encoded) res.setHeader('Content-Encoding', coding);
    res.setHeader('Content-Type', asset.type);
    for (const [header, value] of asset.headers) res.setHeader(header, value);
    res.setHeader('Last-Modified', served.lastModified);
    res.setHeader('ETag', served.etag);
    if (unchanged(req.headers, served)) {
      res.removeHeader('Content-Encoding');
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Length', served.body.byteLength);
    res.statusCode = 200;
    res.end(req.method === 'HEAD' ? undefined : served.body);
  };
}
