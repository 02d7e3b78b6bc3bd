// Requests an outside attacker sends at the production server itself, below the pages (issue 31): a forged or broken
// host (X-Forwarded-Host that disagrees with Origin, a port past 65535, an absolute-form target), and bodies or headers
// trickled a byte at a time. Each gets a short French answer and one line in the log, never a 500, a stack trace or a
// stopped process. A server of its own: behind a trusted proxy (TRUST_PROXY), with short time limits, its log read.
import net from 'node:net';
import { expect, test } from '@playwright/test';
import { hiddenFields, type OwnServer, startOwnServer } from './own-server';

interface RawAnswer {
  /** What the server sent back (empty if it closed without a word). */
  text: string;
  /** Bytes of the body the client had sent when the connection closed. */
  sent: number;
}

/**
 * Sends raw bytes: the head at once, then `trickle` bytes one at a time (one every 200 ms), until the server answers
 * and closes. The test's own timeout is the bound: a server that never closes fails it.
 */
function raw(base: string, head: string, trickle = 0): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    let text = '';
    let sent = 0;
    const socket = net.connect(Number(port), hostname, () => socket.write(head));
    const drip = trickle
      ? setInterval(() => {
          if (sent < trickle && socket.writable) {
            socket.write('a');
            sent++;
          }
        }, 200)
      : null;
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (drip) clearInterval(drip);
      resolve({ text, sent });
    });
  });
}

test.describe('X-Forwarded-Host sans proxy de confiance @http', () => {
  test('celui d’un client quelconque est ignoré : le formulaire répond comme sans lui, jamais 500', async ({
    request,
    baseURL,
  }) => {
    const post = (headers: Record<string, string>) =>
      request.post('/contact', {
        form: { name: 'Éva', email: 'eva@exemple.ch', message: 'Bonjour' },
        headers: { Origin: baseURL ?? '', ...headers },
        maxRedirects: 0,
      });
    const plain = await post({});
    for (const forwarded of ['evil.example', 'localhost:99999', 'a:b:c, autre.example']) {
      const answer = await post({ 'X-Forwarded-Host': forwarded });
      expect(answer.status(), forwarded).toBe(plain.status());
      expect(await answer.text()).toBe(await plain.text());
    }
    expect(plain.status()).toBeLessThan(500);
  });
});

const stackTraces = (log: string) => log.split('\n').filter((line) => /^\s+at .+:\d+:\d+\)?$/.test(line));

test.describe('requêtes hostiles sous les pages @http @sqlite-only', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let server: OwnServer;

  test.beforeAll(async () => {
    // Behind a proxy, the site's host is SITE_URL's: this server's own address here.
    const site = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 91}`;
    server = await startOwnServer({
      portOffset: 91,
      log: true,
      env: {
        WEB_CONCURRENCY: '1',
        TRUST_PROXY: 'loopback',
        SITE_URL: site,
        HEADERS_TIMEOUT_SECONDS: '2',
        REQUEST_TIMEOUT_SECONDS: '3',
      },
    });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('un X-Forwarded-Host qui contredit SITE_URL, même avec l’Origin du site : 400 en français, une ligne au journal ; un Origin d’ailleurs : 403, jamais gardé', async ({
    request,
  }) => {
    const before = server.log().length;
    const contact = (headers: Record<string, string>) =>
      request.post(`${server.base}/contact`, {
        form: { name: 'Éva', email: 'eva@exemple.ch', message: 'Bonjour' },
        headers,
        maxRedirects: 0,
      });
    const elsewhere = await contact({ Origin: server.base, 'X-Forwarded-Host': 'evil.example' });
    expect(elsewhere.status()).toBe(400);
    expect(await elsewhere.text()).toContain('Cette requête est adressée à un autre site que celui-ci.');
    expect(elsewhere.headers()['cache-control']).toBe('no-store');
    // The same request through the proxy the site trusts, forwarding the site's host: the origin holds.
    const forwarded = await contact({ Origin: server.base, 'X-Forwarded-Host': new URL(server.base).host });
    expect(forwarded.status()).toBeLessThan(500);
    expect(forwarded.status()).not.toBe(403);
    expect(await forwarded.text()).not.toContain('adressée à un autre site');
    const forged = await contact({ Origin: 'https://evil.example' });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toContain('Requête refusée\u00a0: elle ne provient pas de ce site.');
    expect(forged.headers()['cache-control']).toBe('no-store');
    const log = server.log().slice(before);
    expect(
      log.match(/\[http\] requête refusée, X-Forwarded-Host "evil\.example" n’est pas l’hôte du site/g),
    ).toHaveLength(1);
    expect(log.match(/"event":"access\.denied"[^\n]*"reason":"origin"/g)).toHaveLength(1);
    expect(stackTraces(log)).toEqual([]);
  });

  test('un hôte invalide ou une cible absolue : 400 en français ou la page, jamais un processus arrêté', async () => {
    const before = server.log().length;
    for (const host of ['localhost:99999', 'exa mple']) {
      const answer = await raw(server.base, `GET /contact HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(answer.text).toMatch(/^HTTP\/1\.1 400/);
      expect(answer.text).toContain('L’adresse du site indiquée par cette requête n’est pas valide.');
    }
    const absolute = await raw(
      server.base,
      `GET http://evil.example/about HTTP/1.1\r\nHost: ${new URL(server.base).host}\r\nConnection: close\r\n\r\n`,
    );
    expect(absolute.text).toMatch(/^HTTP\/1\.1 200/);
    expect(absolute.text).toContain('À propos');
    const forged = await raw(
      server.base,
      `POST /contact HTTP/1.1\r\nHost: ${new URL(server.base).host}\r\nX-Forwarded-Host: a:b:c\r\nOrigin: ${server.base}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    expect(forged.text).toMatch(/^HTTP\/1\.1 400/);
    // Still serving, and nothing but one line per refusal in its log.
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    const log = server.log().slice(before);
    expect(log.match(/\[http\] requête refusée/g)).toHaveLength(3);
    expect(stackTraces(log)).toEqual([]);
  });

  test('des corps envoyés un octet à la fois : chaque connexion reçoit 408 en français et est fermée avant la fin', async () => {
    const head = (i: number, length: number) =>
      `POST /contact HTTP/1.1\r\nHost: ${new URL(server.base).host}\r\nOrigin: ${server.base}\r\nContent-Type: application/x-www-form-urlencoded\r\nX-Forwarded-For: 198.18.7.${i}\r\nContent-Length: ${length}\r\n\r\n`;
    // Within the form's limit (64 KB): the server waits for the body, up to the request's time limit.
    const small = 20 * 1024;
    const answers = await Promise.all([1, 2, 3].map((i) => raw(server.base, head(i, small), small)));
    for (const answer of answers) {
      expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer.text).toContain('Requête trop lente');
      expect(answer.sent).toBeLessThan(small);
    }
    // 100 KB announced, past the limit: refused at once (413), and the rest, read to keep the connection, is bounded by
    // the same time limit.
    const large = 100 * 1024;
    const refused = await raw(server.base, head(4, large), large);
    expect(refused.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(refused.text).toContain('HTTP/1.1 408 ');
    expect(refused.sent).toBeLessThan(large);
    // Headers that never end get the same answer.
    const headers = await raw(server.base, `GET / HTTP/1.1\r\nHost: ${new URL(server.base).host}\r\nX-Lent: `, 1000);
    expect(headers.text).toMatch(/^HTTP\/1\.1 408/);
    expect(headers.sent).toBeLessThan(1000);
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
  });
});

test.describe('l’instance appelée directement, un X-Forwarded-For forgé (TRUST_PROXY=2) @http @sqlite-only', () => {
  // One server for the describe, on its port: its tests in one worker, one after the other.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let server: OwnServer;
  const EMAIL = 'organisateur@demo.agenda-romand.ch';
  const PASSWORD = 'Romandie-Orga-2026';

  test.beforeAll(async () => {
    const site = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 98}`;
    // As on Cloud Run: two proxies trusted; the demo accounts of a local site (README's passwords).
    server = await startOwnServer({
      portOffset: 98,
      log: true,
      env: { WEB_CONCURRENCY: '1', TRUST_PROXY: '2', SITE_URL: site, SEED_DEMO: 'true' },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** One login through the form, from `forwardedFor` as the caller writes it, with the browser's cookie if any. */
  async function login(password: string, forwardedFor: string, cookie = '') {
    const page = await fetch(`${server.base}/auth/login`, { headers: { Cookie: cookie } });
    const pageCookie = page.headers.getSetCookie()[0]?.split(';')[0];
    const answer = await fetch(`${server.base}/auth/login`, {
      method: 'POST',
      body: new URLSearchParams({ ...hiddenFields(await page.text()), email: EMAIL, password }),
      headers: { Cookie: pageCookie ?? cookie, Origin: server.base, 'X-Forwarded-For': forwardedFor },
      redirect: 'manual',
    });
    return {
      status: answer.status,
      text: await answer.text(),
      cookie: answer.headers.getSetCookie()[0]?.split(';')[0],
    };
  }

  test('un compte visé depuis des adresses forgées toujours nouvelles : 429 en français ; le navigateur de la titulaire passe', async () => {
    // The owner signed in on her browser before the attack.
    const owner = await login(PASSWORD, '198.51.100.10, 203.0.113.1');
    expect(owner.status).toBe(302);
    expect(owner.cookie).toMatch(/^__session=/);
    const before = server.log().length;
    const statuses: number[] = [];
    let refusal = '';
    for (let i = 1; i <= 22; i++) {
      // Two entries, as Hosting and Cloud Run's front end would write them: the first is read as the visitor's.
      const answer = await login(`faux ${i}`, `10.${i}.0.1, 10.${i}.0.2`);
      statuses.push(answer.status);
      if (answer.status === 429) refusal = answer.text;
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    expect(refusal).toContain('Trop de tentatives');
    // A browser that never signed in to the account waits, even with the right password and another address.
    expect((await login(PASSWORD, '10.99.0.1, 10.99.0.2')).status).toBe(429);
    // The owner's browser is not stopped.
    expect((await login(PASSWORD, '198.51.100.10, 203.0.113.1', owner.cookie)).status).toBe(302);
    // The security log names the forged address and the connection's own.
    const log = server.log().slice(before);
    expect(log).toMatch(/"event":"login\.failure"[^\n]*"ip":"10\.1\.0\.1"[^\n]*"socket":"(?:::ffff:)?127\.0\.0\.1"/);
    expect(log).toMatch(/"event":"login\.locked"[^\n]*"socket":"(?:::ffff:)?127\.0\.0\.1"/);
  });

  test('les formulaires comptent l’avant-dernière adresse : ce que le visiteur écrit devant n’y change rien ; deux entrées forgées, si', async () => {
    /** One sending of the contact form (refused for its missing token: the allowance is counted before). */
    const send = async (forwardedFor: string) =>
      (
        await fetch(`${server.base}/contact`, {
          method: 'POST',
          body: new URLSearchParams({ message: 'Bonjour' }),
          headers: { Origin: server.base, 'X-Forwarded-For': forwardedFor },
          redirect: 'manual',
        })
      ).status;
    // Through Hosting and Cloud Run's front end: the visitor's own entries first, then the visitor's address as Hosting
    // saw it, then Hosting's. Ten sendings a minute (RATE_LIMIT_FORMS_PER_MINUTE), whatever the visitor wrote.
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) statuses.push(await send(`10.50.0.${i}, 198.51.100.7, 35.191.0.1`));
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses[10]).toBe(429);
    // Called directly with two forged entries, as docs/derriere-un-proxy.md says: another address, another allowance.
    expect(await send('10.51.0.1, 10.51.0.2')).not.toBe(429);
  });
});
