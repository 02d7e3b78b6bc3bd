// The suite's Hosting proxy sends requests as Firebase Hosting sends them to Cloud Run (issue 46): Host is the
// instance's own address, the site in X-Forwarded-Host, the protocol in X-Forwarded-Proto, X-Forwarded-For ending with
// the client's address then the proxy's own, only `__session` among the cookies; and each visitor's requests go to
// the two instances in turn. A proxy that kept the original Host hid that no form passed behind real Hosting.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostingProxy, startHostingProxy } from '../support/hosting-proxy';

/** An instance that answers what it received, never cacheable. */
function echo(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const { port } = server.address() as AddressInfo;
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ port, headers: req.headers }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let instances: http.Server[] = [];
let proxy: HostingProxy;
const portOf = (server: http.Server) => (server.address() as AddressInfo).port;

beforeAll(async () => {
  instances = await Promise.all([echo(), echo()]);
  proxy = await startHostingProxy({ upstreams: instances.map((s) => `http://127.0.0.1:${portOf(s)}`) });
});
afterAll(async () => {
  await proxy.close();
  await Promise.all(instances.map((s) => new Promise((resolve) => s.close(resolve))));
});

async function through(cookie: string, headers: Record<string, string> = {}) {
  const answer = await fetch(`${proxy.url}/evenements`, { headers: { cookie, ...headers } });
  return (await answer.json()) as { port: number; headers: Record<string, string> };
}

describe('le mandataire Hosting de la suite', () => {
  it('réécrit Host en l’adresse de l’instance et envoie le site dans X-Forwarded-*', async () => {
    const seen = await through('__session=abc; _ga=GA1.2; autre=1', { 'x-forwarded-for': '198.51.100.9' });
    expect(seen.headers.host).toBe(`127.0.0.1:${seen.port}`);
    expect(seen.headers['x-forwarded-host']).toBe(new URL(proxy.url).host);
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    // What the client wrote, then the client's address (Hosting), then the proxy's (Cloud Run's front end adds it).
    expect(seen.headers['x-forwarded-for']).toBe('198.51.100.9, 127.0.0.1, 127.0.0.1');
    expect(seen.headers.cookie).toBe('__session=abc');
  });

  it('chaque requête d’un visiteur va à l’autre instance que la précédente', async () => {
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < 3; i++) {
      a.push((await through('__session=visiteur-a')).port);
      b.push((await through('__session=visiteur-b')).port);
      b.push((await through('__session=visiteur-b')).port);
    }
    for (const ports of [a, b]) {
      expect(new Set(ports)).toEqual(new Set(instances.map(portOf)));
      for (let i = 1; i < ports.length; i++) expect(ports[i]).not.toBe(ports[i - 1]);
    }
  });
});
