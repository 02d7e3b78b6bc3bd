// The safe fetcher against a fixture server on this machine (loopback allowed only where the test says so) and a
// fake resolver for names that point at private addresses.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, type Resolver } from './public-address';
import { createSafeFetch, createSafeFetchWithPolicy, type FetchText } from './safe-fetch';
import { UseCaseError } from './use-case-error';

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
const HOST = '127.0.0.2';
let server: http.Server;
let base: string;
const pending = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/agenda.ics') {
      if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304).end();
      return res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag: '"v1"' }).end(ICS);
    }
    if (path === '/latin1.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
      return res.end(Buffer.from('<p>Fête à Neuchâtel</p>', 'latin1'));
    }
    if (path === '/page.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Bonjour</p>');
    if (path === '/huge.ics') {
      // 10 MB without any Content-Length: the limit has to be counted while reading.
      res.writeHead(200, { 'content-type': 'text/calendar', 'transfer-encoding': 'chunked' });
      const chunk = Buffer.alloc(64 * 1024, 'A');
      let sent = 0;
      const pump = () => {
        while (sent < 10 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => {});
      return pump();
    }
    if (path.startsWith('/loop/')) {
      const n = Number(path.slice(6));
      return res.writeHead(302, { location: `/loop/${n + 1}` }).end();
    }
    if (path.startsWith('/to?')) {
      const target = new URL(path, 'http://x').searchParams.get('u') ?? '/';
      return res.writeHead(301, { location: target }).end();
    }
    if (path === '/slow.ics') {
      // Headers at once, then a body that never ends.
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.write('BEGIN:VCALENDAR\r\n');
      pending.add(res);
      return;
    }
    if (path === '/missing') return res.writeHead(404).end('introuvable');
    if (path === '/broken') return res.writeHead(500).end('erreur');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  base = `http://${HOST}:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of pending) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Only the fixture server's address counts as reachable (so 127.0.0.1 and ::1 stay refused). */
const onlyFixture: FetchText = createSafeFetchWithPolicy({ allowed: (address) => address === HOST });
const loopback = createSafeFetch({ allowLoopback: true });

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UseCaseError);
  expect((error as UseCaseError).field).toBe('url');
  return (error as UseCaseError).message;
}

describe('récupération sûre d’un document', () => {
  it('rend un calendrier avec son ETag, puis « not-modified » quand le site répond 304', async () => {
    const first = await loopback(`${base}/agenda.ics`, { accept: 'calendar' });
    expect(first).toMatchObject({ text: ICS, contentType: 'text/calendar', etag: '"v1"' });
    expect(await loopback(`${base}/agenda.ics`, { accept: 'calendar', ifNoneMatch: '"v1"' })).toBe('not-modified');
  });

  it('décode le jeu de caractères annoncé', async () => {
    const page = await loopback(`${base}/latin1.html`, { accept: 'html' });
    expect(page !== 'not-modified' && page.text).toBe('<p>Fête à Neuchâtel</p>');
  });

  it('refuse 10 Mo sans Content-Length, compté en lisant', async () => {
    expect(await refusal(loopback(`${base}/huge.ics`, { accept: 'calendar' }))).toBe(
      'Document trop volumineux\u00a0: plus de 5\u00a0Mo.',
    );
  });

  it('refuse une redirection sans fin après 3 redirections', async () => {
    expect(await refusal(loopback(`${base}/loop/0`, { accept: 'calendar' }))).toBe('Trop de redirections (plus de 3).');
  });

  it.each(['http://127.0.0.1/agenda.ics', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/x.ics'])(
    'refuse une redirection vers %s quand le bouclage n’est pas permis',
    async (target) => {
      const message = await refusal(onlyFixture(`${base}/to?u=${encodeURIComponent(target)}`, { accept: 'calendar' }));
      expect(message).toMatch(/^Cette adresse n’est pas publique/);
    },
  );

  // The real rule of public addresses (only the fixture server's own address added): an IPv4-compatible IPv6 literal
  // (::/96) is this machine or the cloud metadata service, directly or as a redirect target.
  const publicOrFixture = createSafeFetchWithPolicy({ allowed: (a) => a === HOST || isPublicAddress(a) });
  it.each([
    'http://[::127.0.0.1]/agenda.ics',
    'http://[::169.254.169.254]/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://[64:ff9b::7f00:1]/agenda.ics',
    'http://[::a9fe:a9fe]/',
  ])('refuse %s, lu directement ou comme cible d’une redirection', async (target) => {
    expect(await refusal(publicOrFixture(target, { accept: 'calendar' }))).toMatch(/^Cette adresse n’est pas publique/);
    expect(
      await refusal(publicOrFixture(`${base}/to?u=${encodeURIComponent(target)}`, { accept: 'calendar' })),
    ).toMatch(/^Cette adresse n’est pas publique/);
  });

  it('refuse un nom qui mène à une adresse privée (résolveur simulé), et le bouclage par défaut', async () => {
    const resolver: Resolver = async () => [{ address: '10.0.0.7', family: 4 }];
    const publicOnly = createSafeFetch({ allowLoopback: false, resolver });
    expect(await refusal(publicOnly('http://intranet.example/agenda.ics', { accept: 'calendar' }))).toMatch(
      /^Cette adresse n’est pas publique/,
    );
    const strict = createSafeFetch({ allowLoopback: false });
    expect(await refusal(strict(`${base}/agenda.ics`, { accept: 'calendar' }))).toMatch(
      /^Cette adresse n’est pas publique/,
    );
  });

  it('refuse une page HTML quand un calendrier est attendu', async () => {
    expect(await refusal(loopback(`${base}/page.html`, { accept: 'calendar' }))).toBe(
      'Type de contenu inattendu (text/html)\u00a0: un calendrier ICS (text/calendar) est attendu.',
    );
  });

  it('abandonne un corps trop lent au bout du délai', async () => {
    expect(await refusal(loopback(`${base}/slow.ics`, { accept: 'calendar', timeoutMs: 300 }))).toBe(
      'Délai dépassé\u00a0: le site n’a pas tout envoyé en 0,3\u00a0seconde.',
    );
  });

  it('dit le statut HTTP', async () => {
    expect(await refusal(loopback(`${base}/missing`, { accept: 'html' }))).toBe(
      'Le site a répondu HTTP 404 (page introuvable).',
    );
    expect(await refusal(loopback(`${base}/broken`, { accept: 'html' }))).toBe(
      'Le site a répondu HTTP 500 (erreur du site).',
    );
  });

  it.each([
    ['ftp://exemple.ch/a.ics', 'Seules les adresses http:// et https:// sont acceptées.'],
    ['https://moi:secret@exemple.ch/a.ics', 'L’adresse ne doit contenir ni identifiant ni mot de passe.'],
    [
      'http://exemple.ch:22/',
      'Le port 22 n’est pas accepté\u00a0: utilisez le port 80, 443 ou un port au-dessus de 1023.',
    ],
    ['pas une adresse', 'Saisissez une adresse web complète, par exemple https://exemple.ch/agenda.'],
  ])('refuse %s sans se connecter', async (url, message) => {
    expect(await refusal(loopback(url, { accept: 'calendar' }))).toBe(message);
  });
});
