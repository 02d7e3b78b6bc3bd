// The inbox under load (issue 37, decision 091): a process that serves checks the signature and queues the activity as
// it came; reading it and acting on it happen where the queue is read. A full queue answers 503 with Retry-After.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAll, type FederatedSite, startFederatedSite } from '../support/federated-site';
import { type FederationPeer, startFederationPeer } from '../support/federation-peer';
import { freePorts } from '../support/firebase-emulators';

// Free ports, not fixed ones: nothing else on the machine can take them first.
const [SITE_PORT, FULL_PORT, PEER_PORT] = await freePorts(3);
const SITE = `http://127.0.0.1:${SITE_PORT}`;
const QUEUE_MAX = 3;
let site: FederatedSite;
let full: FederatedSite;
let peer: FederationPeer;

const follow = (id: string, actor = peer.actorId) => ({
  '@context': 'https://www.w3.org/ns/activitystreams',
  id: `${peer.actorId}#follows/${id}`,
  type: 'Follow',
  actor,
  object: `${SITE}/federation/acteurs/agenda`,
});
const now = () => new Date().toISOString();
const queued = async (of = site) => {
  const { due, later } = await of.services.store.federation.queueStats(now());
  return due + later;
};
const followers = () => site.services.store.federation.count('follower', { now: now() });

beforeAll(async () => {
  // The queue is not read until a test says so: what the inbox did alone is seen in the store.
  site = await startFederatedSite(SITE_PORT, { readQueue: false });
  // A site whose queue holds three messages at most, never read.
  full = await startFederatedSite(FULL_PORT, { env: { FEDERATION_QUEUE_MAX: String(QUEUE_MAX) }, readQueue: false });
  peer = await startFederationPeer(PEER_PORT);
}, 60_000);

afterAll(() => closeAll(peer, site, full));

describe('fédération : la boîte sous une rafale', () => {
  it('une activité signée est gardée telle qu’envoyée et traitée là où la file est lue, jamais dans la requête', async () => {
    const res = await peer.post(`${SITE}/federation/acteurs/agenda/boite`, follow('f1'));
    expect(res.status).toBe(202);
    // Answered: queued as it came, for the agenda's inbox, and nothing acted on yet.
    const [message] = await site.services.store.federation.claimDue(now(), now(), 10);
    expect(message.payload).toMatchObject({ type: 'inbox', identifier: 'agenda', activity: follow('f1') });
    expect(await followers()).toBe(0);
    expect(peer.received).toHaveLength(0);
    // Where the queue is read (the jobs worker): the follower kept, the Accept sent.
    site.readQueue();
    await vi.waitFor(async () => expect(await followers()).toBe(1), { timeout: 10_000 });
    await vi.waitFor(() => expect(peer.received.map((a) => a.body.type)).toContain('Accept'), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await queued()).toBe(0), { timeout: 10_000 });
  });

  it('une signature valide au nom d’un autre acteur, une boîte inconnue, un corps illisible ou trop grand : refusés, rien en file', async () => {
    const other = `${peer.origin}/users/quelquun`;
    expect((await peer.post(`${SITE}/federation/boite`, follow('f2', other))).status).toBe(401);
    expect((await peer.post(`${SITE}/federation/acteurs/personne/boite`, follow('f3'))).status).toBe(404);
    const notJson = await fetch(`${SITE}/federation/boite`, { method: 'POST', body: '{pas du json' });
    expect(notJson.status).toBe(400);
    expect(await notJson.text()).toBe('Activité illisible\u00a0: le corps doit être du JSON.');
    // Sent in pieces, without a length announced: cut at 256 Ko all the same.
    const big = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new Uint8Array(10_000).fill(32));
        controller.close();
      },
    });
    const tooBig = await fetch(`${SITE}/federation/boite`, {
      method: 'POST',
      body: big,
      duplex: 'half',
    } as RequestInit);
    expect(tooBig.status).toBe(413);
    expect(await queued()).toBe(0);
  });

  it('la clé de l’expéditeur déjà connue : une activité mal signée, changée en route ou rejouée ailleurs est refusée, la bonne passe', async () => {
    const inbox = `${SITE}/federation/acteurs/agenda/boite`;
    // The key is known (the first activity of this peer fetched it): what follows takes the short way (decision 094).
    expect((await peer.post(inbox, { ...follow('k1'), type: 'Like' })).status).toBe(202);
    expect((await peer.post(inbox, { ...follow('k2'), type: 'Like' }, 'wrong-key')).status).toBe(401);
    expect((await peer.post(inbox, { ...follow('k3'), type: 'Like' }, 'unsigned')).status).toBe(401);
    // Signed as sent, then changed on the way: the digest no longer matches the body.
    const sent = await peer.signed(inbox, { ...follow('k4'), type: 'Like' });
    const body = await sent.clone().text();
    const changed = JSON.stringify({ ...follow('k4'), type: 'Like', object: `${SITE}/autre` });
    expect((await fetch(inbox, { method: 'POST', headers: sent.headers, body: changed })).status).toBe(401);
    // The same signed request sent to another inbox: its request target no longer matches.
    const elsewhere = await fetch(`${SITE}/federation/boite`, {
      method: 'POST',
      headers: sent.headers,
      body,
    });
    expect(elsewhere.status).toBe(401);
    expect((await fetch(sent)).status).toBe(202);
  });

  it('une activité signée aussi dans son corps (signature LD, relais de Mastodon) passe par la vérification complète de Fedify', async () => {
    const res = await peer.post(`${SITE}/federation/boite`, {
      ...follow('ld1'),
      '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
      type: 'Like',
      object: `${SITE}/federation/evenements/x`,
      signature: {
        type: 'RsaSignature2017',
        creator: `${peer.actorId}#main-key`,
        created: new Date().toISOString(),
        signatureValue: 'bm9uIHNpZ27DqQ==',
      },
    });
    // The body's signature does not hold, the HTTP one does: taken, as Fedify decides.
    expect(res.status).toBe(202);
    expect((await peer.post(`${SITE}/federation/boite`, { ...follow('ld2'), signature: {} }, 'unsigned')).status).toBe(
      401,
    );
  });

  it('une boîte dont la file est pleine répond 503 avec Retry-After, et ne garde rien de plus', async () => {
    const inbox = `http://127.0.0.1:${FULL_PORT}/federation/boite`;
    const answers: Response[] = [];
    for (let i = 0; i < QUEUE_MAX + 2; i++)
      answers.push(await peer.post(inbox, { ...follow(`plein-${i}`), type: 'Like' }));
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202, 503, 503]);
    expect(answers[3].headers.get('Retry-After')).toBe('60');
    expect(await answers[3].text()).toBe('Boîte pleine pour le moment\u00a0: réessayez plus tard.');
    expect(await queued(full)).toBe(QUEUE_MAX);
  });
});
