// /admin/federation on a server of its own with the federation on (test mode), with and without JavaScript: the admin
// sees who follows each account of the agenda, the deliveries waiting and those that failed; blocks a domain (a wrong
// one is refused next to its field, input kept); follows a remote account as a source, which receives our Follow. An
// organizer, a visitor and a POST without its CSRF token change nothing.
import type { Page } from '@playwright/test';
import { recordFailure } from '../../app/.server/federation/records';
import { loadConfig } from '../../app/.server/platform/config';
import { openSessionCookie } from '../../app/.server/platform/session';
import { createServices, type Services } from '../../app/.server/services';
import { type FederationPeer, startFederationPeer } from '../support/federation-peer';
import { expect, test } from './fixtures';
import { type OwnServer, startOwnServer } from './own-server';
import { csrfToken } from './utils';

test.describe.configure({ mode: 'serial' });

const SESSION_SECRET = 'une-clé-de-session-pour-la-page-fédération-0123456789';
const PASSWORD = 'une phrase de passe pour les essais';
const now = () => new Date().toISOString();

let server: OwnServer;
let services: Services;
let peer: FederationPeer;

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  test.setTimeout(120_000);
  // One server and one stand-in per project: with and without JavaScript may run side by side.
  const offset = testInfo.project.name === 'nojs' ? 76 : 74;
  const port = Number(process.env.E2E_PORT ?? 3100) + offset;
  const env = {
    FEDERATION: 'on',
    FEDERATION_TEST_MODE: '1',
    WEB_CONCURRENCY: '1',
    SESSION_SECRET,
    SITE_URL: `http://127.0.0.1:${port}`,
  };
  server = await startOwnServer({ portOffset: offset, env });
  services = createServices(loadConfig({ DATA_DIR: server.dataDir, SEED_DEMO: 'false', ...env }));
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
  await recordFailure(federation, {
    at: now(),
    activityId: `${env.SITE_URL}/federation/evenements/x`,
    activityType: 'Create',
    message: 'lent.exemple a répondu 500',
  });
});

test.afterAll(async () => {
  await peer?.close();
  await services?.close();
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

test('l’admin voit les abonnés de chaque compte, la file et les échecs, bloque un domaine et suit une source', async ({
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
  await expect(page.getByTestId('federation-failures')).toContainText('Create\u00a0: lent.exemple a répondu 500');

  // A domain that is none: refused next to its field, what was typed kept, nothing blocked.
  const domain = page.getByLabel('Domaine à bloquer');
  await domain.fill('pas un domaine');
  await page.getByRole('button', { name: 'Bloquer ce domaine' }).click();
  await expect(page.getByText('Indiquez un domaine, par exemple « exemple.social ».').first()).toBeVisible();
  await expect(page.getByLabel('Domaine à bloquer')).toHaveValue('pas un domaine');
  expect(await blocked()).toHaveLength(0);
  // A real one: blocked, listed, kept.
  await page.getByLabel('Domaine à bloquer').fill('Spam.Exemple');
  await page.getByRole('button', { name: 'Bloquer ce domaine' }).click();
  await expect(page.getByText('Le domaine spam.exemple est bloqué\u00a0: il ne reçoit plus rien')).toBeVisible();
  await expect(page.getByTestId('federation-blocked')).toContainText('spam.exemple');
  await expect(page.getByLabel('Domaine à bloquer')).toHaveValue('');
  expect((await blocked()).map((r) => r.key)).toEqual(['spam.exemple']);

  // A remote account followed as a source: our Follow reaches it, the source waits for its answer.
  await page.getByLabel('Compte à suivre').fill(peer.actorId);
  await page.getByLabel('Catégorie de ses événements').selectOption('musique');
  await page.getByLabel('Canton').selectOption('FR');
  await page.getByLabel('Organisateur affiché').fill('Agenda de la Broye');
  await page.getByRole('button', { name: 'Suivre ce compte' }).click();
  await expect(page.getByText(`Demande d’abonnement envoyée à ${peer.actorId}`)).toBeVisible();
  const sources = page.getByTestId('federation-sources');
  await expect(sources.getByRole('row').filter({ hasText: 'Agenda de la Broye' })).toContainText('abonnement demandé');
  await expect
    .poll(() => peer.received.find((a) => a.body.type === 'Follow')?.body.object, { timeout: 30_000 })
    .toBe(peer.actorId);
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
  for (const intent of ['block', 'unblock', 'follow', 'unfollow']) {
    const forged = await admin.request.post(`${server.base}/admin/federation`, {
      form: { ...form, intent, handle: peer.actorId, source: peer.actorId },
      maxRedirects: 0,
    });
    expect(forged.status(), intent).toBe(403);
  }
  await context.close();
  expect(await blocked()).toEqual(before);
});
