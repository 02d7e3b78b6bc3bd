import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import { loadConfig } from '../../app/.server/platform/config';
import { createServices, type Services } from '../../app/.server/services';
import { makeEvent } from '../support/factories';
import { expect, test } from './fixtures';
import { type OwnServer, startOwnServer } from './own-server';
import { unique } from './utils';

/** A GET whose body comes back as sent, compressed or not (fetch and Playwright's request decompress it). */
function fetchRaw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

test.describe('en-têtes HTTP du serveur de production @http', () => {
  test('HEAD répond les en-têtes de GET : même ETag, la vraie longueur, jamais Content-Length: 0', async ({
    request,
  }) => {
    // A page nobody asked for yet: the HEAD is rendered, not served from the page cache. Its ways out (« Sans le
    // texte », « À toutes les dates ») find nothing either: its body does not follow what other tests publish meanwhile.
    const path = `/evenements?q=${unique('tete')}&du=2099-01-01`;
    const head = await request.head(path, { headers: { 'Accept-Encoding': 'identity' } });
    const get = await request.get(path, { headers: { 'Accept-Encoding': 'identity' } });
    expect(head.status()).toBe(200);
    expect(head.headers().etag).toBe(get.headers().etag);
    expect(head.headers()['cache-control']).toBe(get.headers()['cache-control']);
    const length = head.headers()['content-length'];
    if (length !== undefined) expect(Number(length)).toBe((await get.body()).byteLength);
  });

  test('les pages HTML ont une CSP sans nonce, qui autorise chacun de leurs scripts en ligne par son empreinte', async ({
    request,
  }) => {
    const response = await request.get('/');
    const csp = response.headers()['content-security-policy'];
    expect(csp).not.toContain('nonce-');
    const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
      expect(csp).toContain(directive);
    const html = await response.text();
    const inline = [
      ...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
    ];
    expect(inline.length).toBeGreaterThan(1);
    for (const [, text] of inline) {
      const hash = crypto.createHash('sha256').update(text).digest('base64');
      expect(scriptSrc).toContain(`'sha256-${hash}'`);
    }
    expect(response.headers()['x-powered-by']).toBeUndefined();
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    expect(response.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  test('les fichiers /assets sont immuables pour un an et servis tels que compressés au build (brotli, gzip)', async ({
    request,
    baseURL,
  }) => {
    const html = await (await request.get('/')).text();
    // The page's largest script: the build compresses a file of 1 KB or more (scripts/precompress.mjs).
    const assets = [...html.matchAll(/\/assets\/[^"]+\.js/g)].map(([path]) => path);
    const sizes = await Promise.all(assets.map(async (path) => (await (await request.get(path)).body()).length));
    const asset = assets[sizes.indexOf(Math.max(...sizes))];
    expect(Math.max(...sizes)).toBeGreaterThan(1024);
    // Raw bytes (fetch would decompress them): the file compressed at build time, the same at each request.
    const raw = async (encoding: string) => {
      const answer = await fetchRaw(`${baseURL}${asset}`, { 'Accept-Encoding': encoding });
      expect(answer.status, encoding).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      return answer;
    };
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body)).toEqual(plain.body);
    expect((await raw('gzip, deflate, br')).body).toEqual(br.body);
    const gzip = await raw('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body)).toEqual(plain.body);
  });

  test('une page publique sans __session : publique pour un cache partagé, ETag fort et 304 ; aucun cookie', async ({
    request,
  }) => {
    const anonymous = await request.get('/about');
    expect(anonymous.headers()['cache-control']).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    expect(anonymous.headers()['set-cookie']).toBeUndefined();
    const etag = anonymous.headers().etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await request.get('/about', { headers: { 'If-None-Match': etag } });
    expect(again.status()).toBe(304);
    // A post is never kept.
    const posted = await request.post('/cookies', { form: { intent: 'necessary-only' }, maxRedirects: 0 });
    expect(posted.headers()['cache-control']).toBe('no-store');
  });

  test('une requête refusée avant la fin de son corps reçoit sa réponse, et la connexion sert encore', async ({
    baseURL,
  }) => {
    // Both requests on one connection, as a browser or a proxy sends them: the refused body (1.1 MB, far past a page
    // view's limit, refused on its declared length before any byte is read) is read and dropped by the server, so the
    // client gets its 413 (not a reset) and the next request its page.
    const { hostname, port } = new URL(baseURL!);
    const socket = net.connect(Number(port), hostname);
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    const closed = new Promise<string | null>((resolve) => {
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      socket.on('close', () => resolve(null));
    });
    const size = 1_100_000;
    socket.write(
      `POST /analytics/pageview HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${baseURL}\r\n` +
        `Content-Type: application/octet-stream\r\nContent-Length: ${size}\r\n\r\n`,
    );
    await new Promise((resolve) => socket.write(Buffer.alloc(size, 'x'), resolve));
    socket.write(`GET /about HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
    expect(await closed).toBeNull();
    expect(received.match(/^HTTP\/1\.1 \d{3}/gm)).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
    expect(received).toContain('plus volumineux que ce que ce formulaire accepte');
    expect(received).toContain('<title>');
  });

  test('un formulaire envoyé par morceaux, au-delà de sa limite, est coupé avant d’être lu : 413 en français, la connexion sert encore', async ({
    baseURL,
    request,
  }) => {
    // A visitor with a valid CSRF token: before the limits, 300 KB of message were read whole, then refused by the form.
    const contact = await request.get('/contact');
    const token = (await contact.text()).match(/name="csrf" value="([^"]+)"/)?.[1] ?? '';
    const cookie = (contact.headers()['set-cookie'] ?? '').split(';')[0];
    const { hostname, port } = new URL(baseURL!);
    const socket = net.connect(Number(port), hostname);
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
    });
    const closed = new Promise<string | null>((resolve) => {
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      socket.on('close', () => resolve(null));
    });
    socket.write(
      `POST /contact HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${baseURL}\r\nAccept: text/html\r\n` +
        `Cookie: ${cookie}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const head = `csrf=${encodeURIComponent(token)}&name=Ada&email=ada%40exemple.ch&subject=Gros&message=`;
    const chunks = [Buffer.from(head), ...Array.from({ length: 20 }, () => Buffer.alloc(16 * 1024, 'a'))];
    for (const chunk of chunks) {
      await new Promise((resolve) => socket.write(`${chunk.length.toString(16)}\r\n`, resolve));
      await new Promise((resolve) => socket.write(chunk, resolve));
      await new Promise((resolve) => socket.write('\r\n', resolve));
    }
    socket.write('0\r\n\r\n');
    socket.write(`GET /about HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
    expect(await closed).toBeNull();
    expect(received.match(/^HTTP\/1\.1 \d{3}/gm)).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
    expect(received).toContain('Envoi trop volumineux');
  });
});

// The page cache keys on the store's revision, which any write bumps: on the shared server the other workers write all
// the time, and a page could leave the cache at any moment. A server of its own, where only these tests write.
test.describe('le cache des pages d’un serveur où nul autre n’écrit @http @sqlite-only', () => {
  test.describe.configure({ mode: 'default' });
  let server: OwnServer;
  let site: Services;
  test.beforeAll(async () => {
    server = await startOwnServer({ portOffset: 97, env: { WEB_CONCURRENCY: '1' } });
    // The server's own database, written from here as another process of the site would.
    site = createServices(loadConfig({ DATA_DIR: server.dataDir, SEED_DEMO: 'false' }));
  });
  test.afterAll(async () => {
    await site?.close();
    await server?.stop();
  });

  test('une page du cache part compressée d’avance, avec son ETag par codage ; un lien de campagne est la même page', async () => {
    const path = `/evenements?q=${unique('compression').split(' ')[1]}`;
    const baseURL = server.base;
    // Twice in a row: nobody else writes to this server, so the second answer comes from the cache.
    await fetchRaw(`${baseURL}${path}`, { 'Accept-Encoding': 'br' });
    const br = await fetchRaw(`${baseURL}${path}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['x-page-cache']).toBe('hit');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    const gzip = await fetchRaw(`${baseURL}${path}`, { 'Accept-Encoding': 'gzip' });
    const plain = await fetchRaw(`${baseURL}${path}`, { 'Accept-Encoding': 'identity' });
    expect([gzip.headers['x-page-cache'], plain.headers['x-page-cache']]).toEqual(['hit', 'hit']);
    expect(zlib.brotliDecompressSync(br.body)).toEqual(plain.body);
    expect(zlib.gunzipSync(gzip.body)).toEqual(plain.body);
    const etags = [br, gzip, plain].map((answer) => answer.headers.etag ?? '');
    expect(new Set(etags).size).toBe(3);
    const again = await fetchRaw(`${baseURL}${path}`, { 'Accept-Encoding': 'br', 'If-None-Match': etags[0] });
    expect(again.status).toBe(304);
    // A shared link with its campaign parameters: the page everyone else gets, from the cache.
    const tracked = await fetchRaw(`${baseURL}${path}&utm_source=newsletter&utm_medium=email&fbclid=IwAR0abc`, {
      'Accept-Encoding': 'br',
    });
    expect(tracked.headers['x-page-cache']).toBe('hit');
    expect(tracked.headers.etag).toBe(etags[0]);
  });

  test('installation par défaut : une page publique anonyme sort du cache du processus ; une écriture la renouvelle aussitôt', async ({
    request,
  }) => {
    const word = unique('vannerie').split(' ')[1];
    const url = `${server.base}/evenements?q=${word}`;
    expect((await request.get(url)).headers()['x-page-cache']).toBe('miss');
    expect((await request.get(url)).headers()['x-page-cache']).toBe('hit');
    const event = makeEvent({ title: `Atelier ${word}`, category: 'ateliers-cours' });
    await site.store.events.insertMany([event]);
    // Keyed by the store's revision: the next answer is computed again and shows the new event, without waiting.
    const after = await request.get(url);
    expect(after.headers()['x-page-cache']).toBe('miss');
    expect(await after.text()).toContain(event.title);
  });
});
