// The federation on Firestore (decisions 087 and 091), over HTTP on this machine with the in-process emulator: the
// agenda's key, its followers, the queue of received activities and of deliveries all live in Firestore. A signed
// Follow is queued by the inbox and handled where the queue is read; the Accept and the Create of a published event
// leave signed with the key kept in Firestore; an Undo removes the follower; a venue's follower gets its shares and its
// move when it is merged; a full queue answers 503.
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFirestoreStore } from '../../app/.server/adapters/firestore/store';
import { createFederationService, type FederationService } from '../../app/.server/federation/service';
import { loadConfig } from '../../app/.server/platform/config';
import type { Store } from '../../app/.server/ports';
import { makeEvent, makeVenue } from '../support/factories';
import { type FederationPeer, startFederationPeer } from '../support/federation-peer';
import { freePorts } from '../support/firebase-emulators';
import { freshFirestore } from '../support/firestore-emulator';

// Free ports, not fixed ones: nothing else on the machine can take them first.
const [PORT, PEER_PORT] = await freePorts(2);
const SITE = `http://127.0.0.1:${PORT}`;
let store: Store;
let federation: FederationService;
let peer: FederationPeer;
let server: http.Server;
let dispose: () => Promise<void>;
const queue = new AbortController();
const now = () => new Date().toISOString();
const queued = async () => {
  const { due, later } = await store.federation.queueStats(now());
  return due + later;
};

beforeAll(async () => {
  const firestore = await freshFirestore('federation');
  const firestoreStore = createFirestoreStore(firestore.db);
  await firestoreStore.ready();
  store = firestoreStore;
  dispose = async () => {
    await firestoreStore.close();
    await firestore.dispose();
  };
  const config = loadConfig({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-federation-firestore-')),
    SITE_URL: SITE,
    FEDERATION: 'on',
    FEDERATION_TEST_MODE: '1',
    FEDERATION_QUEUE_POLL_MS: '50',
    FEDERATION_QUEUE_MAX: '5',
  });
  federation = createFederationService(config, () => store, 'test');
  const app = express();
  app.use(federation.middleware());
  server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(PORT, '127.0.0.1', () => resolve(s));
  });
  peer = await startFederationPeer(PEER_PORT);
}, 60_000);

afterAll(async () => {
  queue.abort();
  await peer?.close();
  await new Promise((resolve) => server?.close(resolve));
  await dispose?.();
});

const follow = {
  '@context': 'https://www.w3.org/ns/activitystreams',
  type: 'Follow',
  object: `${SITE}/federation/acteurs/agenda`,
};

describe('fédération sur Firestore', () => {
  it('un abonnement, un événement publié et un désabonnement passent par la file et les clés de Firestore', async () => {
    const res = await peer.post(`${SITE}/federation/acteurs/agenda/boite`, {
      ...follow,
      id: `${peer.actorId}#follows/1`,
      actor: peer.actorId,
    });
    expect(res.status).toBe(202);
    expect(await queued()).toBe(1);
    // Read where the jobs run (on Firebase: each instance).
    void federation.startQueue(queue.signal);
    await vi.waitFor(() => expect(peer.received.map((a) => a.body.type)).toContain('Accept'), { timeout: 15_000 });
    expect(await store.federation.count('follower', { now: now() })).toBe(1);
    // The agenda's key pair was made once and kept in Firestore: the Accept is signed with it.
    const keys = await store.federation.get<{ publicKey: JsonWebKey }>('keys', 'agenda', now());
    expect(keys?.value.publicKey.kty).toBe('RSA');
    expect(peer.received.find((a) => a.body.type === 'Accept')?.signature).toContain(
      `keyId="${SITE}/federation/acteurs/agenda#main-key"`,
    );

    const event = makeEvent({
      status: 'approved',
      title: 'Concert au Théâtre du Jorat',
      startsAt: '2030-06-06T18:00:00Z',
    });
    await store.events.insertMany([event]);
    await federation.publishNow(event.id);
    await vi.waitFor(() => expect(peer.received.map((a) => a.body.type)).toContain('Create'), { timeout: 15_000 });
    expect(peer.received.find((a) => a.body.type === 'Create')?.body.object).toMatchObject({
      type: 'Event',
      name: 'Concert au Théâtre du Jorat',
    });

    await peer.post(`${SITE}/federation/boite`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.actorId}#undo/1`,
      type: 'Undo',
      actor: peer.actorId,
      object: { ...follow, id: `${peer.actorId}#follows/1`, actor: peer.actorId },
    });
    await vi.waitFor(async () => expect(await store.federation.count('follower', { now: now() })).toBe(0), {
      timeout: 15_000,
    });
    await vi.waitFor(async () => expect(await queued()).toBe(0), { timeout: 15_000 });
  });

  it('un lieu sur Firestore : trouvé par son adresse et son ancienne, ses abonnés reçoivent ses partages, puis son déménagement', async () => {
    const venue = makeVenue({ name: 'Salle du Bourg', slug: 'salle-du-bourg', redirectFrom: ['ancienne-salle'] });
    await store.venues.insertMany([venue]);
    const actorUrl = `${SITE}/federation/acteurs/lieu.${venue.id}`;
    for (const user of ['salle-du-bourg', 'ancienne-salle']) {
      const jrd = await (await fetch(`${SITE}/.well-known/webfinger?resource=acct:${user}@127.0.0.1:${PORT}`)).json();
      expect(jrd.links[0].href).toBe(actorUrl);
    }
    await peer.post(`${actorUrl}/boite`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.actorId}#follows/lieu`,
      type: 'Follow',
      actor: peer.actorId,
      object: actorUrl,
    });
    await vi.waitFor(async () => expect(await store.federation.count('follower', { now: now() })).toBe(1), {
      timeout: 15_000,
    });
    expect(await store.federation.get('keys', `lieu.${venue.id}`, now())).not.toBeNull();
    const event = makeEvent({ status: 'approved', title: 'Bal au Bourg', venueId: venue.id });
    await store.events.insertMany([event]);
    await federation.publishNow(event.id);
    // The venue shares the agenda's object with its followers (decision 096).
    const shares = () => peer.received.filter((a) => a.body.type === 'Announce' && a.body.actor === actorUrl);
    await vi.waitFor(() => expect(shares()).toHaveLength(1), { timeout: 15_000 });
    expect(shares()[0].body.object).toBe(`${SITE}/federation/evenements/${event.id}`);
    expect(shares()[0].signature).toContain(`keyId="${actorUrl}#main-key"`);

    // Merged into another venue: its follower is told (Move) and handed over, in Firestore.
    const kept = makeVenue({ name: 'Grange de Dorigny', slug: 'grange-de-dorigny' });
    await store.venues.insertMany([kept]);
    expect(await store.venues.merge({ fromId: venue.id, intoId: kept.id, now: now() })).not.toBeNull();
    await federation.moveNow({ kind: 'venue', gone: venue, intoId: kept.id });
    const keptUrl = `${SITE}/federation/acteurs/lieu.${kept.id}`;
    await vi.waitFor(
      () =>
        expect(peer.received.find((a) => a.body.type === 'Move')?.body).toMatchObject({
          actor: actorUrl,
          object: actorUrl,
          target: keptUrl,
        }),
      { timeout: 15_000 },
    );
    expect(await store.federation.count('follower', { prefix: `lieu.${kept.id}\u001f`, now: now() })).toBe(1);
    expect(await store.federation.count('follower', { prefix: `lieu.${venue.id}\u001f`, now: now() })).toBe(0);
    const moved = await (await fetch(actorUrl, { headers: { Accept: 'application/activity+json' } })).json();
    expect(moved.movedTo).toBe(keptUrl);
  });

  it('une file pleine sur Firestore répond 503 avec Retry-After', async () => {
    queue.abort();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await store.federation.enqueue(
      Array.from({ length: 5 }, (_, i) => ({
        id: `plein-${i}`,
        payload: { type: 'outbox' },
        dueAt: later,
        createdAt: now(),
      })),
    );
    // A depth counted before these were queued is trusted a second at most: a fresh count finds the queue full.
    await vi.waitFor(
      async () => {
        const res = await peer.post(`${SITE}/federation/boite`, {
          '@context': 'https://www.w3.org/ns/activitystreams',
          id: `${peer.actorId}#likes/${Date.now()}`,
          type: 'Like',
          actor: peer.actorId,
          object: `${SITE}/federation/evenements/x`,
        });
        expect(res.status).toBe(503);
        expect(res.headers.get('Retry-After')).toBe('60');
      },
      { timeout: 10_000, interval: 300 },
    );
  });
});
