// One object, one author (decision 096): a Mastodon server where an account follows the agenda and another a venue
// receives the event once, created by the agenda, and the venue's share of it (`Announce`); its change and its
// withdrawal reach every server that holds it, and the venue takes its share back (`Undo`). A venue merged into another
// moves (`Move`), its followers with it: the next event of the venue kept reaches them; an organizer as well. Two stand-ins of other servers
// on this machine, never the internet.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeEvent } from '../../app/.server/events/lifecycle';
import { followerKey, followersOf } from '../../app/.server/federation/records';
import { mergePlaces } from '../../app/.server/places/admin-places';
import { backgroundSettled } from '../../app/.server/platform/background';
import type { UserProfile } from '../../app/.server/ports';
import type { Services } from '../../app/.server/services';
import { makeEvent, makeOrganizer, makeVenue } from '../support/factories';
import { type FederatedSite, startFederatedSite } from '../support/federated-site';
import { type FederationPeer, type ReceivedActivity, startFederationPeer } from '../support/federation-peer';
import { freePorts } from '../support/firebase-emulators';

// Free ports, not fixed ones: nothing else on the machine can take them first.
const [PORT, MASTODON_PORT, AUTRE_PORT, GANCIO_PORT] = await freePorts(4);
const SITE = `http://127.0.0.1:${PORT}`;
const AGENDA = `${SITE}/federation/acteurs/agenda`;
const BOURG = `${SITE}/federation/acteurs/lieu.bourg`;
const GRANGE = `${SITE}/federation/acteurs/lieu.grange`;
const AS = { Accept: 'application/activity+json' };
let site: FederatedSite;
let services: Services;
let admin: UserProfile;
/** A Mastodon server: Léa follows the agenda, Marc the Salle du Bourg; one shared inbox. */
let mastodon: FederationPeer;
let marc: string;
/** Another server where only Zoé follows the Salle du Bourg. */
let autre: FederationPeer;
/** A Gancio agenda that follows the Salle du Bourg: it takes events only from the actors it follows. */
let gancio: FederationPeer;

const get = async (url: string) => (await fetch(url, { headers: AS })).json();
const deps = () => ({ store: services.store, files: services.files });
const of = (peer: FederationPeer, type: string) => peer.received.filter((a) => a.body.type === type);
const types = (peer: FederationPeer) => peer.received.map((a) => `${a.body.type} ${a.body.actor}`).sort();

/** Everything queued has been delivered (the queue is empty once each message is handled). */
async function delivered() {
  await backgroundSettled();
  await vi.waitFor(
    async () => {
      const { due, later } = await services.store.federation.queueStats(new Date().toISOString());
      expect(due + later).toBe(0);
    },
    { timeout: 15_000 },
  );
}

async function follow(peer: FederationPeer, actor: string, as: string, n: string) {
  const res = await peer.post(
    `${actor}/boite`,
    {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${as}#follows/${n}`,
      type: 'Follow',
      actor: as,
      object: actor,
    },
    'signed',
    as,
  );
  expect(res.status).toBe(202);
}

beforeAll(async () => {
  site = await startFederatedSite(PORT);
  ({ services, admin } = site);
  await services.store.venues.insertMany([
    makeVenue({ id: 'bourg', name: 'Salle du Bourg', slug: 'salle-du-bourg', locality: 'Lausanne' }),
    makeVenue({ id: 'grange', name: 'Grange de Dorigny', slug: 'grange-de-dorigny', locality: 'Lausanne' }),
  ]);
  mastodon = await startFederationPeer(MASTODON_PORT);
  marc = mastodon.addAccount('marc');
  autre = await startFederationPeer(AUTRE_PORT, { username: 'zoe', name: 'Zoé' });
  await follow(mastodon, AGENDA, mastodon.actorId, 'agenda');
  await follow(mastodon, BOURG, marc, 'bourg');
  await follow(autre, BOURG, autre.actorId, 'bourg');
  await vi.waitFor(
    async () => expect(await services.store.federation.count('follower', { now: new Date().toISOString() })).toBe(3),
    { timeout: 10_000 },
  );
  // Its software as NodeInfo said it when it followed.
  gancio = await startFederationPeer(GANCIO_PORT, { username: 'events', type: 'Application', name: 'Gancio' });
  const at = new Date().toISOString();
  const value = {
    id: gancio.actorId,
    inbox: gancio.inbox,
    sharedInbox: null,
    handle: null,
    software: 'gancio',
    followedAt: at,
  };
  await services.store.federation.put({
    kind: 'follower',
    key: followerKey('lieu.bourg', gancio.actorId),
    value,
    expiresAt: null,
    updatedAt: at,
  });
  await delivered();
  mastodon.received.length = 0;
  autre.received.length = 0;
}, 60_000);

afterAll(async () => {
  await gancio?.close();
  await mastodon?.close();
  await autre?.close();
  await site?.close();
});

describe('fédération : un objet, un auteur, des partages', () => {
  const concert = makeEvent({ status: 'pending', category: 'musique', title: 'Concert au Bourg', venueId: 'bourg' });
  const objectId = `${SITE}/federation/evenements/${concert.id}`;

  it('un serveur qui suit l’agenda et un lieu reçoit un seul Create, de l’agenda, et le partage du lieu', async () => {
    await services.store.events.insertMany([concert]);
    await changeEvent(deps(), admin, { eventId: concert.id, action: 'approve' });
    await delivered();
    expect(types(mastodon)).toEqual([`Announce ${BOURG}`, `Create ${AGENDA}`]);
    const [create] = of(mastodon, 'Create');
    expect(create.signature).toContain(`keyId="${AGENDA}#main-key"`);
    expect(create.body.object).toMatchObject({ id: objectId, attributedTo: AGENDA, name: 'Concert au Bourg' });
    const [announce] = of(mastodon, 'Announce');
    expect(announce.signature).toContain(`keyId="${BOURG}#main-key"`);
    expect(announce.body).toMatchObject({ actor: BOURG, object: objectId });
    // One shared inbox: the server hears each activity once, not once per account.
    expect(mastodon.received.every((a) => a.path === '/inbox')).toBe(true);
    // A server where only the venue is followed gets the share, and finds the object (the agenda's) at its id.
    expect(types(autre)).toEqual([`Announce ${BOURG}`]);
    expect(await get(objectId)).toMatchObject({ id: objectId, type: 'Event', attributedTo: AGENDA });
    // Gancio reads an Announce as a boost of its own events: it gets the agenda's object from the venue it follows.
    expect(types(gancio)).toEqual([`Create ${BOURG}`]);
    expect(of(gancio, 'Create')[0].signature).toContain(`keyId="${BOURG}#main-key"`);
    expect(of(gancio, 'Create')[0].body.object).toMatchObject({ id: objectId, attributedTo: AGENDA });
    expect(typeof (of(gancio, 'Create')[0].body.object as { location: { address: unknown } }).location.address).toBe(
      'string',
    );
    // The outboxes: the agenda's Creates, the venue's shares (their first pages).
    const firstOf = async (actor: string) => (await get((await get(`${actor}/envois`)).first)).orderedItems[0];
    expect(await firstOf(AGENDA)).toMatchObject({ type: 'Create', actor: AGENDA });
    expect(await firstOf(BOURG)).toMatchObject({
      type: 'Announce',
      id: announce.body.id,
      actor: BOURG,
      object: objectId,
    });
  });

  it('une date annulée : l’Update de l’agenda atteint chaque serveur qui a l’objet, partagé ou non', async () => {
    mastodon.received.length = 0;
    autre.received.length = 0;
    gancio.received.length = 0;
    const seen = (await services.store.events.findById(concert.id))?.updatedAt;
    await changeEvent(deps(), admin, { eventId: concert.id, action: 'cancel', seen });
    await delivered();
    expect(types(mastodon)).toEqual([`Update ${AGENDA}`]);
    expect(types(autre)).toEqual([`Update ${AGENDA}`]);
    expect(of(autre, 'Update')[0].body.object).toMatchObject({ id: objectId, 'ical:status': 'CANCELLED' });
    expect(types(gancio)).toEqual([`Update ${BOURG}`]);
  });

  it('retiré : le Delete de l’agenda et l’Undo du partage du lieu, à chaque serveur', async () => {
    const announceId = `${BOURG}/envois/${concert.id}`;
    mastodon.received.length = 0;
    autre.received.length = 0;
    gancio.received.length = 0;
    await changeEvent(deps(), admin, { eventId: concert.id, action: 'unpublish' });
    await delivered();
    for (const peer of [mastodon, autre]) {
      expect(types(peer)).toEqual([`Delete ${AGENDA}`, `Undo ${BOURG}`]);
      expect(of(peer, 'Delete')[0].body.object).toMatchObject({ id: objectId, type: 'Tombstone' });
      expect(of(peer, 'Undo')[0].body.object).toMatchObject({
        id: announceId,
        type: 'Announce',
        actor: BOURG,
        object: objectId,
      });
    }
    expect(types(gancio)).toEqual([`Delete ${BOURG}`]);
  });

  it('un lieu fondu dans un autre : ses abonnés reçoivent un Move et entendent le lieu gardé', async () => {
    mastodon.received.length = 0;
    autre.received.length = 0;
    gancio.received.length = 0;
    await mergePlaces(deps(), admin, 'venue', { fromId: 'bourg', into: 'grange' }, new Date());
    await delivered();
    for (const peer of [mastodon, autre]) {
      expect(types(peer)).toEqual([`Move ${BOURG}`]);
      expect(of(peer, 'Move')[0].body).toMatchObject({ actor: BOURG, object: BOURG, target: GRANGE });
    }
    // What Mastodon checks before following the move: the old actor says where it went, the new one names it.
    expect(await get(BOURG)).toMatchObject({ id: BOURG, movedTo: GRANGE, preferredUsername: 'lieu.bourg' });
    // Its name leads back to it (Mastodon checks it when it reads the actor again); its former address to the kept one.
    const finger = async (user: string) =>
      (await (await fetch(`${SITE}/.well-known/webfinger?resource=acct:${user}@127.0.0.1:${PORT}`)).json()).links[0]
        .href;
    expect(await finger('lieu.bourg')).toBe(BOURG);
    expect(await finger('salle-du-bourg')).toBe(GRANGE);
    expect([(await get(GRANGE)).alsoKnownAs].flat()).toEqual([BOURG]);
    const now = new Date().toISOString();
    expect((await followersOf(services.store.federation, 'lieu.grange', now)).map((f) => f.id).sort()).toEqual(
      [autre.actorId, gancio.actorId, marc].sort(),
    );
    expect(await followersOf(services.store.federation, 'lieu.bourg', now)).toEqual([]);
    // The next event of the venue kept reaches those who followed the one merged.
    const next = makeEvent({ status: 'pending', category: 'musique', title: 'Bal à la Grange', venueId: 'grange' });
    await services.store.events.insertMany([next]);
    await changeEvent(deps(), admin, { eventId: next.id, action: 'approve' });
    await delivered();
    expect(types(mastodon)).toEqual([`Announce ${GRANGE}`, `Create ${AGENDA}`, `Move ${BOURG}`]);
    expect(types(autre)).toEqual([`Announce ${GRANGE}`, `Move ${BOURG}`]);
    // Gancio does not read a Move: handed over untold, it gets the next event from the venue kept.
    expect(types(gancio)).toEqual([`Create ${GRANGE}`]);
    const shared = (a: ReceivedActivity) => a.body.type === 'Announce';
    expect(autre.received.find(shared)?.body.object).toBe(`${SITE}/federation/evenements/${next.id}`);
  });
  it('un organisateur fondu dans un autre déménage de même, ses abonnés avec lui', async () => {
    const ensemble = `${SITE}/federation/acteurs/organisateur.ensemble`;
    const chorale = `${SITE}/federation/acteurs/organisateur.chorale`;
    await services.store.organizers.insertMany([
      makeOrganizer({ id: 'ensemble', name: 'Ensemble Vocal', slug: 'ensemble-vocal' }),
      makeOrganizer({ id: 'chorale', name: 'Chorale du Bourg', slug: 'chorale-du-bourg' }),
    ]);
    await follow(autre, ensemble, autre.actorId, 'ensemble');
    await delivered();
    autre.received.length = 0;
    await mergePlaces(deps(), admin, 'organizer', { fromId: 'ensemble', into: 'chorale-du-bourg' }, new Date());
    await delivered();
    expect(autre.received.map((a) => a.body)).toMatchObject([
      { type: 'Move', actor: ensemble, object: ensemble, target: chorale },
    ]);
    expect(await get(ensemble)).toMatchObject({ movedTo: chorale });
    const now = new Date().toISOString();
    expect((await followersOf(services.store.federation, 'organisateur.chorale', now)).map((f) => f.id)).toEqual([
      autre.actorId,
    ]);
  });
});
