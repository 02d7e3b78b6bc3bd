// The public-address check, and the push transport that relies on it, with a fake resolver (no DNS, no network).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createWebPushTransport } from '../push/web-push';
import { guardedLookup, isPublicAddress, type Resolver } from './public-address';

const REFUSED = [
  // loopback, unspecified, private, link-local (cloud metadata), shared address space (CGNAT), multicast, broadcast
  '127.0.0.1',
  '127.1.2.3',
  '0.0.0.0',
  '10.0.0.5',
  '172.16.0.1',
  '172.31.255.254',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '100.127.255.254',
  '224.0.0.1',
  '255.255.255.255',
  '192.0.2.1',
  '198.18.0.1',
  // IPv6: loopback, unspecified, unique-local (AWS metadata fd00:ec2::254), link-local, multicast
  '::1',
  '::',
  'fd00:ec2::254',
  'fc00::1',
  'fe80::1',
  'ff02::1',
  '[::1]',
  // IPv4 carried in IPv6: mapped (both spellings), NAT64, 6to4, Teredo, documentation
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.0.0.1',
  '64:ff9b::7f00:1',
  '2002:7f00:1::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '2001:db8::1',
  // IPv4-compatible IPv6 (::/96, deprecated but still routed to the IPv4 address by some stacks), and the rest of ::/8
  '::127.0.0.1',
  '::7f00:1',
  '[::127.0.0.1]',
  '::169.254.169.254',
  '::a9fe:a9fe',
  '::10.0.0.1',
  '::8.8.8.8',
  '::2',
  // the other special-purpose blocks of IANA's registries
  '192.0.0.9',
  '192.0.0.170',
  '192.31.196.1',
  '192.52.193.1',
  '192.88.99.1',
  '192.175.48.1',
  '198.19.255.254',
  '198.51.100.7',
  '203.0.113.9',
  '240.0.0.1',
  '64:ff9b:1::a00:1',
  '100::1',
  '2001:1::1',
  '2001:2::1',
  '2001:3::1',
  '2001:4:112::1',
  '2001:10::1',
  '2001:20::1',
  '2620:4f:8000::1',
  '3fff::1',
  '5f00::1',
  'fec0::1',
  '4000::1',
  // legacy IPv4 spellings are not literals Node connects to: never « public »
  '2130706433',
  '0x7f.1',
  // not an address at all
  'localhost',
  'metadata.google.internal',
  '',
];
const PUBLIC = [
  '8.8.8.8',
  '93.184.216.34',
  '1.1.1.1',
  '192.0.1.1',
  '198.20.0.1',
  '2001:4860:4860::8888',
  '2a00:1450:4001:80b::200e',
  '2620:fe::fe',
  '[2606:4700:4700::1111]',
];

describe('adresses publiques', () => {
  it.each(REFUSED)('%s est refusée', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
  it.each(PUBLIC)('%s est publique', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('le lookup refuse un nom dont une seule des adresses n’est pas publique, et rend les autres telles quelles', async () => {
    const resolve: Resolver = async (name) =>
      name === 'mixte.example'
        ? [
            { address: '93.184.216.34', family: 4 },
            { address: '10.0.0.1', family: 4 },
          ]
        : [{ address: '93.184.216.34', family: 4 }];
    const lookup = guardedLookup({ resolve });
    const ask = (name: string, all: boolean) =>
      new Promise((done) => lookup(name, { all }, (error, address) => done(error ? error.name : address)));
    expect(await ask('mixte.example', false)).toBe('AddressRefused');
    expect(await ask('public.example', false)).toBe('93.184.216.34');
    expect(await ask('public.example', true)).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });
});

describe('Web Push vers une adresse choisie par autrui', () => {
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:contact@agenda-romand.ch' };
  const keys = {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  };
  let server: http.Server;
  let port: number;
  let received = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      received++;
      req.resume();
      res.statusCode = 201;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const message = { notification: { title: 'Nouvel événement à modérer', body: 'x' }, data: {} };
  const token = (endpoint: string) => JSON.stringify({ endpoint, keys });

  it('chaque envoi résout le nom à nouveau et refuse une adresse privée, même si elle était publique avant', async () => {
    const answers = ['93.184.216.34', '10.0.0.7', '169.254.169.254', '::ffff:127.0.0.1'];
    const asked: string[] = [];
    const resolve: Resolver = async (name) => {
      asked.push(name);
      const address = answers[Math.min(asked.length - 1, answers.length - 1)];
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    };
    const transport = createWebPushTransport({ vapid, resolve, timeoutMs: 300 });
    const endpoint = 'https://push.rebind.example/wpush/abc';
    expect(transport.normalizeToken(token(endpoint))).not.toBeNull();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await transport.send(token(endpoint), message));
    expect(asked).toEqual(Array(4).fill('push.rebind.example'));
    // The first answer is public (the connection then fails: nothing listens there); the others are refused.
    for (const result of results.slice(1)) {
      expect(result).toMatchObject({
        status: 'failed',
        reason: expect.stringContaining('adresse non publique refusée'),
      });
    }
  });

  it('les noms trompeurs sont refusés dès l’enregistrement, les littéraux privés à l’envoi', async () => {
    const transport = createWebPushTransport({ vapid, resolve: async () => [{ address: '8.8.8.8', family: 4 }] });
    for (const host of [
      'localhost',
      'localhost.',
      'foo.localhost',
      'vm.internal',
      'printer.local',
      '127.0.0.1',
      '[::1]',
    ]) {
      expect(transport.normalizeToken(token(`https://${host}/x`)), host).toBeNull();
    }
  });

  it('la connexion va à l’adresse vérifiée, pas à une seconde résolution du nom', async () => {
    // A name no real resolver knows: reaching the local stand-in proves the checked answer is the one connected to.
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const transport = createWebPushTransport({ vapid, resolve, allowLoopbackHttp: true });
    const before = received;
    const result = await transport.send(token(`http://push.introuvable.test:${port}/wpush/1`), message);
    expect(result).toEqual({ status: 'sent' });
    expect(received).toBe(before + 1);
    // The same stand-in behind a public-looking https name resolving to it: refused, nothing received.
    const https = createWebPushTransport({ vapid, resolve });
    expect(await https.send(token(`https://push.introuvable.test:${port}/wpush/1`), message)).toMatchObject({
      status: 'failed',
    });
    expect(received).toBe(before + 1);
  });
});
