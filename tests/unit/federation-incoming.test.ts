// What comes in (decision 088): an admin follows a Gancio agenda or a Mobilizon group as a source; their events, as
// those servers write them (tests/fixtures/federation), reach the moderation queue (or are published for a trusted
// source), their Update and Delete apply, a reply or a like is ignored; a blocked domain gets nothing and gives nothing.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeEvent } from '../../app/.server/events/lifecycle';
import { blockDomain, followRemoteSource, unblockDomain } from '../../app/.server/federation/admin';
import { makeEvent } from '../support/factories';
import { closeAll, type FederatedSite, startFederatedSite } from '../support/federated-site';
import { type FederationPeer, startFederationPeer } from '../support/federation-peer';
import { freePorts } from '../support/firebase-emulators';

// Free ports, not fixed ones: nothing else on the machine can take them first.
const [SITE_PORT, PEER_PORT] = await freePorts(2);
let site: FederatedSite;
let peer: FederationPeer;

/**
 * A fixture, its addresses moved to this test's ports in one pass: replaced one after the other, a peer's port that
 * begins with 3715 (37150 to 37159) became the site's port followed by a digit, an invalid URL (seen once in CI).
 */
function movedToPorts(text: string, ports: { site: number; peer: number }): string {
  return text.replace(
    /127\.0\.0\.1:(3715|3716)(?!\d)/g,
    (_, port) => `127.0.0.1:${port === '3715' ? ports.site : ports.peer}`,
  );
}

function fixture(name: string): Record<string, unknown> {
  const text = fs.readFileSync(path.join(__dirname, '../fixtures/federation', name), 'utf8');
  return JSON.parse(movedToPorts(text, { site: SITE_PORT, peer: PEER_PORT }));
}

const now = () => new Date().toISOString();
const inbox = () => `${site.url}/federation/boite`;

async function remoteEvent(objectId: string) {
  const link = await site.services.store.federation.get<{ eventId: string | null }>('remote', objectId, now());
  return link?.value.eventId ? site.services.store.events.findById(link.value.eventId) : null;
}

/** The queue has nothing left to do: every activity received or sent so far is handled. */
async function settled() {
  await vi.waitFor(
    async () =>
      expect(await site.services.store.federation.queueStats(new Date(Date.now() + 3_600_000).toISOString())).toEqual({
        due: 0,
        later: 0,
      }),
    { timeout: 10_000 },
  );
}

beforeAll(async () => {
  site = await startFederatedSite(SITE_PORT);
  peer = await startFederationPeer(PEER_PORT);
  peer.documents.set('/users/velo', {
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${peer.origin}/users/velo`,
    type: 'Group',
    preferredUsername: 'velo',
    name: 'Vélo solidaire',
    inbox: `${peer.origin}/users/velo/inbox`,
    outbox: `${peer.origin}/users/velo/outbox`,
  });
}, 60_000);

afterAll(() => closeAll(peer, site));

describe('les exemples de fédération sur les ports du test', () => {
  it('chaque adresse prend son port en une passe, quel que soit le port tiré', () => {
    const text = '{"a":"http://127.0.0.1:3716/users/x","b":"http://127.0.0.1:3715/federation"}';
    for (const [site, peer] of [
      [45000, 37152],
      [37161, 37150],
      [3716, 3715],
    ]) {
      const moved = JSON.parse(movedToPorts(text, { site, peer }));
      expect(moved).toEqual({ a: `http://127.0.0.1:${peer}/users/x`, b: `http://127.0.0.1:${site}/federation` });
      expect(new URL(moved.a).port).toBe(String(peer));
    }
  });
});

describe('fédération : ce qui arrive', () => {
  it('un agenda Gancio suivi comme source : son événement attend la modération, sa mise à jour et son retrait s’appliquent', async () => {
    const source = await followRemoteSource(site.services, site.admin, {
      handle: peer.actorId,
      category: 'musique',
      canton: 'VD',
      organizerName: 'Le Caveau',
    });
    await vi.waitFor(() => expect(peer.received.some((a) => a.body.type === 'Follow')).toBe(true), { timeout: 10_000 });
    const follow = peer.received.find((a) => a.body.type === 'Follow');
    expect(follow?.signature).toContain('/federation/acteurs/agenda#main-key');
    await peer.post(inbox(), {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.actorId}#accepts/1`,
      type: 'Accept',
      actor: peer.actorId,
      object: follow?.body,
    });
    await vi.waitFor(async () => {
      const stored = await site.services.store.federation.get<{ status: string }>('source', source.id, now());
      expect(stored?.value.status).toBe('accepted');
    });

    const create = fixture('gancio-create.json');
    expect((await peer.post(inbox(), create)).status).toBe(202);
    const objectId = (create.object as { id: string }).id;
    await vi.waitFor(async () => expect(await remoteEvent(objectId)).not.toBeNull(), { timeout: 10_000 });
    const event = await remoteEvent(objectId);
    expect(event).toMatchObject({
      status: 'pending',
      title: 'Soirée jazz au Caveau',
      category: 'musique',
      canton: 'VD',
      organizerName: 'Le Caveau',
      venueName: 'Le Caveau',
      street: 'Rue des Moulins 5',
      postalCode: '1400',
      city: 'Yverdon-les-Bains',
      lat: 46.778,
      lng: 6.641,
      startsAt: '2030-12-12T20:30:00+01:00',
      endsAt: '2030-12-12T23:00:00+01:00',
      createdBy: site.admin.uid,
    });
    expect(event?.description).toContain('Blue Note');

    const object = create.object as Record<string, unknown>;
    await peer.post(inbox(), {
      ...create,
      id: `${create.id}/maj`,
      type: 'Update',
      object: { ...object, name: 'Soirée jazz (complet)' },
    });
    await vi.waitFor(async () => expect((await remoteEvent(objectId))?.title).toBe('Soirée jazz (complet)'), {
      timeout: 10_000,
    });
    // The same Create again (a retry) makes no second event.
    await peer.post(inbox(), create);
    await settled();
    expect((await site.services.store.events.listByOwner(site.admin.uid)).length).toBe(1);

    await peer.post(inbox(), {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${objectId}#delete`,
      type: 'Delete',
      actor: peer.actorId,
      object: { id: objectId, type: 'Tombstone' },
    });
    await vi.waitFor(async () => expect((await remoteEvent(objectId))?.status).toBe('withdrawn'), { timeout: 10_000 });

    // Published again under a new object (an Agenda romand's event unpublished then approved again): the withdrawn
    // copy comes back to the queue, with what was sent, rather than a second event next to it.
    const withdrawn = await remoteEvent(objectId);
    const again = `${objectId}~2`;
    await peer.post(inbox(), {
      ...create,
      id: `${again}#create`,
      object: { ...object, id: again, name: 'Soirée jazz au Caveau (reprise)' },
    });
    await vi.waitFor(async () => expect(await remoteEvent(again)).not.toBeNull(), { timeout: 10_000 });
    expect(await remoteEvent(again)).toMatchObject({
      id: withdrawn?.id,
      status: 'pending',
      title: 'Soirée jazz au Caveau (reprise)',
    });
    expect((await site.services.store.events.listByOwner(site.admin.uid)).length).toBe(1);
  });

  it('un groupe Mobilizon de confiance : l’événement écrit par un membre et attribué au groupe est publié', async () => {
    await followRemoteSource(site.services, site.admin, {
      handle: `${peer.origin}/users/velo`,
      category: 'ateliers-cours',
      canton: 'VD',
      organizerName: 'Vélo solidaire',
      trusted: 'on',
    });
    const create = fixture('mobilizon-create.json');
    const object = create.object as Record<string, unknown> & { id: string };
    const objectId = object.id;
    // Mobilizon serves the event under its id: that is what is taken, the member's copy being only a claim.
    peer.documents.set(new URL(objectId).pathname, object);
    await peer.post(inbox(), create);
    await vi.waitFor(async () => expect(await remoteEvent(objectId)).not.toBeNull(), { timeout: 10_000 });
    expect(await remoteEvent(objectId)).toMatchObject({
      status: 'approved',
      title: 'Atelier de réparation de vélos',
      venueName: 'Maison de quartier de Chailly',
      street: 'Avenue de Chailly 40',
      postalCode: '1012',
      city: 'Lausanne',
      startsAt: '2030-12-14T10:00:00+01:00',
      endsAt: '2030-12-14T13:00:00+01:00',
    });

    // Any account of that server may send an Update claiming the group's event: its text is not taken, the group's
    // server says what the event is (found by an outside tester: the claim rewrote the event, then went public).
    const update = (id: string, name: string) => ({
      ...create,
      id: `${create.id}/${id}`,
      type: 'Update',
      object: { ...object, name },
    });
    await peer.post(inbox(), update('faux', 'Atelier détourné'));
    await settled();
    expect((await remoteEvent(objectId))?.title).toBe('Atelier de réparation de vélos');
    // The group changes its event: the same Update now carries what its server serves.
    peer.documents.set(new URL(objectId).pathname, { ...object, name: 'Atelier de réparation (complet)' });
    await peer.post(inbox(), update('vrai', 'Atelier de réparation (complet)'));
    await vi.waitFor(async () => expect((await remoteEvent(objectId))?.title).toBe('Atelier de réparation (complet)'), {
      timeout: 10_000,
    });
  });

  it('une réponse et un « J’aime » sont acceptés et ignorés, sans erreur ni événement', async () => {
    const before = (await site.services.store.events.listByOwner(site.admin.uid)).length;
    const errors = vi.spyOn(console, 'error');
    expect((await peer.post(inbox(), fixture('mastodon-note.json'))).status).toBe(202);
    expect((await peer.post(inbox(), fixture('mastodon-like.json'))).status).toBe(202);
    await settled();
    expect((await site.services.store.events.listByOwner(site.admin.uid)).length).toBe(before);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('un domaine bloqué ne reçoit rien et ne donne rien', async () => {
    // The stand-in follows the agenda, then its domain is blocked.
    await peer.post(`${site.url}/federation/acteurs/agenda/boite`, fixture('mastodon-follow.json'));
    await vi.waitFor(
      async () => expect(await site.services.store.federation.count('follower', { now: now() })).toBe(1),
      { timeout: 10_000 },
    );
    // Its Accept delivered first: what was sent before the block is not the question.
    await settled();
    await blockDomain(site.services, site.admin, { domain: '127.0.0.1' });
    const event = makeEvent({ status: 'pending', category: 'musique', title: 'Concert pour personne de bloqué' });
    await site.services.store.events.insertMany([event]);
    const sentBefore = peer.received.length;
    await changeEvent({ store: site.services.store, files: site.services.files }, site.admin, {
      eventId: event.id,
      action: 'approve',
    });
    await vi.waitFor(async () =>
      expect(await site.services.store.federation.get('published', event.id, now())).not.toBeNull(),
    );
    await settled();
    expect(peer.received.slice(sentBefore).map((a) => a.body.type)).toEqual([]);
    const create = fixture('gancio-create.json');
    const object = {
      ...(create.object as Record<string, unknown>),
      id: `${peer.origin}/federation/m/43`,
      name: 'Venu d’un domaine bloqué',
    };
    await peer.post(inbox(), { ...create, id: `${create.id}/2`, object });
    await settled();
    expect(await remoteEvent(object.id as string)).toBeNull();
    await unblockDomain(site.services, site.admin, '127.0.0.1');
  });
});
