// The build's files from memory (issue 35): the coding the browser takes, the headers express.static gave them, a 304
// for the copy the browser has, and anything unknown left to the middleware behind.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { immutableAssets, publicFiles } from './static-assets';

const SCRIPT = 'export const agenda = "romand";\n'.repeat(20);
let root: string;
/** The other public files: build/client without its hashed assets. */
let pub: string;
const WIDGET = 'document.currentScript;\n'.repeat(40);
let server: http.Server;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-assets-'));
  fs.writeFileSync(path.join(root, 'root-abc.js'), SCRIPT);
  fs.writeFileSync(path.join(root, 'root-abc.js.br'), brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(root, 'root-abc.js.gz'), gzipSync(SCRIPT));
  fs.writeFileSync(path.join(root, 'petit-xyz.css'), 'a{color:red}');
  pub = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-public-'));
  fs.mkdirSync(path.join(pub, 'icons'));
  fs.mkdirSync(path.join(pub, 'assets'));
  fs.writeFileSync(path.join(pub, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(pub, 'manifest.webmanifest'), '{"name":"Agenda romand"}');
  fs.writeFileSync(path.join(pub, 'widget.js'), WIDGET);
  fs.writeFileSync(path.join(pub, 'widget.js.br'), brotliCompressSync(WIDGET));
  fs.writeFileSync(path.join(pub, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  fs.writeFileSync(path.join(pub, 'assets', 'cache-123.js'), SCRIPT);
  const app = express();
  app.use(immutableAssets(root));
  app.use(publicFiles(pub));
  app.use((req, res) => res.status(418).send(`derrière : ${req.url}`));
  server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(pub, { recursive: true, force: true });
});

async function get(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  const { port } = server.address() as AddressInfo;
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('fichiers du build servis de la mémoire', () => {
  it('donne le .br au navigateur qui prend brotli, le .gz à celui qui ne prend que gzip, le fichier aux autres', async () => {
    const br = await get('/assets/root-abc.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toEqual(fs.readFileSync(path.join(root, 'root-abc.js.br')));
    const gzip = await get('/assets/root-abc.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toEqual(fs.readFileSync(path.join(root, 'root-abc.js.gz')));
    const plain = await get('/assets/root-abc.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    for (const answer of [br, gzip, plain]) {
      expect(answer.headers['content-type']).toBe('text/javascript; charset=UTF-8');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
    // Each coding its own validator, as express.static gave each file.
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it('répond 304 au navigateur qui a déjà le fichier, par son ETag ou sa date', async () => {
    const first = await get('/assets/root-abc.js', { 'accept-encoding': 'br' });
    const again = await get('/assets/root-abc.js', {
      'accept-encoding': 'br',
      'if-none-match': first.headers.etag as string,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const since = await get('/assets/root-abc.js', {
      'accept-encoding': 'br',
      'if-modified-since': first.headers['last-modified'] as string,
    });
    expect(since.status).toBe(304);
    const other = await get('/assets/root-abc.js', { 'accept-encoding': 'br', 'if-none-match': 'W/"autre"' });
    expect(other.status).toBe(200);
  });

  it('un fichier sans version compressée part tel quel, sans Vary ; HEAD sans corps', async () => {
    const css = await get('/assets/petit-xyz.css', { 'accept-encoding': 'br' });
    expect(css.status).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers.vary).toBeUndefined();
    expect(css.headers['content-type']).toBe('text/css; charset=UTF-8');
    expect(css.body.toString()).toBe('a{color:red}');
    const head = await get('/assets/root-abc.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('laisse au middleware suivant un nom hors du build, une plage, une autre méthode ou un autre chemin', async () => {
    for (const [pathname, headers, method] of [
      ['/assets/inconnu.js', {}, 'GET'],
      ['/assets/root-abc.js.br', {}, 'GET'],
      ['/assets/../root-abc.js', {}, 'GET'],
      ['/assets/root-abc.js', { range: 'bytes=0-10' }, 'GET'],
      ['/assets/root-abc.js', {}, 'POST'],
      ['/autre/root-abc.js', {}, 'GET'],
    ] as const) {
      const answer = await get(pathname, headers, method);
      expect(answer.status, `${method} ${pathname}`).toBe(418);
    }
  });
});

describe('autres fichiers publics servis de la mémoire', () => {
  it('l’icône, le manifeste et le widget gardent leurs en-têtes : une heure, ou revus à chaque usage, et un ETag', async () => {
    const favicon = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(favicon.status).toBe(200);
    expect(favicon.headers['content-type']).toBe('image/svg+xml');
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    expect(favicon.headers.etag).toMatch(/^W\/"/);
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=UTF-8');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const widget = await get('/widget.js', { 'accept-encoding': 'br' });
    expect(widget.headers['content-encoding']).toBe('br');
    expect(widget.body).toEqual(fs.readFileSync(path.join(pub, 'widget.js.br')));
    expect(widget.headers['cache-control']).toBe('public, max-age=3600');
    expect(widget.headers['access-control-allow-origin']).toBe('*');
    expect(widget.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const icon = await get('/icons/icon-192.png');
    expect(icon.headers['content-type']).toBe('image/png');
    const again = await get('/widget.js', { 'accept-encoding': 'br', 'if-none-match': widget.headers.etag as string });
    expect(again.status).toBe(304);
  });

  it('laisse au middleware suivant ce qui n’est pas un fichier public hors du dossier des fichiers du build', async () => {
    for (const pathname of ['/assets/cache-123.js', '/widget.js.br', '/inconnu.svg', '/evenements'])
      expect((await get(pathname)).status, pathname).toBe(418);
  });
});
