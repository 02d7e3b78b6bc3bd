// /admin/federation on a server of its own with the federation on (test mode), with and without JavaScript: the admin
// sees who follows each account of the agenda, the deliveries waiting and those that failed; blocks a domain (a wrong
// one is refused next to its field, input kept); follows a remote account as a source, which receives our Follow. A
// Follow received is accepted and shown; an event the admin approves is sent to that follower. An organizer, a visitor
// and a POST without its CSRF token change nothing. The journeys (@journey) run on Firestore too (`npm run
// test:firebase`): the server of this spec then shares the emulators' project, and leaves it as it found it.
import type { Page } from '@playwright/test';
import { backgroundSettled } from '../../app/.server/platform/background';
import { loadConfig } from '../../app/.server/platform/config';
import { openSessionCookie } from '../../app/.server/platform/session';
import type { FederationRecordKind } from '../../app/.server/ports';
import { createServices } from '../../app/.server/services';
import { e2eBackend, e2eStoreEnv } from '../support/e2e-backend';
import { makeEvent } from '../support/factories';
import { type FederationPeer, startFederationPeer } from '../support/federation-peer';
import { expect, type Ports, test } from './fixtures';
import { type OwnServer, startOwnServer } from './own-server';
import { csrfToken } from './utils';

test.describe.configure({ mode: 'serial' });

const SESSION_SECRET = 'une-clé-de-session-pour-la-page-fédération-0123456789';
const PASSWORD = 'une phrase de passe pour les essais';
const now = () => new Date().toISOString();

let server: OwnServer;
/** The own server's store, accounts and settings, and how to let them go. */
let services: Pick<Ports, 'store' | 'identity' | 'config'> & { close(): Promise<void> };
let peer: FederationPeer;

test.beforeAll(async ({ ports }, testInfo) => {
  test.setTimeout(120_000);
  // One server and one stand-in per project: with and without JavaScript may run side by side.
  const offset = testInfo.project.name === 'nojs' ? 76 : 74;
  const port = Number(process.env.E2E_PORT ?? 3100) + offset;
  const env = {
    FEDERATION: 'on',
    FEDERATION_TEST_MODE: '1',
    WEB_CONCURRENCY: '1',
    FEDERATION_QUEUE_POLL_MS: '200',
    // On Firestore, the worker's own connection to the shared project serves this server too (the Firebase SDK opens
    // one Firestore per process): the server signs sessions with the same secret.
    SESSION_SECRET: e2eBackend() === 'firestore' ? ports.config.SESSION_SECRET : SESSION_SECRET,
    SITE_URL: `http://127.0.0.1:${port}`,
    // SQLite in the server's own directory, or the emulators' Firestore project (its categories seeded already).
    ...e2eStoreEnv(),
  };
  server = await startOwnServer({ portOffset: offset, env });
  services =
    e2eBackend() === 'firestore'
      ? { store: ports.store, identity: ports.identity, config: ports.config, close: async () => {} }
      : createServices(loadConfig({ DATA_DIR: server.dataDir, SEED_DEMO: 'false', ...env }));
  peer = await startFederationPeer(port + 1, { username: 'agenda', type: 'Service', name: 'Agenda de la Broye' });
  // What the page shows: two followers of the agenda, one of the music category, a delivery to retry, a failure.
  const { federation } = services.store;
  const follower = (actor: string, handle: string, id: string) =>
    federation.put({
      kind: 'follower',
      key: `${actor}\u001f${id}`,
      value: { id, inbox: `${id}/inbox`, sharedInbox: null, handle, software: 'mastodon', followedAt: now() },
      expiresAt: null,
      updatedAt: now(),
    });
  await follower('agenda', '@lea@mastodon.exemple', 'https://mastodon.exemple/users/lea');
  await follower('agenda', '@paul@social.exemple', 'https://social.exemple/users/paul');
  await follower('musique', '@choeur@gancio.exemple', 'https://gancio.exemple/federation/u/choeur');
  await federation.enqueue([
    {
      id: 'a-reessayer',
      payload: { type: 'outbox', inbox: 'https://lent.exemple/inbox' },
      dueAt: new Date(Date.now() + 86_400_000).toISOString(),
      createdAt: now(),
    },
  ]);
  // A server that does not answer: one record per activity, whatever its number of attempts (deliveries.ts).
  const trouble = (activity: string, type: string, attempts: number) =>
    federation.put({
      kind: 'failure',
      key: `lent.exemple\u001f${activity}`,
      value: {
        host: 'lent.exemple',
        activityId: activity,
        activityType: type,
        attempts,
        firstAt: '2026-03-02T08:00:00.000Z',
        lastAt: '2026-03-02T09:15:00.000Z',
        status: 500,
        nextAt: '2026-03-02T09:47:00.000Z',
      },
      expiresAt: null,
      updatedAt: now(),
    });
  await trouble(`${env.SITE_URL}/federation/acteurs/agenda/envois/x`, 'Create', 5);
  await trouble(`${env.SITE_URL}/federation/acteurs/agenda/envois/y`, 'Announce', 2);
});

/** What this spec wrote in the store: on Firestore, a project the other journeys share. */
const made = { events: [] as string[], messages: ['a-reessayer'] };

test.afterAll(async () => {
  await peer?.close();
  if (services) {
    const { store } = services;
    for (const id of made.events) {
      const event = await store.events.findById(id);
      const entry = { adminUid: null, action: 'delete' as const, reason: 'Fin d’un test', createdAt: now() };
      if (event) await store.events.remove({ id, seen: event.updatedAt, entry });
    }
    for (const id of made.messages) await store.federation.done(id);
    const kinds: FederationRecordKind[] = ['follower', 'block', 'source', 'failure', 'published', 'remote'];
    for (const kind of kinds)
      for (const record of await store.federation.list(kind, { now: now(), limit: 1000 }))
        await store.federation.remove(kind, record.key);
    // The event removed is published (a Delete) after the write: let it finish before the store closes.
    await backgroundSettled();
    await services.close();
  }
  await server?.stop();
});

/** An account of the server's own store, logged in on this page (a session cookie, as a login would open). */
async function logIn(page: Page, role: 'admin' | 'organizer') {
  const email = `${role}-${Date.now()}@exemple.ch`;
  const account = await services.identity.ensureAccount({
    uid: `${role}-${Date.now()}`,
    email,
    password: PASSWORD,
    displayName: role === 'admin' ? 'Admin' : 'Organisation',
  });
  if (!account) throw new Error('compte');
  await services.store.users.upsert({
    uid: account.uid,
    email,
    displayName: 'Compte',
    role,
    passwordHash: account.passwordHash,
    emailVerified: true,
    now: now(),
  });
  const signedIn = await services.identity.checkPassword(email, PASSWORD);
  if (!signedIn) throw new Error('connexion');
  const pair = (await openSessionCookie(services, signedIn, 'Playwright')).split(';')[0];
  const at = pair.indexOf('=');
  await page.context().addCookies([{ name: pair.slice(0, at), value: pair.slice(at + 1), url: server.base }]);
}

const blocked = () => services.store.federation.list('block', { now: now(), limit: 100 });

test('l’admin voit les abonnés de chaque compte, la file et les échecs, bloque un domaine et suit une source @journey @once', async ({
  page,
}) => {
  await logIn(page, 'admin');
  await page.goto(`${server.base}/admin/federation`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fédération' })).toBeVisible();

  // Followers per account.
  const actors = page.getByTestId('federation-actors');
  const agenda = actors.getByRole('row').filter({ hasText: '@agenda@127.0.0.1' });
  await agenda.getByText('2 abonnés').click();
  await expect(agenda.getByRole('link', { name: '@lea@mastodon.exemple' })).toBeVisible();
  await expect(agenda.getByRole('listitem').filter({ hasText: '@paul@social.exemple' })).toContainText('(mastodon)');
  await expect(actors.getByRole('row').filter({ hasText: '@musique@127.0.0.1' })).toContainText('1 abonné');
  await expect(actors.getByRole('row').filter({ hasText: '@spectacles@127.0.0.1' })).toContainText('Aucun abonné');

  // The deliveries waiting and the failures.
  await expect(page.getByTestId('federation-queue')).toHaveText(
    'En file d’attente\u00a0: 0 à traiter maintenant, 1 à réessayer plus tard.',
  );
  // Grouped by host, in French, with the attempts, the last error and the next attempt (fr-CH).
  const failures = page.getByTestId('federation-failures');
  await expect(failures.getByRole('listitem')).toHaveCount(3);
  await expect(failures).toContainText(
    'lent.exemple · 7\u00a0essais en échec · dernier le lundi 2 mars 2026 à 10:15\u00a0: 500, erreur du serveur distant · prochain essai le lundi 2 mars 2026 à 10:47',
  );
  await expect(failures).toContainText('publication d’un événement (Create) · 5\u00a0essais en échec');
  await expect(failures).toContainText('partage d’un événement (Announce) · 2\u00a0essais en échec');
  await expect(failures).not.toContainText('Failed');
  // Tried again at once: the delivery waiting becomes due.
  await failures.getByRole('button', { name: 'Réessayer maintenant' }).click();
  await expect(page.getByText('1\u00a0envoi vers lent.exemple part maintenant.')).toBeVisible();

  // A domain that is none: refused next to its field, what was typed kept, nothing blocked.
  const domain = page.getByLabel('Domaine à bloquer');
  await domain.fill('pas un domaine');
  await page.getByRole('button', { name: 'Bloquer ce domaine' }).click();
  await expect(page.getByText('Indiquez un domaine, par exemple « exemple.social ».').first()).toBeVisible();
  await expect(page.getByLabel('Domaine à bloquer')).toHaveValue('pas un domaine');
  expect(await blocked()).toHaveLength(0);
  // A real one: blocked, listed, kept.
  await page.getByLabel('Domaine à bloquer').fill('Spam.Exemple');
  await page.getByRole('button', { name: 'Bloquer ce domaine' }).click();
  await expect(page.getByText('Le domaine spam.exemple est bloqué\u00a0: il ne reçoit plus rien')).toBeVisible();
  await expect(page.getByTestId('federation-blocked')).toContainText('spam.exemple');
  await expect(page.getByLabel('Domaine à bloquer')).toHaveValue('');
  expect((await blocked()).map((r) => r.key)).toEqual(['spam.exemple']);

  // A malformed account (a port past 65535): a French message by the field, what was typed kept, nothing followed.
  await page.getByLabel('Compte à suivre').fill('@agenda@exemple.ch:99999');
  await page.getByLabel('Catégorie de ses événements').selectOption('musique');
  await page.getByLabel('Canton').selectOption('FR');
  await page.getByLabel('Organisateur affiché').fill('Agenda de la Broye');
  await page.getByRole('button', { name: 'Suivre ce compte' }).click();
  await expect(
    page.getByText('Indiquez un compte de la forme @agenda@exemple.ch (ou @agenda@exemple.ch:8443)').first(),
  ).toBeVisible();
  await expect(page.getByLabel('Compte à suivre')).toHaveValue('@agenda@exemple.ch:99999');
  // A remote account followed as a source by its handle, with its port (WebFinger on that port): our Follow reaches
  // it, the source waits for its answer.
  const handle = `@agenda@${new URL(peer.origin).host}`;
  await page.getByLabel('Compte à suivre').fill(handle);
  await page.getByLabel('Catégorie de ses événements').selectOption('musique');
  await page.getByLabel('Canton').selectOption('FR');
  await page.getByLabel('Organisateur affiché').fill('Agenda de la Broye');
  await page.getByRole('button', { name: 'Suivre ce compte' }).click();
  await expect(page.getByText(`Demande d’abonnement envoyée à ${handle}`)).toBeVisible();
  const sources = page.getByTestId('federation-sources');
  await expect(sources.getByRole('row').filter({ hasText: 'Agenda de la Broye' })).toContainText('abonnement demandé');
  await expect
    .poll(() => peer.received.find((a) => a.body.type === 'Follow')?.body.object, { timeout: 30_000 })
    .toBe(peer.actorId);
});

test('un abonnement reçu est accepté et affiché ; un événement que l’admin approuve part vers l’abonné @journey @once', async ({
  page,
}) => {
  // A signed Follow of the agenda: taken in (202), then accepted by an Accept signed and sent back.
  const agendaId = `${server.base}/federation/acteurs/agenda`;
  const follow = {
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${peer.actorId}#abonnements/1`,
    type: 'Follow',
    actor: peer.actorId,
    object: agendaId,
  };
  expect((await peer.post(`${agendaId}/boite`, follow)).status).toBe(202);
  await expect
    .poll(() => peer.received.find((a) => a.body.type === 'Accept')?.body, { timeout: 30_000 })
    .toMatchObject({ actor: agendaId, object: { id: follow.id, type: 'Follow' } });
  const accept = peer.received.find((a) => a.body.type === 'Accept');
  expect(accept?.signature).toContain('keyId=');

  // The admin sees the new follower beside the two others.
  await logIn(page, 'admin');
  await page.goto(`${server.base}/admin/federation`);
  const agenda = page.getByTestId('federation-actors').getByRole('row').filter({ hasText: '@agenda@127.0.0.1' });
  await agenda.getByText('3 abonnés').click();
  await expect(agenda.getByRole('link', { name: '@agenda@127.0.0.1' })).toHaveAttribute('href', peer.actorId);

  // An event waiting for moderation: nothing leaves; approved by the admin, its Create reaches the follower.
  const title = `Concert fédéré ${Date.now()}`;
  const event = makeEvent({ status: 'pending', category: 'musique', title });
  await services.store.events.insertMany([event]);
  made.events.push(event.id);
  await page.goto(`${server.base}/admin/events?eventId=${event.id}`);
  const detail = page.getByTestId('moderation-detail');
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(title);
  expect(peer.received.filter((a) => a.body.type === 'Create')).toHaveLength(0);
  await detail.getByRole('button', { name: 'Approuver' }).click();
  await expect(page.getByTestId('flash')).toContainText(`« ${title} » est publié`);
  await expect
    .poll(() => peer.received.find((a) => a.body.type === 'Create')?.body, { timeout: 30_000 })
    .toMatchObject({
      actor: agendaId,
      object: { type: 'Event', name: title, url: `${server.base}/evenement/${event.id}` },
    });
});

test('un organisateur, un visiteur et une requête sans jeton CSRF ne changent rien @http', async ({
  page,
  request,
  browser,
}) => {
  const before = await blocked();
  const form = { intent: 'block', domain: 'pirate.exemple' };
  // An organizer: sent home, from the page and from a POST carrying its own session's token.
  await logIn(page, 'organizer');
  await page.goto(`${server.base}/dashboard`);
  const csrf = await csrfToken(page);
  await page.goto(`${server.base}/admin/federation`);
  await expect(page).toHaveURL(`${server.base}/`);
  const asOrganizer = await page.request.post(`${server.base}/admin/federation`, {
    form: { ...form, csrf },
    maxRedirects: 0,
  });
  expect(asOrganizer.status()).toBe(302);
  expect(asOrganizer.headers().location).toBe('/');
  // A visitor: to the login page.
  const asVisitor = await request.post(`${server.base}/admin/federation`, { form, maxRedirects: 0 });
  expect(asVisitor.status()).toBe(302);
  expect(asVisitor.headers().location).toBe('/auth/login?redirect=%2Fadmin%2Ffederation');
  // An admin's session, but a POST forged elsewhere (no CSRF token): refused.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await logIn(admin, 'admin');
  for (const intent of ['block', 'unblock', 'follow', 'unfollow', 'retry']) {
    const forged = await admin.request.post(`${server.base}/admin/federation`, {
      form: { ...form, intent, handle: peer.actorId, source: peer.actorId, host: 'lent.exemple' },
      maxRedirects: 0,
    });
    expect(forged.status(), intent).toBe(403);
  }
  await context.close();
  expect(await blocked()).toEqual(before);
});
