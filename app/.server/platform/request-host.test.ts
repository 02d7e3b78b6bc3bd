// The host of a request, settled once before anything reads it: X-Forwarded-Host only from a trusted proxy (its first
// value), dropped from anyone else; a host no URL can be built on refused with a French 400.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidHost, requestHost, settleHost } from './request-host';

/** A server that settles the host, then says what it and the later code see. */
function hostEcho(trustProxy: string | false) {
  const app = express();
  if (trustProxy) app.set('trust proxy', trustProxy);
  app.use(settleHost);
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

function get(server: http.Server, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: '/', headers, setHost: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
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

  it('derrière un proxy de confiance, le premier X-Forwarded-Host compte, seul', async () => {
    const answer = await get(proxied, { Host: '10.0.0.1:8080', 'X-Forwarded-Host': 'agenda.test, autre.example' });
    expect(JSON.parse(answer.body)).toEqual({
      host: 'agenda.test',
      forwarded: 'agenda.test',
      hostname: 'agenda.test',
    });
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
