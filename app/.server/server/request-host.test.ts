// The host of a request, settled once before anything reads it: X-Forwarded-Host dropped from anyone but a trusted
// proxy, behind which the site's host is SITE_URL's (a forwarded host that contradicts it refused, issue 46); a host no
// URL can be built on refused with a French 400.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostSettler, isValidHost, requestHost } from './request-host';

/** A server that settles the host, then says what it and the later code see. */
function hostEcho(trustProxy: string | false) {
  const app = express();
  if (trustProxy) app.set('trust proxy', trustProxy);
  app.use(hostSettler('http://agenda.test'));
  app.use((req, res) => {
    res.json({ host: requestHost(req), forwarded: req.get('X-Forwarded-Host') ?? null, hostname: req.hostname });
  });
  return http.createServer(app);
}

let direct: http.Server;
let proxied: http.Server;
beforeAll(async () => {
  direct = hostEcho(false);
  proxied = hostEcho('loopback');
  await Promise.all([direct, proxied].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
});
afterAll(() => Promise.all([direct, proxied].map((s) => new Promise((r) => s.close(r)))));

function get(
  server: http.Server,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; cacheControl?: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: '/', headers, setHost: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, cacheControl: res.headers['cache-control'] }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('hôte d’une requête', () => {
  it('sans proxy de confiance, X-Forwarded-Host est ignoré et retiré : seul Host compte', async () => {
    const answer = await get(direct, { Host: 'agenda.test:4200', 'X-Forwarded-Host': 'evil.example' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ host: 'agenda.test:4200', forwarded: null, hostname: 'agenda.test' });
  });

  it('derrière un proxy de confiance, l’hôte est celui de SITE_URL, que le premier X-Forwarded-Host nomme', async () => {
    const answer = await get(proxied, { Host: '10.0.0.1:8080', 'X-Forwarded-Host': 'Agenda.test, autre.example' });
    expect(JSON.parse(answer.body)).toEqual({
      host: 'agenda.test',
      forwarded: 'agenda.test',
      hostname: 'agenda.test',
    });
    // Firebase Hosting's Host is the Cloud Run instance's address: without X-Forwarded-Host, the site's host all the same.
    const bare = await get(proxied, { Host: '127.0.0.1:8080' });
    expect(JSON.parse(bare.body)).toMatchObject({ host: 'agenda.test', hostname: 'agenda.test' });
  });

  it('derrière un proxy de confiance, un X-Forwarded-Host qui contredit SITE_URL : 400 en français, une ligne au journal', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (const forwarded of ['evil.example', 'agenda.test:8443', 'evil.example, agenda.test']) {
        const answer = await get(proxied, { Host: '127.0.0.1:8080', 'X-Forwarded-Host': forwarded });
        expect(answer.status, forwarded).toBe(400);
        expect(answer.body).toContain('Cette requête est adressée à un autre site que celui-ci.');
        expect(answer.cacheControl).toBe('no-store');
      }
      expect(warn).toHaveBeenCalledTimes(3);
      expect(String(warn.mock.calls[0][0])).toMatch(/^\[http\] requête refusée, X-Forwarded-Host "evil\.example"/);
    } finally {
      warn.mockRestore();
    }
  });

  it.each([
    ['un port au-delà de 65535', { Host: 'localhost:99999' }, 'direct'],
    ['un espace', { Host: 'exa mple' }, 'direct'],
    ['un hôte vide', { Host: '' }, 'direct'],
    ['un X-Forwarded-Host de confiance invalide', { Host: 'localhost', 'X-Forwarded-Host': 'a:b:c' }, 'proxied'],
  ] as const)('%s : 400 en français', async (_, headers, which) => {
    const answer = await get(which === 'direct' ? direct : proxied, headers);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('L’adresse du site indiquée par cette requête n’est pas valide.');
  });

  it('les hôtes valides', () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'agenda-romand.ch',
      '127.0.0.1:8080',
      '[::1]:3000',
      'a_b.example',
    ])
      expect(isValidHost(host), host).toBe(true);
    for (const host of ['', 'localhost:99999', 'exa mple', 'a:b:c', 'évil.ch/x', 'x'.repeat(300)])
      expect(isValidHost(host), host).toBe(false);
  });
});
