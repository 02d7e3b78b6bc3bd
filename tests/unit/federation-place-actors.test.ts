// Venues and organizers as fediverse actors (issue 37, decision 096): found by the handle of their page, their actor
// document as Mastodon reads it, one namespace of handles shared with the agenda and the categories, a renamed venue
// still found, and the followers of a venue told about its events (and only its own), shared by the venue.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeEvent } from '../../app/.server/events/lifecycle';
import { federationOverview } from '../../app/.server/federation/admin';
import { organizerPage, venuePage } from '../../app/.server/places/public-places';
import { backgroundSettled } from '../../app/.server/platform/background';
import type { UserProfile } from '../../app/.server/ports';
import type { Services } from '../../app/.server/services';
import { makeEvent, makeOrganizer, makeVenue } from '../support/factories';
import { closeAll, type FederatedSite, startFederatedSite } from '../support/federated-site';
import { type FederationPeer, startFederationPeer } from '../support/federation-peer';
import { freePorts } from '../support/firebase-emulators';

// Free ports, not fixed ones: nothing else on the machine can take them first.
const [PORT, PEER_PORT] = await freePorts(2);
const HOST = `127.0.0.1:${PORT}`;
const SITE = `http://${HOST}`;
const AS = { Accept: 'application/activity+json' };
let site: FederatedSite;
let services: Services;
let peer: FederationPeer;
let admin: UserProfile;

const bourg = makeVenue({
  id: 'bourg',
  name: 'Salle du Bourg',
  slug: 'salle-du-bourg',
  locality: 'Lausanne',
  description: 'Salle de concert au cœur du Bourg, 300 places.\n\nBar & vestiaire <gratuits>.',
  photo: { path: 'lieux/bourg', width: 1600, height: 900, alt: 'La salle' },
  redirectFrom: ['salle-du-bourg-lausanne'],
});
const autre = makeVenue({ id: 'autre', name: 'Grange', slug: 'grange-de-dorigny' });
// A venue named like a category, an organizer named like a venue, a proposed venue: the namespace's corner cases.
const musique = makeVenue({ id: 'musique-lieu', name: 'Musique', slug: 'musique' });
const proposee = makeVenue({ id: 'proposee', name: 'Cave proposée', slug: 'cave-proposee', status: 'pending' });
const orgaBourg = makeOrganizer({ id: 'orga-bourg', name: 'Salle du Bourg', slug: 'salle-du-bourg' });
const ensemble = makeOrganizer({
  id: 'ensemble',
  name: 'Ensemble Vocal',
  slug: 'ensemble-vocal',
  description: 'Chœur amateur lausannois.',
  logo: { path: 'orga/ensemble', width: 800, height: 800, alt: 'Logo' },
});

const get = (url: string, headers: Record<string, string> = AS) => fetch(`${SITE}${url}`, { headers });
const webfinger = async (user: string) => {
  const res = await get(`/.well-known/webfinger?resource=acct:${user}@${HOST}`, {});
  if (res.status !== 200) return res.status;
  const jrd = await res.json();
  return jrd.links.find((l: { rel: string }) => l.rel === 'self').href as string;
};

beforeAll(async () => {
  site = await startFederatedSite(PORT);
  ({ services, admin } = site);
  await services.store.venues.insertMany([bourg, autre, musique, proposee]);
  await services.store.organizers.insertMany([orgaBourg, ensemble]);
  peer = await startFederationPeer(PEER_PORT);
}, 60_000);

afterAll(() => closeAll(peer, site));

describe('fédération : les lieux et les organisateurs comme acteurs', () => {
  it('WebFinger trouve un lieu par l’adresse de sa page, un organisateur aussi', async () => {
    expect(await webfinger('salle-du-bourg')).toBe(`${SITE}/federation/acteurs/lieu.bourg`);
    expect(await webfinger('ensemble-vocal')).toBe(`${SITE}/federation/acteurs/organisateur.ensemble`);
    expect(await webfinger('Salle-du-Bourg')).toBe(`${SITE}/federation/acteurs/lieu.bourg`);
    const jrd = await (await get(`/.well-known/webfinger?resource=acct:salle-du-bourg@${HOST}`, {})).json();
    expect(jrd.subject).toBe(`acct:salle-du-bourg@${HOST}`);
    expect(jrd.links).toContainEqual({
      rel: 'http://webfinger.net/rel/profile-page',
      href: `${SITE}/lieux/salle-du-bourg`,
    });
  });

  it('le document d’un lieu a ce que Mastodon lit : nom, description, photo, page, boîtes, clé', async () => {
    const actor = await (await get('/federation/acteurs/lieu.bourg')).json();
    expect(actor).toMatchObject({
      id: `${SITE}/federation/acteurs/lieu.bourg`,
      type: 'Service',
      preferredUsername: 'salle-du-bourg',
      name: 'Salle du Bourg · Lausanne',
      summary: '<p>Salle de concert au cœur du Bourg, 300 places.</p><p>Bar &amp; vestiaire &lt;gratuits&gt;.</p>',
      url: `${SITE}/lieux/salle-du-bourg`,
      inbox: `${SITE}/federation/acteurs/lieu.bourg/boite`,
      outbox: `${SITE}/federation/acteurs/lieu.bourg/envois`,
      followers: `${SITE}/federation/acteurs/lieu.bourg/abonnes`,
      endpoints: { sharedInbox: `${SITE}/federation/boite` },
      icon: { type: 'Image', mediaType: 'image/webp', url: `${SITE}/uploads/lieux/bourg-400.webp` },
      discoverable: true,
      manuallyApprovesFollowers: false,
    });
    expect(actor.publicKey).toMatchObject({ id: `${SITE}/federation/acteurs/lieu.bourg#main-key` });
    expect(actor.publicKey.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    const outbox = await (await get('/federation/acteurs/lieu.bourg/envois')).json();
    expect(outbox).toMatchObject({ type: 'OrderedCollection' });
  });

  it('le document d’un organisateur : son logo, sinon l’icône du site', async () => {
    const actor = await (await get('/federation/acteurs/organisateur.ensemble')).json();
    expect(actor).toMatchObject({
      preferredUsername: 'ensemble-vocal',
      name: 'Ensemble Vocal',
      summary: '<p>Chœur amateur lausannois.</p>',
      url: `${SITE}/organisateurs/ensemble-vocal`,
      icon: { url: `${SITE}/uploads/orga/ensemble-400.webp` },
    });
    const other = await (await get('/federation/acteurs/lieu.autre')).json();
    expect(other.icon).toMatchObject({ url: `${SITE}/icons/icon-512.png`, mediaType: 'image/png' });
    // A venue whose name says its town is not named twice.
    await services.store.venues.insertMany([
      makeVenue({ id: 'opera', name: 'Opéra de Lausanne', locality: 'Lausanne' }),
    ]);
    expect((await (await get('/federation/acteurs/lieu.opera')).json()).name).toBe('Opéra de Lausanne');
    expect(other.summary).toBe('<p>Grange, Neuchâtel\u00a0: les prochains événements du lieu sur Agenda romand.</p>');
  });

  it('un seul espace de noms : l’agenda, puis les catégories, les lieux, les organisateurs ; le nom qualifié répond toujours', async () => {
    // A venue named like a category: the category keeps `@musique`, the venue is `@lieu.musique`.
    expect(await webfinger('musique')).toBe(`${SITE}/federation/acteurs/musique`);
    expect(await webfinger('lieu.musique')).toBe(`${SITE}/federation/acteurs/lieu.musique-lieu`);
    expect((await (await get('/federation/acteurs/lieu.musique-lieu')).json()).preferredUsername).toBe('lieu.musique');
    // An organizer named like a venue: the venue keeps `@salle-du-bourg`.
    expect(await webfinger('organisateur.salle-du-bourg')).toBe(`${SITE}/federation/acteurs/organisateur.orga-bourg`);
    expect((await (await get('/federation/acteurs/organisateur.orga-bourg')).json()).preferredUsername).toBe(
      'organisateur.salle-du-bourg',
    );
    // Every venue answers to its qualified handle too.
    expect(await webfinger('lieu.salle-du-bourg')).toBe(`${SITE}/federation/acteurs/lieu.bourg`);
    // The page says the handle the actor goes by.
    const deps = { ...services, store: services.store };
    expect((await venuePage(deps, 'musique')) as { fediverse: string }).toMatchObject({
      fediverse: `@lieu.musique@${HOST}`,
    });
    expect(await organizerPage(deps, 'salle-du-bourg')).toMatchObject({
      fediverse: `@organisateur.salle-du-bourg@${HOST}`,
    });
    expect(await venuePage({ store: services.store }, 'salle-du-bourg')).toMatchObject({ fediverse: null });
  });

  it('l’ancienne adresse d’un lieu renommé mène à son acteur ; un lieu proposé n’en est pas un', async () => {
    expect(await webfinger('salle-du-bourg-lausanne')).toBe(`${SITE}/federation/acteurs/lieu.bourg`);
    expect(await webfinger('cave-proposee')).toBe(404);
    expect((await get('/federation/acteurs/lieu.proposee')).status).toBe(404);
    expect(await webfinger('lieu.bourg')).toBe(404);
  });

  it('un lieu renommé garde son acteur et ses abonnés, un lieu fondu dit où il est allé et y mène ; un nom actuel passe avant une ancienne adresse', async () => {
    const before = await (await get('/federation/acteurs/lieu.autre')).json();
    const renamed = await services.store.venues.update(
      'autre',
      { ...autre, slug: 'grange-de-l-universite' },
      new Date().toISOString(),
    );
    expect(renamed?.redirectFrom).toEqual(['grange-de-dorigny']);
    const after = await (await get('/federation/acteurs/lieu.autre')).json();
    expect(after.id).toBe(before.id);
    expect(after.preferredUsername).toBe('grange-de-l-universite');
    expect(after.publicKey.publicKeyPem).toBe(before.publicKey.publicKeyPem);
    expect(await webfinger('grange-de-dorigny')).toBe(`${SITE}/federation/acteurs/lieu.autre`);
    // A venue merged into another: its actor is gone, its slug leads to the kept venue's.
    await services.store.venues.insertMany([makeVenue({ id: 'fondue', slug: 'salle-fondue' })]);
    await (await get('/federation/acteurs/lieu.fondue')).json();
    expect(
      await services.store.venues.merge({ fromId: 'fondue', intoId: 'autre', now: new Date().toISOString() }),
    ).not.toBeNull();
    // Its actor stays, saying where it went (its followers moved there: federation-shares.test.ts).
    await backgroundSettled();
    expect(await (await get('/federation/acteurs/lieu.fondue')).json()).toMatchObject({
      movedTo: `${SITE}/federation/acteurs/lieu.autre`,
      preferredUsername: 'lieu.fondue',
    });
    expect(await webfinger('salle-fondue')).toBe(`${SITE}/federation/acteurs/lieu.autre`);
    // An organizer now takes the former slug: the current handle wins.
    await services.store.organizers.insertMany([makeOrganizer({ id: 'dorigny', slug: 'grange-de-dorigny' })]);
    expect(await webfinger('grange-de-dorigny')).toBe(`${SITE}/federation/acteurs/organisateur.dorigny`);
  });
});

describe('fédération : ce que les abonnés d’un lieu entendent', () => {
  it('un événement du lieu part vers ses abonnés, une fois chacun ; celui d’un autre lieu ou en attente, non', async () => {
    const follow = async (n: string, actor: string) => {
      await peer.post(`${SITE}/federation/acteurs/${actor}/boite`, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${peer.actorId}#follows/${n}`,
        type: 'Follow',
        actor: peer.actorId,
        object: `${SITE}/federation/acteurs/${actor}`,
      });
    };
    await follow('lieu', 'lieu.bourg');
    await follow('orga', 'organisateur.ensemble');
    await vi.waitFor(
      async () => expect(await services.store.federation.count('follower', { now: new Date().toISOString() })).toBe(2),
      { timeout: 10_000 },
    );
    // The admins see a venue or an organizer once it has a follower, the agenda and the categories always.
    const overview = await federationOverview(services, admin);
    const handles = overview.actors.map((a) => a.handle);
    expect(handles).toEqual(expect.arrayContaining([`@agenda@${HOST}`, `@musique@${HOST}`, `@salle-du-bourg@${HOST}`]));
    expect(handles).toContain(`@ensemble-vocal@${HOST}`);
    expect(handles).not.toContain(`@lieu.musique@${HOST}`);
    expect(overview.actors.find((a) => a.handle === `@salle-du-bourg@${HOST}`)?.followers).toHaveLength(1);
    const atBourg = makeEvent({
      status: 'pending',
      category: 'musique',
      title: 'Concert au Bourg',
      venueId: 'bourg',
      organizerId: 'ensemble',
    });
    const elsewhere = makeEvent({
      status: 'pending',
      category: 'musique',
      title: 'Concert à la Grange',
      venueId: 'autre',
    });
    const waiting = makeEvent({
      status: 'pending',
      category: 'musique',
      title: 'Concert en attente',
      venueId: 'bourg',
    });
    await services.store.events.insertMany([atBourg, elsewhere, waiting]);
    const deps = { store: services.store, files: services.files };
    await changeEvent(deps, admin, { eventId: elsewhere.id, action: 'approve' });
    await changeEvent(deps, admin, { eventId: atBourg.id, action: 'approve' });
    const shares = () => peer.received.filter((a) => a.body.type === 'Announce');
    await vi.waitFor(() => expect(shares().length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    const after = await services.store.events.findById(atBourg.id);
    await changeEvent(deps, admin, { eventId: atBourg.id, action: 'cancel', seen: after?.updatedAt });
    await vi.waitFor(() => expect(peer.received.some((a) => a.body.type === 'Update')).toBe(true), { timeout: 10_000 });
    // Following the venue and the organizer: each shares the agenda's object (decision 096), and the agenda's Update
    // reaches the server that holds it, once.
    const objectId = `${SITE}/federation/evenements/${atBourg.id}`;
    expect(peer.received.filter((a) => a.body.type === 'Create')).toEqual([]);
    expect(
      shares()
        .map((a) => [a.body.actor, a.body.object])
        .sort(),
    ).toEqual([
      [`${SITE}/federation/acteurs/lieu.bourg`, objectId],
      [`${SITE}/federation/acteurs/organisateur.ensemble`, objectId],
    ]);
    const updates = peer.received.filter((a) => a.body.type === 'Update');
    expect(updates).toHaveLength(1);
    expect(updates[0].signature).toContain('/federation/acteurs/agenda#main-key');
    expect(JSON.stringify(updates[0].body.object)).toContain('Concert au Bourg');
    const text = JSON.stringify(peer.received);
    expect(text).not.toContain(elsewhere.id);
    expect(text).not.toContain(waiting.id);
    // Its outbox: the venue's upcoming public events, as its shares of them.
    const outbox = await (await get('/federation/acteurs/lieu.bourg/envois')).json();
    expect(outbox.totalItems).toBe(1);
    const first = await (await fetch(outbox.first, { headers: AS })).json();
    expect(first.orderedItems[0]).toMatchObject({
      type: 'Announce',
      id: `${SITE}/federation/acteurs/lieu.bourg/envois/${atBourg.id}`,
      actor: `${SITE}/federation/acteurs/lieu.bourg`,
      object: objectId,
    });
    // Its id answers with the same share.
    const one = await (await fetch(first.orderedItems[0].id, { headers: AS })).json();
    expect(one).toMatchObject({ type: 'Announce', actor: `${SITE}/federation/acteurs/lieu.bourg`, object: objectId });
  });
});
