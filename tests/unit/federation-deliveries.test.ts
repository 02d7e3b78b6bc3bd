// A remote server away for a while (issue 37): its deliveries are tried again on a bounded exponential schedule, each
// on its own, and everything reaches it once it answers again, also what was created during the outage. The admins
// see one line per host and activity, with its attempts and its next attempt.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blockDomain, FEDERATION_MESSAGES, unblockDomain } from '../../app/.server/federation/admin';
import {
  DELIVERY_ATTEMPTS,
  deliveryTroubles,
  RETRY_MAX_MS,
  retryDelayMs,
} from '../../app/.server/federation/deliveries';
import type { Follower } from '../../app/.server/federation/records';
import { INBOX_MESSAGES } from '../../app/.server/http/federation-inbox';
import { closeAll, type FederatedSite, startFederatedSite } from '../support/federated-site';
import { type FederationPeer, startFederationPeer } from '../support/federation-peer';
import { freePorts } from '../support/firebase-emulators';

// Free ports, not fixed ones: nothing else on the machine can take them first.
const [SITE_PORT, PEER_PORT] = await freePorts(2);
const PEER_HOST = `127.0.0.1:${PEER_PORT}`;
const SITE = `http://127.0.0.1:${SITE_PORT}`;
let site: FederatedSite;
let peer: FederationPeer;

const follow = (id: string, actor: string) => ({
  '@context': 'https://www.w3.org/ns/activitystreams',
  id: `${actor}#follows/${id}`,
  type: 'Follow',
  actor,
  object: `${SITE}/federation/acteurs/agenda`,
});
const now = () => new Date().toISOString();
const accepted = () => peer.received.filter((a) => a.body.type === 'Accept').map((a) => a.body.object);

beforeAll(async () => {
  // Retries 20 ms apart at first (doubling): the whole schedule of a few minutes, in a test, without waiting for it.
  site = await startFederatedSite(SITE_PORT, { env: { FEDERATION_RETRY_FIRST_MS: '20' } });
  peer = await startFederationPeer(PEER_PORT);
}, 60_000);

afterAll(() => closeAll(peer, site));

describe('fédération : un serveur distant en panne un moment', () => {
  it('l’attente entre deux essais double jusqu’à 12 heures, 16 essais en tout (environ trois jours)', () => {
    const first = 60_000;
    expect(retryDelayMs(0, first)).toBe(60_000);
    expect(retryDelayMs(1, first)).toBe(120_000);
    expect(retryDelayMs(12, first)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(DELIVERY_ATTEMPTS - 2, first)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(DELIVERY_ATTEMPTS - 1, first)).toBeNull();
    let total = 0;
    for (let a = 0; a < DELIVERY_ATTEMPTS - 1; a++) total += retryDelayMs(a, first) ?? 0;
    expect(total / 86_400_000).toBeGreaterThan(2.5);
    expect(total / 86_400_000).toBeLessThan(4);
  });

  it('après six essais refusés, l’Accept arrive dès que le serveur répond, et ce qui a été créé pendant la panne aussi', async () => {
    // Six failed attempts in a row (each knocks twice: two signature standards): more than the five in ten minutes
    // past which Fedify's circuit breaker held everything to that host for 30 minutes.
    peer.outage.count = 12;
    expect((await peer.post(`${SITE}/federation/acteurs/agenda/boite`, follow('a', peer.actorId))).status).toBe(202);
    // During the outage, the admins see one line for this host and this activity, its attempts counted, and when
    // the next one comes.
    const trouble = await vi.waitFor(
      async () => {
        const [found] = await deliveryTroubles(site.services.store.federation, now());
        expect(found?.attempts).toBeGreaterThanOrEqual(5);
        return found;
      },
      { timeout: 20_000 },
    );
    expect(trouble).toMatchObject({ host: PEER_HOST, status: 500 });
    expect(trouble.activities).toHaveLength(1);
    expect(trouble.activities[0].activityType).toBe('Accept');
    expect(trouble.nextAt && trouble.nextAt > trouble.lastAt).toBe(true);
    // Another account of that server follows during the outage: its Accept is tried too, not held behind.
    const other = peer.addAccount('tom');
    expect((await peer.post(`${SITE}/federation/boite`, follow('b', other), 'signed', other)).status).toBe(202);
    await vi.waitFor(
      () => {
        expect(accepted()).toContainEqual(expect.objectContaining({ id: `${peer.actorId}#follows/a` }));
        expect(accepted()).toContainEqual(expect.objectContaining({ id: `${other}#follows/b` }));
      },
      { timeout: 20_000 },
    );
    expect(peer.refused).toHaveLength(12);
    // Delivered: nothing left to show the admins.
    await vi.waitFor(async () => expect(await deliveryTroubles(site.services.store.federation, now())).toEqual([]), {
      timeout: 10_000,
    });
  }, 60_000);

  it('un Follow envoyé à nouveau garde la date du premier (« depuis » dans la liste des abonnés)', async () => {
    const first = await site.services.store.federation.list<Follower>('follower', { now: now(), limit: 10 });
    const mine = first.find((r) => r.value.id === peer.actorId);
    expect(mine).toBeDefined();
    const accepts = accepted().length;
    expect((await peer.post(`${SITE}/federation/acteurs/agenda/boite`, follow('a2', peer.actorId))).status).toBe(202);
    await vi.waitFor(() => expect(accepted().length).toBe(accepts + 1), { timeout: 10_000 });
    const again = await site.services.store.federation.get<Follower>('follower', mine?.key ?? '', now());
    expect(again?.value.followedAt).toBe(mine?.value.followedAt);
  });

  it('un domaine bloqué n’est jamais contacté : sa boîte répond 403 avant qu’on cherche sa clé, rien n’est gardé', async () => {
    const { store } = site.services;
    // In test mode, a host with its port is a domain the admins may block (two instances on 127.0.0.1).
    await blockDomain(site.services, site.admin, { domain: PEER_HOST });
    await expect(blockDomain(site.services, site.admin, { domain: '127.0.0.1:99999' })).rejects.toThrow(
      FEDERATION_MESSAGES.badDomain,
    );
    const tester = peer.addAccount('tester3');
    const fetched = peer.fetched.length;
    const followers = await store.federation.count('follower', { now: now() });
    const res = await peer.post(`${SITE}/federation/boite`, follow('t3', tester), 'signed', tester);
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(INBOX_MESSAGES.blocked);
    expect(peer.fetched.slice(fetched)).toEqual([]);
    expect(await store.federation.queueStats(now())).toEqual({ due: 0, later: 0 });
    expect(await store.federation.count('follower', { now: now() })).toBe(followers);
    // The host alone (every port) too.
    await unblockDomain(site.services, site.admin, PEER_HOST);
    await blockDomain(site.services, site.admin, { domain: '127.0.0.1' });
    expect((await peer.post(`${SITE}/federation/boite`, follow('t4', tester), 'signed', tester)).status).toBe(403);
    expect(peer.fetched.slice(fetched)).toEqual([]);
  });
});
