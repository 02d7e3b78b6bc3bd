// The protocol's details an outside tester found missing (issue 37, decisions 102 and 103): outboxes paged newest
// first, their activities dated and dereferenceable, a withdrawn event's object gone (410, Tombstone), JSON errors on
// WebFinger, actors and NodeInfo, public pages negotiated to their ActivityPub twin, an admin following a handle with a
// port, and the fetches of unknown keys kept within a budget per remote host.
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvent } from '../../app/.server/events/lifecycle';
import { FEDERATION_MESSAGES, followRemoteSource } from '../../app/.server/federation/admin';
import { INBOX_MESSAGES } from '../../app/.server/http/federation-inbox';
import type { UserProfile } from '../../app/.server/ports';
import type { Services } from '../../app/.server/services';
import { remoteSourceSchema } from '../../app/domain/federation-form';
import { makeEvent, makeOrganizer, makeVenue } from '../support/factories';
import { closeAll, type FederatedSite, startFederatedSite } from '../support/federated-site';
import { type FederationPeer, startFederationPeer } from '../support/federation-peer';
import { freePort } from '../support/firebase-emulators';

const AS = { Accept: 'application/activity+json' };
let site: FederatedSite;
let services: Services;
let peer: FederationPeer;
let admin: UserProfile;
let SITE: string;
let HOST: string;

const get = (url: string, headers: Record<string, string> = AS) =>
  fetch(url.startsWith('http') ? url : `${SITE}${url}`, { headers, redirect: 'manual' });

const venue = makeVenue({ id: 'bourg', name: 'Salle du Bourg', slug: 'salle-du-bourg', locality: 'Lausanne' });
const organizer = makeOrganizer({ id: 'ensemble', name: 'Ensemble Vocal', slug: 'ensemble-vocal' });
// 25 upcoming public events of the « spectacles » category, approved one a day: the 25th the newest.
const approvedAt = (i: number) => new Date(Date.UTC(2026, 0, 1 + i, 9)).toISOString();
const spectacles = Array.from({ length: 25 }, (_, i) =>
  makeEvent({
    id: `piece-${String(i + 1).padStart(2, '0')}`,
    status: 'approved',
    category: 'spectacles',
    title: `Pièce n° ${i + 1}`,
    createdAt: approvedAt(i - 1),
    moderatedAt: approvedAt(i),
  }),
);

beforeAll(async () => {
  const port = await freePort();
  site = await startFederatedSite(port);
  ({ services, admin } = site);
  SITE = site.url;
  HOST = new URL(SITE).host;
  await services.store.venues.insertMany([venue]);
  await services.store.organizers.insertMany([organizer]);
  await services.store.events.insertMany(spectacles);
  peer = await startFederationPeer(await freePort(), { username: 'agenda', type: 'Service', name: 'Agenda de Gancio' });
}, 60_000);

afterAll(() => closeAll(peer, site));

describe('fédération : la boîte d’envoi', () => {
  it('est une collection ordonnée avec son total et une première page, en pages liées, la plus récente d’abord', async () => {
    const outbox = await (await get('/federation/acteurs/agenda/envois')).json();
    expect(outbox).toMatchObject({ type: 'OrderedCollection', totalItems: 25 });
    expect(outbox.orderedItems).toBeUndefined();
    expect(typeof outbox.first).toBe('string');
    const first = await (await get(outbox.first)).json();
    expect(first).toMatchObject({
      type: 'OrderedCollectionPage',
      partOf: `${SITE}/federation/acteurs/agenda/envois`,
    });
    expect(first.orderedItems).toHaveLength(20);
    expect(first.prev).toBeUndefined();
    const second = await (await get(first.next)).json();
    expect(second.orderedItems).toHaveLength(5);
    expect(second.next).toBeUndefined();
    expect(second.prev).toBe(first.id);
    // Only the offsets it gave are pages: neither `1e3`, nor a negative, nor letters after digits.
    for (const cursor of ['1e3', '-1', '20abc', '0x14', ' 20'])
      expect([
        cursor,
        (await get(`/federation/acteurs/agenda/envois?cursor=${encodeURIComponent(cursor)}`)).status,
      ]).toEqual([cursor, 404]);
    const all = [...first.orderedItems, ...second.orderedItems];
    expect(all.map((a: { object: { name: string } }) => a.object.name)).toEqual(
      spectacles.map((e) => e.title).reverse(),
    );
    // The category's outbox: the same events, in the same order, as its shares of the agenda's objects (decision 096).
    const category = await (await get('/federation/acteurs/spectacles/envois')).json();
    expect(category.totalItems).toBe(25);
    const shared = (await (await get(category.first)).json()).orderedItems;
    expect(shared.map((a: { type: string }) => a.type)).toEqual(Array(20).fill('Announce'));
    expect(shared.map((a: { object: string }) => a.object)).toEqual(
      first.orderedItems.map((a: { object: { id: string } }) => a.object.id),
    );
  });

  it('date chaque Create du moment où l’événement est devenu public, et son id répond par la même activité', async () => {
    const page = async () => (await (await get('/federation/acteurs/agenda/envois?cursor=0')).json()).orderedItems;
    const [newest] = await page();
    expect(newest.published).toBe(approvedAt(24));
    // The same at every read.
    expect((await page())[0].published).toBe(approvedAt(24));
    const res = await get(newest.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/activity+json');
    expect(await res.json()).toEqual(newest);
    // A category's share answers at its id too.
    const [share] = (await (await get('/federation/acteurs/spectacles/envois?cursor=0')).json()).orderedItems;
    const shareRes = await get(share.id);
    expect(shareRes.status).toBe(200);
    expect(await shareRes.json()).toMatchObject({ id: share.id, type: 'Announce', object: newest.object.id });
    // An actor that never announced it: nothing at that address.
    expect((await get(`${SITE}/federation/acteurs/musique/envois/${newest.object.id.split('/').pop()}`)).status).toBe(
      404,
    );
  });
});

describe('fédération : un événement retiré', () => {
  it('son objet répond 410 Gone avec un Tombstone ; un événement jamais public reste introuvable', async () => {
    const event = makeEvent({ status: 'approved', category: 'musique', title: 'Concert retiré' });
    const pending = makeEvent({ status: 'pending', category: 'musique', title: 'Concert en attente' });
    await services.store.events.insertMany([event, pending]);
    await site.federation.publishNow(event.id);
    expect((await get(`/federation/evenements/${event.id}`)).status).toBe(200);
    await changeEvent({ store: services.store, files: services.files }, admin, { eventId: event.id, action: 'delete' });
    await site.federation.publishNow(event.id);
    const gone = await get(`/federation/evenements/${event.id}`);
    expect(gone.status).toBe(410);
    expect(gone.headers.get('content-type')).toContain('application/activity+json');
    const tombstone = await gone.json();
    expect(tombstone).toMatchObject({
      id: `${SITE}/federation/evenements/${event.id}`,
      type: 'Tombstone',
      formerType: 'Event',
    });
    expect(Date.parse(tombstone.deleted)).not.toBeNaN();
    expect((await get(`/federation/evenements/${pending.id}`)).status).toBe(404);
  });
});

describe('fédération : un événement dépublié puis approuvé à nouveau', () => {
  it('revient sous un nouvel objet, l’ancien restant un Tombstone ; sa date de publication ne bouge plus', async () => {
    const event = makeEvent({ status: 'pending', category: 'musique', title: 'Concert qui revient' });
    await services.store.events.insertMany([event]);
    const deps = { store: services.store, files: services.files };
    const act = async (action: 'approve' | 'unpublish' | 'edit', title?: string) => {
      const current = await services.store.events.findById(event.id);
      if (!current) throw new Error('événement');
      await changeEvent(deps, admin, {
        eventId: event.id,
        action,
        seen: current.updatedAt,
        content: title ? { ...current, title } : undefined,
      });
      await site.federation.publishNow(event.id);
    };
    await act('approve');
    const first = await (await get(`/federation/evenements/${event.id}`)).json();
    expect(first.id).toBe(`${SITE}/federation/evenements/${event.id}`);
    expect(first.updated).toBeUndefined();
    // An approved change: the same object, its `published` kept, `updated` after it.
    await act('edit', 'Concert qui revient, programme complet');
    const edited = await (await get(`/federation/evenements/${event.id}`)).json();
    expect(edited).toMatchObject({ id: first.id, published: first.published });
    expect(edited.updated > first.published).toBe(true);
    await act('unpublish');
    expect((await get(`/federation/evenements/${event.id}`)).status).toBe(410);
    await act('approve');
    // A new id: the servers that heard the Delete keep the former one's Tombstone.
    const gone = await get(`/federation/evenements/${event.id}`);
    expect(gone.status).toBe(410);
    expect((await gone.json()).id).toBe(first.id);
    const again = await (await get(`/federation/evenements/${event.id}~2`)).json();
    expect(again).toMatchObject({ id: `${SITE}/federation/evenements/${event.id}~2`, type: 'Event' });
    expect(again.published > edited.updated).toBe(true);
    expect((await get(`/federation/evenements/${event.id}~3`)).status).toBe(404);
    // The page leads to the current object; the outbox's Create and the category's share name it too.
    const page = await fetch(`${SITE}/evenement/${event.id}`, { headers: AS, redirect: 'manual' });
    expect(page.headers.get('location')).toBe(again.id);
    const items = (await (await get('/federation/acteurs/agenda/envois?cursor=0')).json()).orderedItems;
    const create = items.find((a: { object: { id: string } }) => a.object.id.startsWith(first.id));
    expect(create).toMatchObject({
      id: `${SITE}/federation/acteurs/agenda/envois/${event.id}~2`,
      object: { id: again.id, published: again.published },
    });
    expect(create.published).toBe(again.published);
    const shares = (await (await get('/federation/acteurs/musique/envois?cursor=0')).json()).orderedItems;
    const shared = shares.find((a: { object: string }) => a.object.startsWith(first.id));
    expect(shared).toMatchObject({ id: `${SITE}/federation/acteurs/musique/envois/${event.id}~2`, object: again.id });
    expect(Date.parse(shared.published)).toBeGreaterThanOrEqual(Date.parse(again.published));
    expect((await get(shared.id)).status).toBe(200);
    expect((await get(`${SITE}/federation/acteurs/musique/envois/${event.id}`)).status).toBe(410);
  });

  it('NodeInfo compte les événements publics', async () => {
    const links = await (await get('/.well-known/nodeinfo', {})).json();
    const info = await (await fetch(links.links[0].href)).json();
    const counts = await services.store.events.countAllByStatus();
    expect(info.usage.localPosts).toBe(counts.approved + counts.cancelled);
    expect(info.usage.localPosts).toBeGreaterThanOrEqual(25);
  });
});

describe('fédération : les erreurs en JSON', () => {
  const expectJsonError = async (res: Response, status: number) => {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/(?:jrd\+)?json/);
    expect(typeof (await res.json()).error).toBe('string');
  };

  it('WebFinger : compte inconnu 404, ressource absente ou illisible 400, en JSON', async () => {
    await expectJsonError(await get(`/.well-known/webfinger?resource=acct:personne@${HOST}`, {}), 404);
    await expectJsonError(await get('/.well-known/webfinger', {}), 400);
    await expectJsonError(await get('/.well-known/webfinger?resource=pas%20une%20adresse', {}), 400);
  });

  it('un acteur inconnu et une version de NodeInfo inconnue : 404 en JSON', async () => {
    await expectJsonError(await get('/federation/acteurs/personne'), 404);
    await expectJsonError(await get('/federation/acteurs/personne/envois'), 404);
    await expectJsonError(await get('/nodeinfo/9.9', {}), 404);
  });
});

describe('fédération : les pages publiques négociées', () => {
  const LD = { Accept: 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"' };
  const BROWSER = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  it('l’accueil, un événement, un lieu et un organisateur mènent à leur acteur ou à leur objet', async () => {
    const cases: [string, string][] = [
      ['/', '/federation/acteurs/agenda'],
      [`/evenement/${spectacles[0].id}`, `/federation/evenements/${spectacles[0].id}`],
      ['/lieux/salle-du-bourg', '/federation/acteurs/lieu.bourg'],
      ['/organisateurs/ensemble-vocal', '/federation/acteurs/organisateur.ensemble'],
    ];
    for (const [page, twin] of cases) {
      for (const accept of [AS, LD]) {
        const res = await get(page, accept);
        expect([page, res.status, res.headers.get('location')]).toEqual([page, 302, `${SITE}${twin}`]);
        expect(res.headers.get('vary')).toMatch(/Accept/);
      }
      const html = await get(page, BROWSER);
      expect(html.status).toBe(200);
      expect(html.headers.get('content-type')).toContain('text/html');
      expect(html.headers.get('vary')).toMatch(/Accept/);
    }
    // The twin it leads to is the document itself.
    const actor = await (await get('/federation/acteurs/lieu.bourg')).json();
    expect(actor.url).toBe(`${SITE}/lieux/salle-du-bourg`);
  });

  it('un navigateur sur l’adresse d’un acteur, d’un objet ou d’un envoi est mené à sa page ; un client ActivityPub ou curl garde le document', async () => {
    const cases: [string, string][] = [
      ['/federation/acteurs/agenda', '/'],
      ['/federation/acteurs/spectacles', '/evenements?category=spectacles'],
      ['/federation/acteurs/lieu.bourg', '/lieux/salle-du-bourg'],
      ['/federation/acteurs/lieu.bourg/abonnes', '/lieux/salle-du-bourg'],
      ['/federation/acteurs/organisateur.ensemble/envois', '/organisateurs/ensemble-vocal'],
      [`/federation/evenements/${spectacles[0].id}`, `/evenement/${spectacles[0].id}`],
      [`/federation/acteurs/agenda/envois/${spectacles[1].id}`, `/evenement/${spectacles[1].id}`],
    ];
    for (const [address, page] of cases) {
      const res = await get(address, BROWSER);
      expect([address, res.status, res.headers.get('location')]).toEqual([address, 302, `${SITE}${page}`]);
      expect(res.headers.get('vary')).toMatch(/Accept/);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    // The same addresses for anything else than a browser: the document, which says it differs by Accept.
    const documents: [string, string][] = [
      [`/federation/evenements/${spectacles[0].id}`, 'Event'],
      ['/federation/acteurs/agenda', 'Service'],
      ['/federation/acteurs/lieu.bourg/abonnes', 'OrderedCollection'],
      ['/federation/acteurs/agenda/envois', 'OrderedCollection'],
    ];
    for (const [address, type] of documents) {
      for (const accept of [AS, LD, { Accept: '*/*' }, {}] as Record<string, string>[]) {
        const res = await get(address, accept);
        expect([address, accept.Accept, res.status]).toEqual([address, accept.Accept, 200]);
        expect((await res.json()).type).toBe(type);
        expect(res.headers.get('vary')).toMatch(/Accept/);
      }
    }
    // An actor that does not exist has no collection either.
    expect((await get('/federation/acteurs/personne/abonnes')).status).toBe(404);
    // Nothing behind the address: no page to go to, the site's own « Page introuvable » (not a document, not a 406).
    const missing = await get('/federation/acteurs/personne', BROWSER);
    expect([missing.status, missing.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
    expect(await missing.text()).toContain('<h1>Page introuvable</h1>');
  });

  it('host-meta (RFC 6415) dit où est WebFinger, en XRD ou en JSON', async () => {
    const template = `${SITE}/.well-known/webfinger?resource={uri}`;
    const xrd = await get('/.well-known/host-meta', {});
    expect(xrd.headers.get('content-type')).toContain('application/xrd+xml');
    expect(await xrd.text()).toContain(`<Link rel="lrdd" template="${template}"/>`);
    for (const res of [
      await get('/.well-known/host-meta.json', {}),
      await get('/.well-known/host-meta', { Accept: 'application/json' }),
    ])
      expect(await res.json()).toEqual({ links: [{ rel: 'lrdd', template }] });
  });

  it('une page sans jumeau public (événement en attente, lieu inconnu) ne mène nulle part', async () => {
    const pending = makeEvent({ status: 'pending', category: 'musique' });
    await services.store.events.insertMany([pending]);
    expect((await get(`/evenement/${pending.id}`)).status).toBe(404);
    expect((await get('/lieux/nulle-part')).status).toBe(404);
  });
});

describe('fédération : suivre un compte avec un port', () => {
  const input = (handle: string) => ({
    handle,
    category: 'musique',
    canton: 'VD' as const,
    organizerName: 'Agenda de Gancio',
    trusted: undefined,
  });

  it('@agenda@hôte:port est cherché par WebFinger sur ce port et suivi', async () => {
    const handle = `@agenda@${new URL(peer.origin).host}`;
    expect(remoteSourceSchema.safeParse(input(handle)).success).toBe(true);
    const source = await followRemoteSource(services, admin, input(handle));
    expect(source).toMatchObject({ id: peer.actorId, handle, status: 'pending' });
    expect(peer.fetched).toContain('/.well-known/webfinger');
  });

  it('un compte mal formé est refusé par un message clair en français', async () => {
    for (const bad of ['@agenda@exemple.ch:99999', 'agenda', '@agenda@exemple.ch:port', '@a@b@c']) {
      const parsed = remoteSourceSchema.safeParse(input(bad));
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0].message).toContain('@agenda@exemple.ch:8443');
    }
    await expect(followRemoteSource(services, admin, input('@agenda@exemple.ch:0'))).rejects.toMatchObject({
      message: FEDERATION_MESSAGES.badHandle,
      field: 'handle',
    });
  });
});

describe('fédération : les clés inconnues', () => {
  it('une rafale signée de clés inventées ne fait chercher qu’un nombre borné de clés chez leur hôte', async () => {
    const follow = (i: number) => ({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.actorId}#faux/${i}`,
      type: 'Follow',
      actor: peer.actorId,
      object: `${SITE}/federation/acteurs/agenda`,
    });
    // Its real key, known before the burst.
    expect((await peer.post(`${SITE}/federation/boite`, follow(0))).status).toBe(202);
    const before = peer.fetched.length;
    const startedAt = Date.now();
    const statuses: number[] = [];
    for (let i = 1; i <= 40; i++)
      statuses.push((await peer.post(`${SITE}/federation/boite`, follow(i), 'unknown-key')).status);
    // The host's budget: 20 fetches at once, refilled at 20 a minute (one every 3 s) while the burst lasts — on a
    // loaded machine the 40 requests can take several seconds.
    const refilled = Math.floor((Date.now() - startedAt) / 3000);
    // Each refused: the first ones after one fetch each (401), the others at once, told to come back later (429).
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20 - refilled);
    expect(peer.fetched.length - before).toBeLessThanOrEqual(20 + refilled);
    const throttled = await peer.post(`${SITE}/federation/boite`, follow(99), 'unknown-key');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // A key already known is not held up: its sender is heard at once.
    expect((await peer.post(`${SITE}/federation/boite`, follow(100))).status).toBe(202);
  });

  it('une signature qui nomme une clé du site lui-même est refusée sans que le site se la demande', async () => {
    const keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const request = new Request(`${SITE}/federation/boite`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/activity+json' },
      body: JSON.stringify({
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${peer.actorId}#faux/soi`,
        type: 'Follow',
        actor: peer.actorId,
        object: `${SITE}/federation/acteurs/agenda`,
      }),
    });
    const forged = await signRequest(request, keys.privateKey, new URL(`${SITE}/federation/acteurs/agenda/cles/1`));
    const res = await fetch(forged);
    expect([res.status, await res.text()]).toEqual([401, INBOX_MESSAGES.ownKey]);
  });
});
