// The federation (decisions 087, 088) between this site and a stand-in of another fediverse server, over plain HTTP
// on this machine (FEDERATION_TEST_MODE): discovery, actors, Follow and Undo, signatures, and what leaves.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeEvent } from '../../app/.server/events/lifecycle';
import { blockDomain, unblockDomain } from '../../app/.server/federation/admin';
import { loadConfig } from '../../app/.server/platform/config';
import type { UserProfile } from '../../app/.server/ports';
import { createServices, type Services } from '../../app/.server/services';
import { makeEvent } from '../support/factories';
import { closeAll, type FederatedSite, startFederatedSite } from '../support/federated-site';
import { type FederationPeer, startFederationPeer } from '../support/federation-peer';
import { freePorts } from '../support/firebase-emulators';

// Free ports, not fixed ones: nothing else on the machine can take them first.
const [PORT, PEER_PORT] = await freePorts(2);
const SITE = `http://127.0.0.1:${PORT}`;
const AS = { Accept: 'application/activity+json' };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-federation-off-'));
let site: FederatedSite;
let services: Services;
let peer: FederationPeer;
let admin: UserProfile;

const get = (url: string, headers: Record<string, string> = AS) => fetch(`${SITE}${url}`, { headers });

beforeAll(async () => {
  site = await startFederatedSite(PORT);
  ({ services, admin } = site);
  peer = await startFederationPeer(PEER_PORT);
}, 60_000);

afterAll(() => closeAll(peer, site));

describe('fédération : réglage', () => {
  it('est éteinte par défaut, allumée par un seul réglage', () => {
    const off = createServices(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }));
    expect(off.federation).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, FEDERATION: 'on' }).FEDERATION).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir }).FEDERATION_TEST_MODE).toBe(false);
  });
});

describe('fédération : le reste du site', () => {
  it('un formulaire envoyé au site passe à côté de la fédération, son corps entier', async () => {
    const body = 'titre=Concert&description='.padEnd(200_000, 'x');
    const res = await fetch(`${SITE}/formulaire`, { method: 'POST', body, headers: { 'Content-Type': 'text/plain' } });
    expect(await res.text()).toBe(body);
  });
});

describe('fédération : découverte', () => {
  it('WebFinger trouve l’agenda et chaque catégorie, et rien d’autre', async () => {
    const agenda = await get(`/.well-known/webfinger?resource=acct:agenda@127.0.0.1:${PORT}`, {});
    expect(agenda.status).toBe(200);
    const jrd = await agenda.json();
    expect(jrd.links).toContainEqual(
      expect.objectContaining({
        rel: 'self',
        type: 'application/activity+json',
        href: `${SITE}/federation/acteurs/agenda`,
      }),
    );
    const musique = await get(`/.well-known/webfinger?resource=acct:musique@127.0.0.1:${PORT}`, {});
    expect((await musique.json()).links[0].href).toBe(`${SITE}/federation/acteurs/musique`);
    expect((await get(`/.well-known/webfinger?resource=acct:personne@127.0.0.1:${PORT}`, {})).status).toBe(404);
  });

  it('le document d’un acteur dit son nom, sa description, son icône, sa page et sa clé', async () => {
    const actor = await (await get('/federation/acteurs/musique')).json();
    expect(actor).toMatchObject({
      id: `${SITE}/federation/acteurs/musique`,
      type: 'Service',
      preferredUsername: 'musique',
      url: `${SITE}/evenements?category=musique`,
      inbox: `${SITE}/federation/acteurs/musique/boite`,
      followers: `${SITE}/federation/acteurs/musique/abonnes`,
      icon: { type: 'Image', url: `${SITE}/icons/icon-512.png` },
    });
    expect(actor.name).toContain('Musique');
    expect(actor.summary).toBeTruthy();
    expect(actor.publicKey.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    // Generated once, kept in the store: the same key on the next read.
    const again = await (await get('/federation/acteurs/musique')).json();
    expect(again.publicKey.publicKeyPem).toBe(actor.publicKey.publicKeyPem);
    expect(await services.store.federation.get('keys', 'musique', new Date().toISOString())).not.toBeNull();
  });

  it('NodeInfo dit le logiciel et le protocole', async () => {
    const links = await (await get('/.well-known/nodeinfo', {})).json();
    const info = await (await fetch(links.links[0].href)).json();
    expect(info.software.name).toBe('agenda-romand');
    expect(info.protocols).toEqual(['activitypub']);
    // Anyone may open an account; the agenda is the application's actor (FEP-2677), after the schema (Gancio takes
    // the first link).
    expect(info.openRegistrations).toBe(true);
    expect(links.links[1]).toEqual({
      rel: 'https://www.w3.org/ns/activitystreams#Application',
      href: `${SITE}/federation/acteurs/agenda`,
    });
  });
});

describe('fédération : abonnements et signatures', () => {
  const follow = (id: string, object = `${SITE}/federation/acteurs/agenda`) => ({
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${peer.actorId}#follows/${id}`,
    type: 'Follow',
    actor: peer.actorId,
    object,
  });
  const followers = async (actor: string) =>
    (await (await get(`/federation/acteurs/${actor}/abonnes`)).json()).totalItems;

  it('une boîte refuse un envoi sans signature ou mal signé, et n’en garde rien', async () => {
    const inbox = `${SITE}/federation/acteurs/agenda/boite`;
    expect((await peer.post(inbox, follow('x1'), 'unsigned')).status).toBe(401);
    expect((await peer.post(inbox, follow('x2'), 'wrong-key')).status).toBe(401);
    expect(await followers('agenda')).toBe(0);
  });

  it('un Follow signé est accepté et gardé, un Undo le retire', async () => {
    const res = await peer.post(`${SITE}/federation/acteurs/agenda/boite`, follow('f1'));
    expect(res.status).toBe(202);
    await vi.waitFor(() => expect(peer.received.some((a) => a.body.type === 'Accept')).toBe(true), { timeout: 10_000 });
    const accept = peer.received.find((a) => a.body.type === 'Accept');
    expect(accept?.signature).toContain(`keyId="${SITE}/federation/acteurs/agenda#main-key"`);
    expect(await followers('agenda')).toBe(1);
    // A blocked domain's followers are neither listed nor counted (an outside tester saw « 2 » over a list of 1).
    await blockDomain(services, admin, { domain: '127.0.0.1' });
    const blocked = await (await get('/federation/acteurs/agenda/abonnes')).json();
    expect([blocked.totalItems, blocked.orderedItems ?? blocked.items ?? []]).toEqual([0, []]);
    await unblockDomain(services, admin, '127.0.0.1');
    expect(await followers('agenda')).toBe(1);
    await peer.post(`${SITE}/federation/boite`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.actorId}#undo/1`,
      type: 'Undo',
      actor: peer.actorId,
      object: follow('f1'),
    });
    await vi.waitFor(async () => expect(await followers('agenda')).toBe(0), { timeout: 10_000 });
  });
});

describe('fédération : ce qui part', () => {
  it('un événement approuvé part en Create de l’agenda et partagé par sa catégorie, son annulation en Update, sa suppression en Delete ; en attente, rien', async () => {
    for (const actor of ['musique', 'agenda']) {
      await peer.post(`${SITE}/federation/acteurs/${actor}/boite`, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${peer.actorId}#follows/${actor}-2`,
        type: 'Follow',
        actor: peer.actorId,
        object: `${SITE}/federation/acteurs/${actor}`,
      });
    }
    await vi.waitFor(
      async () => expect(await services.store.federation.count('follower', { now: new Date().toISOString() })).toBe(2),
      { timeout: 10_000 },
    );
    const pending = makeEvent({ status: 'pending', category: 'musique', title: 'Concert en attente' });
    const event = makeEvent({
      status: 'pending',
      category: 'musique',
      title: 'Concert de l’Avent',
      startsAt: '2030-12-07T19:00:00.000Z',
      endsAt: '2030-12-07T21:00:00.000Z',
      venueName: 'Salle du Bourg',
      street: 'Rue du Bourg 12',
      postalCode: '1003',
      city: 'Lausanne',
      canton: 'VD',
      lat: 46.52,
      lng: 6.63,
    });
    await services.store.events.insertMany([pending, event]);
    const deps = { store: services.store, files: services.files };
    const creates = () => peer.received.filter((a) => a.body.type === 'Create');
    await changeEvent(deps, admin, { eventId: event.id, action: 'approve' });
    const shares = () => peer.received.filter((a) => a.body.type === 'Announce');
    await vi.waitFor(() => expect([creates().length, shares().length]).toEqual([1, 1]), { timeout: 10_000 });
    const create = creates()[0];
    // The object is the agenda's (decision 096); the category shares it with its followers.
    expect(create.signature).toContain('/federation/acteurs/agenda#main-key');
    expect(shares()[0].signature).toContain('/federation/acteurs/musique#main-key');
    expect(shares()[0].body.object).toBe(`${SITE}/federation/evenements/${event.id}`);
    expect(create.body.object).toMatchObject({
      type: 'Event',
      attributedTo: `${SITE}/federation/acteurs/agenda`,
      name: 'Concert de l’Avent',
      startTime: '2030-12-07T20:00:00+01:00',
      endTime: '2030-12-07T22:00:00+01:00',
      'ical:status': 'CONFIRMED',
      timezone: 'Europe/Zurich',
      inLanguage: 'fr',
      url: `${SITE}/evenement/${event.id}`,
      location: {
        type: 'Place',
        name: 'Salle du Bourg',
        address: {
          type: 'PostalAddress',
          streetAddress: 'Rue du Bourg 12',
          postalCode: '1003',
          addressLocality: 'Lausanne',
          addressRegion: 'Vaud',
        },
        latitude: 46.52,
        longitude: 6.63,
      },
    });
    expect(String((create.body.object as { summary: string }).summary)).toContain('Salle du Bourg, Lausanne');
    // Cancelled (still public, with its badge): an Update saying so.
    const after = await services.store.events.findById(event.id);
    await changeEvent(deps, admin, { eventId: event.id, action: 'cancel', seen: after?.updatedAt });
    await vi.waitFor(() => expect(peer.received.filter((a) => a.body.type === 'Update')).toHaveLength(1), {
      timeout: 10_000,
    });
    expect(peer.received.find((a) => a.body.type === 'Update')?.body.object).toMatchObject({
      'ical:status': 'CANCELLED',
    });
    await changeEvent(deps, admin, { eventId: event.id, action: 'delete' });
    await vi.waitFor(() => expect(peer.received.filter((a) => a.body.type === 'Delete')).toHaveLength(1), {
      timeout: 10_000,
    });
    expect(peer.received.find((a) => a.body.type === 'Delete')?.body.object).toMatchObject({ type: 'Tombstone' });
    // The category takes its share back.
    await vi.waitFor(() => expect(peer.received.filter((a) => a.body.type === 'Undo')).toHaveLength(1), {
      timeout: 10_000,
    });
    // The pending event never left, whatever happened around it.
    expect(JSON.stringify(peer.received)).not.toContain('Concert en attente');
  });
});
