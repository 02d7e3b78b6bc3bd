// Each peer gets the form its software reads (issue 48), known from its NodeInfo: a Gancio that follows a venue gets the
// agenda's object as a Create from the venue (never an Announce, which it reads as a boost of its own events) and its
// outbox as Creates; a Mastodon that follows it gets the share. Nothing goes back to the server an event came from. A
// series is sent again at its next date once the date shown has passed. Stand-ins of other servers on this machine.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeEvent } from '../../app/.server/events/lifecycle';
import { followRemoteSource } from '../../app/.server/federation/admin';
import { findJob } from '../../app/.server/jobs';
import { backgroundSettled } from '../../app/.server/platform/background';
import { makeEvent, makeSaturdayMarket, makeSeriesEvent, makeVenue } from '../support/factories';
import { type FederatedSite, startFederatedSite } from '../support/federated-site';
import { type FederationPeer, startFederationPeer } from '../support/federation-peer';
import { freePorts } from '../support/firebase-emulators';

const [PORT, GANCIO_PORT, MASTODON_PORT] = await freePorts(3);
let site: FederatedSite;
let gancio: FederationPeer;
let mastodon: FederationPeer;
const actor = (identifier: string) => `${site.url}/federation/acteurs/${identifier}`;
const deps = () => ({ store: site.services.store, files: site.services.files });
const types = (peer: FederationPeer) => peer.received.map((a) => `${a.body.type} ${a.body.actor}`).sort();

/** A stand-in that says which software it runs, as NodeInfo does. */
function runs(peer: FederationPeer, software: string) {
  peer.documents.set('/.well-known/nodeinfo', {
    links: [{ rel: 'http://nodeinfo.diaspora.software/ns/schema/2.0', href: `${peer.origin}/nodeinfo/2.0` }],
  });
  peer.documents.set('/nodeinfo/2.0', { version: '2.0', software: { name: software, version: '1.0' } });
}

async function delivered() {
  await backgroundSettled();
  await vi.waitFor(
    async () => {
      const { due, later } = await site.services.store.federation.queueStats(new Date().toISOString());
      expect(due + later).toBe(0);
    },
    { timeout: 15_000 },
  );
}

async function follow(peer: FederationPeer, target: string) {
  const res = await peer.post(`${target}/boite`, {
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${peer.actorId}#follows/${encodeURIComponent(target)}`,
    type: 'Follow',
    actor: peer.actorId,
    object: target,
  });
  expect(res.status).toBe(202);
}

beforeAll(async () => {
  site = await startFederatedSite(PORT);
  await site.services.store.venues.insertMany([
    makeVenue({ id: 'bourg', name: 'Salle du Bourg', slug: 'salle-du-bourg', locality: 'Lausanne' }),
  ]);
  gancio = await startFederationPeer(GANCIO_PORT, { username: 'relay', type: 'Application', name: 'Gancio' });
  runs(gancio, 'gancio');
  mastodon = await startFederationPeer(MASTODON_PORT);
  runs(mastodon, 'mastodon');
  await follow(gancio, actor('lieu.bourg'));
  await follow(mastodon, actor('lieu.bourg'));
  await delivered();
}, 60_000);

afterAll(async () => {
  await gancio?.close();
  await mastodon?.close();
  await site?.close();
});

describe('fédération : à chaque logiciel sa forme', () => {
  it('NodeInfo lu à l’abonnement : Gancio reçoit un Create du lieu qu’il suit, Mastodon le partage', async () => {
    expect(gancio.fetched).toContain('/nodeinfo/2.0');
    gancio.received.length = 0;
    mastodon.received.length = 0;
    const concert = makeEvent({ status: 'pending', category: 'musique', title: 'Concert au Bourg', venueId: 'bourg' });
    await site.services.store.events.insertMany([concert]);
    await changeEvent(deps(), site.admin, { eventId: concert.id, action: 'approve' });
    await delivered();
    expect(types(gancio)).toEqual([`Create ${actor('lieu.bourg')}`]);
    const object = gancio.received[0].body.object as { attributedTo: string; location: { address: unknown } };
    expect(object.attributedTo).toBe(actor('agenda'));
    expect(typeof object.location.address).toBe('string');
    expect(types(mastodon)).toEqual([`Announce ${actor('lieu.bourg')}`]);
  });

  it('la boîte d’envoi du lieu, lue par Gancio (requête signée), donne des Create ; lue par un autre, des partages', async () => {
    const outbox = `${actor('lieu.bourg')}/envois?cursor=0`;
    const asGancio = await (await gancio.get(outbox)).json();
    expect(asGancio.orderedItems.map((a: { type: string; actor: string }) => `${a.type} ${a.actor}`)).toEqual([
      `Create ${actor('lieu.bourg')}`,
    ]);
    const asMastodon = await (await mastodon.get(outbox)).json();
    expect(asMastodon.orderedItems.map((a: { type: string }) => a.type)).toEqual(['Announce']);
  });
});

describe('fédération : pas d’écho', () => {
  it('un événement reçu d’un serveur n’y retourne pas, ni à ses comptes qui suivent l’agenda', async () => {
    await follow(gancio, actor('agenda'));
    await follow(mastodon, actor('agenda'));
    await delivered();
    const source = await followRemoteSource(site.services, site.admin, {
      handle: gancio.actorId,
      category: 'musique',
      canton: 'VD',
      organizerName: 'Gancio',
      trusted: 'on',
    });
    await site.services.store.federation.put({
      kind: 'source',
      key: source.id,
      value: { ...source, status: 'accepted' },
      expiresAt: null,
      updatedAt: new Date().toISOString(),
    });
    await delivered();
    gancio.received.length = 0;
    mastodon.received.length = 0;
    const objectId = `${gancio.origin}/federation/m/7`;
    const res = await gancio.post(`${site.url}/federation/boite`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${objectId}#Create`,
      type: 'Create',
      actor: gancio.actorId,
      object: {
        id: objectId,
        type: 'Event',
        name: 'Bal de la Grange',
        startTime: '2030-12-12T20:30:00+01:00',
        endTime: '2030-12-12T23:00:00+01:00',
        content: '<p>Bal.</p>',
        location: { type: 'Place', name: 'Grange', address: 'Rue de la Grange 1, 1400 Yverdon-les-Bains' },
        attributedTo: gancio.actorId,
      },
    });
    expect(res.status).toBe(202);
    await vi.waitFor(async () => expect(types(mastodon)).toContain(`Create ${actor('agenda')}`), { timeout: 15_000 });
    await delivered();
    // Published here at once (a trusted source), and told to the other server, never back to where it came from.
    expect(gancio.received).toEqual([]);
  });
});

describe('fédération : une série à sa prochaine date', () => {
  it('la date montrée passée, la tâche « federation » envoie la suivante (Update)', async () => {
    const market = makeSeriesEvent(makeSaturdayMarket({ firstDate: '2030-03-02', until: '2030-06-29' }), {
      status: 'pending',
      category: 'musique',
      title: 'Marché du samedi',
    });
    await follow(mastodon, actor('agenda'));
    await delivered();
    await site.services.store.events.insertMany([market]);
    await changeEvent(deps(), site.admin, { eventId: market.id, action: 'approve' });
    await delivered();
    const created = mastodon.received.find((a) => (a.body.object as { name?: string })?.name === 'Marché du samedi');
    expect((created?.body.object as { startTime?: string } | undefined)?.startTime).toBe('2030-03-02T08:00:00+01:00');
    mastodon.received.length = 0;
    const job = findJob('federation');
    // The first Saturday over (12:00 in Zurich): the next one.
    await job?.run(site.services, new Date('2030-03-02T11:30:00Z'));
    await delivered();
    const update = mastodon.received.find((a) => a.body.type === 'Update');
    expect(update?.body.object).toMatchObject({ name: 'Marché du samedi', startTime: '2030-03-09T08:00:00+01:00' });
    expect(String((update?.body.object as { content?: string } | undefined)?.content)).toContain('Chaque samedi');
    // Nothing new until that one is over.
    mastodon.received.length = 0;
    await job?.run(site.services, new Date('2030-03-05T10:00:00Z'));
    await delivered();
    expect(mastodon.received).toEqual([]);
  });
});
