// A stand-in for another fediverse server on this machine (a Mastodon account, a Gancio or Mobilizon agenda): one
// actor with its RSA key, served as ActivityStreams over plain HTTP, an inbox that records what it receives, and
// signed POSTs to another inbox (draft-cavage HTTP Signatures, as Mastodon signs).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';

export interface ReceivedActivity {
  path: string;
  signature: string | null;
  body: Record<string, unknown>;
}

export interface FederationPeer {
  origin: string;
  actorId: string;
  inbox: string;
  received: ReceivedActivity[];
  /** The paths of the documents asked of it (GET), in order: its actor, its keys. */
  fetched: string[];
  /** Its inbox answers this status to the next `count` POSTs (an outage: 500), not keeping them; then 202 again. */
  outage: { count: number; status: number };
  /** The POSTs refused during an outage, in order. */
  refused: ReceivedActivity[];
  /** Serves more documents (an event object) at these paths. */
  documents: Map<string, unknown>;
  /**
   * POSTs an activity to `inbox`, signed by this actor (or by `otherKey`: a wrong signature; or naming a key it does not
   * have, a new one each time: a forgery), or unsigned; `as` signs for another account of this server (`addAccount`).
   */
  post(
    inbox: string,
    activity: Record<string, unknown>,
    mode?: 'signed' | 'unsigned' | 'wrong-key' | 'unknown-key',
    as?: string,
  ): Promise<Response>;
  /** A GET signed by this actor (as Gancio reads an outbox). */
  get(url: string): Promise<Response>;
  /** Another account on this server (same shared inbox), answers its id. */
  addAccount(username: string): string;
  /** The same POST, signed now and sent later (a bench signs before its burst, not during it). */
  signed(inbox: string, activity: Record<string, unknown>): Promise<Request>;
  close(): Promise<void>;
}

export async function startFederationPeer(
  port: number,
  options: { username?: string; type?: string; name?: string } = {},
): Promise<FederationPeer> {
  const { username = 'lea', type = 'Person', name = 'Léa' } = options;
  const keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const otherKeys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const origin = `http://127.0.0.1:${port}`;
  const actorId = `${origin}/users/${username}`;
  const publicKeyPem = await pemOf(keys.publicKey);
  const received: ReceivedActivity[] = [];
  const refused: ReceivedActivity[] = [];
  const outage = { count: 0, status: 500 };
  const fetched: string[] = [];
  const documents = new Map<string, unknown>();
  const account = (user: string, accountType: string, accountName: string) => {
    const id = `${origin}/users/${user}`;
    documents.set(`/users/${user}`, {
      '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
      id,
      type: accountType,
      preferredUsername: user,
      name: accountName,
      inbox: `${id}/inbox`,
      outbox: `${id}/outbox`,
      followers: `${id}/followers`,
      endpoints: { sharedInbox: `${origin}/inbox` },
      // One key for the server's accounts: enough for a stand-in.
      publicKey: { id: `${id}#main-key`, owner: id, publicKeyPem },
    });
    return id;
  };
  account(username, type, name);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      if (req.method === 'POST' && outage.count > 0) {
        outage.count -= 1;
        refused.push({
          path,
          signature: (req.headers.signature as string | undefined) ?? null,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
        });
        res.writeHead(outage.status, { 'Content-Type': 'text/plain' }).end('boom');
        return;
      }
      if (req.method === 'POST') {
        received.push({
          path,
          signature: (req.headers.signature as string | undefined) ?? null,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
        });
        res.writeHead(202).end();
        return;
      }
      fetched.push(path);
      if (path === '/.well-known/webfinger') {
        res.writeHead(200, { 'Content-Type': 'application/jrd+json' });
        res.end(
          JSON.stringify({
            subject: `acct:${username}@127.0.0.1:${port}`,
            links: [{ rel: 'self', type: 'application/activity+json', href: actorId }],
          }),
        );
        return;
      }
      const doc = documents.get(path);
      if (!doc) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/activity+json' });
      res.end(JSON.stringify(doc));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as AddressInfo).port;
  if (actualPort !== port) throw new Error('port');
  return {
    origin,
    actorId,
    inbox: `${actorId}/inbox`,
    received,
    refused,
    outage,
    fetched,
    documents,
    addAccount: (user) => account(user, 'Person', user),
    async get(url) {
      const request = new Request(url, { headers: { Accept: 'application/activity+json' } });
      return fetch(await signRequest(request, keys.privateKey, new URL(`${actorId}#main-key`)));
    },
    async post(inbox, activity, mode = 'signed', as = actorId) {
      const request = new Request(inbox, {
        method: 'POST',
        headers: { 'Content-Type': 'application/activity+json', Accept: 'application/activity+json' },
        body: JSON.stringify(activity),
      });
      if (mode === 'unsigned') return fetch(request);
      const key = mode === 'wrong-key' ? otherKeys.privateKey : keys.privateKey;
      const keyId = mode === 'unknown-key' ? `${as}/cles/${crypto.randomUUID()}` : `${as}#main-key`;
      return fetch(await signRequest(request, key, new URL(keyId)));
    },
    signed(inbox, activity) {
      const request = new Request(inbox, {
        method: 'POST',
        headers: { 'Content-Type': 'application/activity+json', Accept: 'application/activity+json' },
        body: JSON.stringify(activity),
      });
      return signRequest(request, keys.privateKey, new URL(`${actorId}#main-key`));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function pemOf(key: CryptoKey): Promise<string> {
  const spki = Buffer.from(await crypto.subtle.exportKey('spki', key)).toString('base64');
  return `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g)?.join('\n')}\n-----END PUBLIC KEY-----\n`;
}
