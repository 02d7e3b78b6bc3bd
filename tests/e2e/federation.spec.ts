// Two instances of the site on this machine, from the production build, federating over plain HTTP (test mode,
// decisions 087, 088 and 096): B's admin follows A's agenda, then A's venue; what A approves reaches B's moderation
// queue, A's update, cancelled date and withdrawal follow; a pending event never leaves A, an event at another venue
// not through the venue's follow; an unsigned or wrongly signed POST is refused; a blocked instance gets nothing.

import { setDateCancelled } from '../../app/.server/events/cancel-date';
import { changeEvent } from '../../app/.server/events/lifecycle';
import { blockDomain, followRemoteSource, unfollowRemoteSource } from '../../app/.server/federation/admin';
import { followerKey } from '../../app/.server/federation/records';
import { backgroundSettled } from '../../app/.server/platform/background';
import { loadConfig } from '../../app/.server/platform/config';
import type { UserProfile } from '../../app/.server/ports';
import { createServices, type Services } from '../../app/.server/services';
import { makeEvent, makeSaturdayMarket, makeVenue } from '../support/factories';
import { startFederationPeer } from '../support/federation-peer';
import { startHostingProxy } from '../support/hosting-proxy';
import { expect, test } from './fixtures';
import { type OwnServer, startOwnServer } from './own-server';

test.describe.configure({ mode: 'serial' });

const FEDERATION_ENV = {
  FEDERATION: 'on',
  FEDERATION_TEST_MODE: '1',
  WEB_CONCURRENCY: '1',
  FEDERATION_QUEUE_POLL_MS: '100',
};

interface Instance {
  server: OwnServer;
  services: Services;
  admin: UserProfile;
}

async function instance(portOffset: number): Promise<Instance> {
  const port = Number(process.env.E2E_PORT ?? 3100) + portOffset;
  const base = `http://127.0.0.1:${port}`;
  const server = await startOwnServer({ portOffset, env: { ...FEDERATION_ENV, SITE_URL: base } });
  // The instance's own store, opened here as a script would: what it writes goes through the same hooks and queue.
  const services = createServices(
    loadConfig({ DATA_DIR: server.dataDir, SITE_URL: base, SEED_DEMO: 'false', ...FEDERATION_ENV }),
  );
  const admin = await services.store.users.create({
    uid: `admin-${portOffset}`,
    email: `admin-${portOffset}@exemple.ch`,
    displayName: 'Admin',
    role: 'admin',
    passwordHash: 'x',
    now: new Date().toISOString(),
  });
  if (!admin) throw new Error('admin');
  return { server, services, admin };
}

let a: Instance;
let b: Instance;

// Each project its own ports (the js and nojs runs of this file may overlap in two workers): A, B and a stand-in.
const ports = () => (test.info().project.name === 'nojs' ? [23, 24, 25] : [20, 21, 22]);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const [first, second] = ports();
  [a, b] = await Promise.all([instance(first), instance(second)]);
});

test.afterAll(async () => {
  for (const i of [a, b]) {
    await i?.services.close();
    await i?.server.stop();
  }
});

const now = () => new Date().toISOString();
const objectId = (eventId: string) => `${a.server.base}/federation/evenements/${eventId}`;
async function onB(eventId: string) {
  const link = await b.services.store.federation.get<{ eventId: string | null }>('remote', objectId(eventId), now());
  return link?.value.eventId ? b.services.store.events.findById(link.value.eventId) : null;
}

test('B suit l’agenda de A : ce que A approuve arrive en modération chez B, puis ses changements ; rien de ce qui attend @once', async () => {
  test.setTimeout(120_000);
  const source = await followRemoteSource(b.services, b.admin, {
    handle: `${a.server.base}/federation/acteurs/agenda`,
    category: 'musique',
    canton: 'VD',
    organizerName: 'Agenda A',
  });
  await expect
    .poll(
      async () => (await b.services.store.federation.get<{ status: string }>('source', source.id, now()))?.value.status,
      { timeout: 30_000 },
    )
    .toBe('accepted');

  const pending = makeEvent({ status: 'pending', category: 'musique', title: 'Répétition jamais publiée' });
  const market = makeEvent({
    status: 'pending',
    category: 'marches-brocantes',
    title: 'Marché du samedi',
    schedule: makeSaturdayMarket({ firstDate: '2030-03-02', until: '2030-06-29' }),
    startsAt: '2030-03-02T08:00:00+01:00',
    endsAt: '2030-06-29T12:00:00+02:00',
  });
  await a.services.store.events.insertMany([pending, market]);
  const deps = { store: a.services.store, files: a.services.files };
  const approvedAt = Date.now();
  await changeEvent(deps, a.admin, { eventId: market.id, action: 'approve' });
  await expect.poll(() => onB(market.id), { timeout: 30_000 }).not.toBeNull();
  console.log(`[fédération] approuvé chez A, en modération chez B en ${Date.now() - approvedAt} ms`);
  const received = await onB(market.id);
  expect(received).toMatchObject({ status: 'pending', title: 'Marché du samedi', createdBy: b.admin.uid });

  // An admin's edit on A: B's copy follows.
  const approved = await a.services.store.events.findById(market.id);
  if (!approved) throw new Error('marché');
  await changeEvent(deps, a.admin, {
    eventId: market.id,
    action: 'edit',
    content: { ...approved, title: 'Marché du samedi matin' },
    seen: approved.updatedAt,
  });
  await expect.poll(async () => (await onB(market.id))?.title, { timeout: 30_000 }).toBe('Marché du samedi matin');

  // A cancelled date: B's copy moves to the next date still held.
  const first = (await a.services.store.events.occurrences(market.id, now()))[0];
  const before = (await onB(market.id))?.startsAt;
  await setDateCancelled(a.services, a.admin, { eventId: market.id, startsAt: first.startsAt, cancelled: true });
  await expect.poll(async () => (await onB(market.id))?.startsAt, { timeout: 30_000 }).not.toBe(before);

  // Unpublished on A (« Dépublier »), then approved again: withdrawn on B, then back in B's moderation queue, the same
  // copy (A sent a new object: a server that heard the Delete refuses the old id).
  const copy = await onB(market.id);
  let current = await a.services.store.events.findById(market.id);
  await changeEvent(deps, a.admin, { eventId: market.id, action: 'unpublish', seen: current?.updatedAt });
  await expect.poll(async () => (await onB(market.id))?.status, { timeout: 30_000 }).toBe('withdrawn');
  current = await a.services.store.events.findById(market.id);
  await changeEvent(deps, a.admin, { eventId: market.id, action: 'approve', seen: current?.updatedAt });
  await expect.poll(async () => (await onB(market.id))?.status, { timeout: 30_000 }).toBe('pending');
  expect((await onB(market.id))?.id).toBe(copy?.id);
  expect(await b.services.store.federation.get('remote', `${objectId(market.id)}~2`, now())).not.toBeNull();

  // Withdrawn on A (taken down by an admin): withdrawn on B.
  current = await a.services.store.events.findById(market.id);
  await changeEvent(deps, a.admin, { eventId: market.id, action: 'delete', seen: current?.updatedAt });
  await expect.poll(async () => (await onB(market.id))?.status, { timeout: 30_000 }).toBe('withdrawn');

  // The pending event never left A.
  expect(await onB(pending.id)).toBeNull();
  expect(await b.services.store.federation.get('remote', objectId(pending.id), now())).toBeNull();
});

/** What is still queued on an instance (deliveries out, activities received): none once everything was handled. */
function queued(i: Instance, like = '%') {
  const { database } = i.services;
  if (database.kind !== 'sqlite') throw new Error('Ces deux instances sont sur SQLite.');
  return (
    database.db.prepare('SELECT COUNT(*) AS n FROM federation_queue WHERE data LIKE ?').get(like) as { n: number }
  ).n;
}

test('B suit le lieu @salle-du-bourg de A : ses événements arrivent, leurs changements suivent ; ni ceux d’un autre lieu, ni ce qui attend @once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // B stops following A's agenda: from now on only the venue's follow brings anything.
  await unfollowRemoteSource(b.services, b.admin, `${a.server.base}/federation/acteurs/agenda`);
  await expect
    .poll(() => a.services.store.federation.count('follower', { prefix: followerKey('agenda', ''), now: now() }), {
      timeout: 30_000,
    })
    .toBe(0);
  const bourg = makeVenue({ name: 'Salle du Bourg', slug: 'salle-du-bourg', locality: 'Lausanne', canton: 'VD' });
  const grange = makeVenue({
    name: 'Grange de Dorigny',
    slug: 'grange-de-dorigny',
    locality: 'Lausanne',
    canton: 'VD',
  });
  await a.services.store.venues.insertMany([bourg, grange]);

  // The venue's page on A says whom to follow; the admin of B types that handle: WebFinger on A names its actor.
  const host = new URL(a.server.base).host;
  await page.goto(`${a.server.base}/lieux/salle-du-bourg`);
  await expect(page.getByTestId('place-fediverse')).toHaveText(`Suivre sur Mastodon\u00a0: @salle-du-bourg@${host}`);
  // The list names the account of its selection when one has exactly its events: a category alone, the whole list.
  await page.goto(`${a.server.base}/evenements?category=musique`);
  await expect(page.getByTestId('list-fediverse')).toHaveText(`@musique@${host}`);
  await page.goto(`${a.server.base}/evenements?category=musique&canton=VD`);
  await expect(page.getByTestId('list-fediverse')).toHaveCount(0);
  const jrd = await (await fetch(`${a.server.base}/.well-known/webfinger?resource=acct:salle-du-bourg@${host}`)).json();
  const actorUrl = jrd.links.find((l: { rel: string }) => l.rel === 'self').href;
  expect(actorUrl).toBe(`${a.server.base}/federation/acteurs/lieu.${bourg.id}`);
  const source = await followRemoteSource(b.services, b.admin, {
    handle: actorUrl,
    category: 'musique',
    canton: 'VD',
    organizerName: 'Salle du Bourg',
  });
  expect(source.name).toBe('Salle du Bourg · Lausanne');
  await expect
    .poll(
      async () => (await b.services.store.federation.get<{ status: string }>('source', source.id, now()))?.value.status,
      { timeout: 30_000 },
    )
    .toBe('accepted');

  const series = { schedule: makeSaturdayMarket({ firstDate: '2030-03-02', until: '2030-06-29' }) };
  const concerts = makeEvent({
    status: 'pending',
    category: 'musique',
    title: 'Concerts du samedi au Bourg',
    venueId: bourg.id,
    venueName: 'Salle du Bourg',
    ...series,
    startsAt: '2030-03-02T08:00:00+01:00',
    endsAt: '2030-06-29T12:00:00+02:00',
  });
  const waiting = makeEvent({
    status: 'pending',
    category: 'musique',
    title: 'Répétition au Bourg',
    venueId: bourg.id,
  });
  const elsewhere = makeEvent({ status: 'pending', category: 'musique', title: 'Bal à la Grange', venueId: grange.id });
  await a.services.store.events.insertMany([concerts, waiting, elsewhere]);
  const deps = { store: a.services.store, files: a.services.files };
  // The other venue's event first: had it left A, it would be on B before the venue's own.
  await changeEvent(deps, a.admin, { eventId: elsewhere.id, action: 'approve' });
  await backgroundSettled();
  const approvedAt = Date.now();
  await changeEvent(deps, a.admin, { eventId: concerts.id, action: 'approve' });
  await expect.poll(() => onB(concerts.id), { timeout: 30_000 }).not.toBeNull();
  console.log(`[fédération] approuvé chez A, en modération chez B par le lieu en ${Date.now() - approvedAt} ms`);
  expect(await onB(concerts.id)).toMatchObject({
    status: 'pending',
    title: 'Concerts du samedi au Bourg',
    createdBy: b.admin.uid,
  });

  const approved = await a.services.store.events.findById(concerts.id);
  if (!approved) throw new Error('concerts');
  await changeEvent(deps, a.admin, {
    eventId: concerts.id,
    action: 'edit',
    content: { ...approved, title: 'Concerts du samedi matin au Bourg' },
    seen: approved.updatedAt,
  });
  await expect
    .poll(async () => (await onB(concerts.id))?.title, { timeout: 30_000 })
    .toBe('Concerts du samedi matin au Bourg');

  const first = (await a.services.store.events.occurrences(concerts.id, now()))[0];
  const before = (await onB(concerts.id))?.startsAt;
  await setDateCancelled(a.services, a.admin, { eventId: concerts.id, startsAt: first.startsAt, cancelled: true });
  await expect.poll(async () => (await onB(concerts.id))?.startsAt, { timeout: 30_000 }).not.toBe(before);

  const current = await a.services.store.events.findById(concerts.id);
  await changeEvent(deps, a.admin, { eventId: concerts.id, action: 'delete', seen: current?.updatedAt });
  await expect.poll(async () => (await onB(concerts.id))?.status, { timeout: 30_000 }).toBe('withdrawn');

  // Everything A sent was delivered and handled by B: the other venue's event and the pending one are not there.
  await expect.poll(() => queued(a) + queued(b), { timeout: 30_000 }).toBe(0);
  expect(await a.services.store.federation.get('published', elsewhere.id, now())).not.toBeNull();
  expect(await onB(elsewhere.id)).toBeNull();
  expect(await b.services.store.federation.get('remote', objectId(elsewhere.id), now())).toBeNull();
  expect(await onB(waiting.id)).toBeNull();
  expect(await b.services.store.federation.get('remote', objectId(waiting.id), now())).toBeNull();
});

test('une page publique de A nomme son jumeau ActivityPub et y mène en ActivityStreams, jamais l’une pour l’autre, même derrière un cache partagé @once', async () => {
  const venue = makeVenue({ id: 'lieu-negocie', slug: 'salle-negociee', name: 'Salle négociée', status: 'approved' });
  await a.services.store.venues.insertMany([venue]);
  // Hosting's cache in front of A (tests/support/hosting-proxy.ts: keyed by URL and what Vary names).
  const proxy = await startHostingProxy({ upstreams: [a.server.base] });
  const HTML = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
  const AS2 = { Accept: 'application/activity+json' };
  const LD = { Accept: 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"' };
  const get = (url: string, headers: Record<string, string>) => fetch(url, { headers, redirect: 'manual' });
  try {
    for (const [path, twin] of [
      ['/', '/federation/acteurs/agenda'],
      ['/lieux/salle-negociee', '/federation/acteurs/lieu.lieu-negocie'],
    ]) {
      const alternate = new RegExp(
        `<link rel="alternate" type="application/activity\\+json" href="${a.server.base}${twin.replace('.', '\\.')}"`,
      );
      for (const base of [proxy.url, a.server.base]) {
        // Twice as a page (the second from the caches: A's pages, the proxy's), then as ActivityStreams, then as a
        // page again: each gets its own answer.
        for (const headers of [HTML, HTML, AS2, LD, HTML]) {
          const res = await get(`${base}${path}`, headers);
          if (headers === HTML) {
            expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
            expect(await res.text()).toMatch(alternate);
          } else {
            expect([res.status, res.headers.get('location')]).toEqual([302, `${a.server.base}${twin}`]);
          }
          expect(res.headers.get('vary') ?? '', `${base}${path}`).toMatch(/(^|,\s*)Accept(\s*,|$)/i);
        }
      }
    }
    expect(proxy.stats.hits).toBeGreaterThan(0);
  } finally {
    await proxy.close();
  }
});

test('sans fédération, une page ne nomme aucun jumeau et reste une page en ActivityStreams @http', async ({
  request,
}) => {
  const res = await request.get('/', { headers: { Accept: 'application/activity+json' }, maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(await res.text()).not.toContain('application/activity+json');
});

test('la boîte de A refuse un envoi sans signature ou mal signé @once', async () => {
  const peer = await startFederationPeer(Number(process.env.E2E_PORT ?? 3100) + ports()[2]);
  try {
    const follow = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.actorId}#follows/1`,
      type: 'Follow',
      actor: peer.actorId,
      object: `${a.server.base}/federation/acteurs/agenda`,
    };
    const inbox = `${a.server.base}/federation/acteurs/agenda/boite`;
    expect((await peer.post(inbox, follow, 'unsigned')).status).toBe(401);
    expect((await peer.post(inbox, follow, 'wrong-key')).status).toBe(401);
    expect((await peer.post(inbox, follow)).status).toBe(202);
  } finally {
    await peer.close();
  }
});

test('une instance bloquée ne reçoit rien @once', async () => {
  await blockDomain(a.services, a.admin, { domain: '127.0.0.1' });
  const event = makeEvent({ status: 'pending', category: 'musique', title: 'Concert après le blocage' });
  await a.services.store.events.insertMany([event]);
  await changeEvent({ store: a.services.store, files: a.services.files }, a.admin, {
    eventId: event.id,
    action: 'approve',
  });
  await backgroundSettled();
  // Published (after the answer, here), then nothing about it left in A's queue: its delivery to B was dropped.
  await expect.poll(() => queued(a, `%${event.id}%`), { timeout: 30_000 }).toBe(0);
  expect(await a.services.store.federation.get('published', event.id, now())).not.toBeNull();
  expect(await onB(event.id)).toBeNull();
});
