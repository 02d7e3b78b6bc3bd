// A local stand-in for the part of the Cloud Storage JSON API that the Firebase Storage file adapter uses (upload in
// one request, download, delete, list). Firebase offers no Storage emulator without Java and a download; the real
// @google-cloud/storage client is pointed here with FIREBASE_STORAGE_EMULATOR_HOST.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CRC32C } from '@google-cloud/storage';

interface StoredObject {
  bytes: Buffer;
  contentType: string;
  updated: string;
  cacheControl?: string;
}

export interface StorageStandIn {
  host: string;
  objects: Map<string, StoredObject>;
  close(): Promise<void>;
}

function crc32c(bytes: Buffer): string {
  const crc = new CRC32C();
  crc.update(bytes);
  return crc.toString();
}

const objectKey = (bucket: string, name: string) => `${bucket}/${name}`;

function metadata(bucket: string, name: string, o: StoredObject) {
  return {
    kind: 'storage#object',
    bucket,
    name,
    id: `${bucket}/${name}`,
    size: String(o.bytes.length),
    contentType: o.contentType,
    updated: o.updated,
    timeCreated: o.updated,
    cacheControl: o.cacheControl,
    generation: '1',
    // The client checks what it uploaded or downloaded against these.
    md5Hash: crypto.createHash('md5').update(o.bytes).digest('base64'),
    crc32c: crc32c(o.bytes),
  };
}

/** multipart/related: a JSON part (the object's metadata) then the media part. */
function parseMultipart(body: Buffer, contentType: string): { meta: Record<string, unknown>; media: Buffer } {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (!boundary) throw new Error('multipart sans boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    parts.push(body.subarray(start + delimiter.length, next));
    start = next;
  }
  const content = (part: Buffer) => {
    const headerEnd = part.indexOf('\r\n\r\n');
    return part.subarray(headerEnd + 4, part.length - 2);
  };
  return { meta: JSON.parse(content(parts[0]).toString('utf8')), media: content(parts[1]) };
}

export async function startStorageStandIn(port = 0): Promise<StorageStandIn> {
  const objects = new Map<string, StoredObject>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const notFound = () => json(404, { error: { code: 404, message: 'No such object' } });
    let m = /^\/upload\/storage\/v1\/b\/([^/]+)\/o$/.exec(url.pathname);
    if (m && req.method === 'POST') {
      const bucket = decodeURIComponent(m[1]);
      const { meta, media } = parseMultipart(body, String(req.headers['content-type']));
      const name = String(url.searchParams.get('name') ?? meta.name);
      const stored: StoredObject = {
        bytes: media,
        contentType: String(meta.contentType ?? 'application/octet-stream'),
        updated: new Date().toISOString(),
        cacheControl: meta.cacheControl as string | undefined,
      };
      objects.set(objectKey(bucket, name), stored);
      return json(200, metadata(bucket, name, stored));
    }
    m = /^\/(?:download\/)?(?:storage\/v1\/)?b\/([^/]+)\/o\/(.+)$/.exec(url.pathname);
    if (m) {
      const bucket = decodeURIComponent(m[1]);
      const name = decodeURIComponent(m[2]);
      const found = objects.get(objectKey(bucket, name));
      if (req.method === 'DELETE') {
        if (!found) return notFound();
        objects.delete(objectKey(bucket, name));
        res.writeHead(204).end();
        return;
      }
      if (!found) return notFound();
      if (url.searchParams.get('alt') === 'media') {
        res.writeHead(200, { 'Content-Type': found.contentType, 'Content-Length': found.bytes.length });
        res.end(found.bytes);
        return;
      }
      return json(200, metadata(bucket, name, found));
    }
    m = /^\/(?:storage\/v1\/)?b\/([^/]+)\/o$/.exec(url.pathname);
    if (m && req.method === 'GET') {
      const bucket = decodeURIComponent(m[1]);
      const prefix = url.searchParams.get('prefix') ?? '';
      const items = [...objects.entries()]
        .filter(([key]) => key.startsWith(`${bucket}/${prefix}`))
        .map(([key, o]) => metadata(bucket, key.slice(bucket.length + 1), o));
      return json(200, { kind: 'storage#objects', items });
    }
    json(501, { error: { code: 501, message: `non pris en charge : ${req.method} ${url.pathname}` } });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${bound}`,
    objects,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
