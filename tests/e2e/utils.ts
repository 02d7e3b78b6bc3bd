// Shared helpers for the end-to-end tests: the outbox the server writes mails to, forms filled as a visitor would, and
// logging in through the login form (for the tests about that form; the others log in by cookie, see fixtures.ts).

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Store } from '../../app/.server/ports';
import { registrationSent } from '../../app/domain/auth';
import { addDaysToDate, zurichIso, zurichToday } from '../../app/domain/dates';
import { E2E_JOBS_TOKEN } from '../support/e2e-backend';
import { makeEventForm, makeOrganizer } from '../support/factories';
import type { People, TestUser } from './fixtures';

const DATA_DIR = process.env.E2E_DATA_DIR as string;

export function outboxFiles(): string[] {
  const dir = path.join(DATA_DIR, 'outbox');
  // The written mails only: the mailer writes each under a hidden temporary name, then renames it (read between the
  // two, the temporary file was gone; seen once in CI).
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => !f.startsWith('.'))
        .map((f) => path.join(dir, f))
    : [];
}

/** Logs in through the login form (then the page is wherever the login sent it). */
export async function loginWithForm(page: Page, who: { email: string; password: string }, redirect?: string) {
  await page.goto(redirect ? `/auth/login?redirect=${encodeURIComponent(redirect)}` : '/auth/login');
  await signInOnPage(page, who.email, who.password);
}

/** Fills and sends the login form on screen, and waits for the page that follows. */
export async function signInOnPage(page: Page, email: string, password: string) {
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  const anonymousToken = await csrfToken(page);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
  // With JavaScript the address changes before the next page is drawn: wait for it, recognised by its CSRF token
  // (a signed-in visitor's is bound to the new session), so that forms read afterwards carry the right one.
  await expect.poll(() => csrfToken(page)).not.toBe(anonymousToken);
}

/** Logs out through the menu and waits until the server has ended the session (the next page sees no session). */
export async function logout(page: Page) {
  await page.getByTestId('burger').click();
  const ended = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/auth/logout'));
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await ended;
  await expect(page).toHaveURL((url) => url.pathname === '/' && !url.search);
}

/** A scheduled job, as Cloud Scheduler calls it (`POST /taches/:name`); `at`: the run as at that instant. */
export async function runJob(request: APIRequestContext, name: string, at?: string) {
  const query = at ? `?maintenant=${encodeURIComponent(at)}` : '';
  const response = await request.post(`/taches/${name}${query}`, {
    headers: { Authorization: `Bearer ${E2E_JOBS_TOKEN}` },
  });
  expect(response.status()).toBe(200);
}

/**
 * Runs the alerts' job as Cloud Scheduler calls it, on the morning after today, until `sent()` sees the digest; answers
 * that morning. Each test that waits for a digest runs the same job over every alert of the server: another test's run
 * may have found this test's alert before its events were public, and recorded that morning with nothing to send (one
 * digest a day). The next morning then sends it, with every event published since the confirmation.
 */
export async function runDigestsUntil(request: APIRequestContext, sent: () => number): Promise<string> {
  for (let day = 1; ; day++) {
    const morning = zurichIso(addDaysToDate(zurichToday(), day), '07:30');
    await runJob(request, 'alertes', morning);
    // The mail leaves through the queue, within a few seconds.
    const came = await expect
      .poll(sent, { timeout: day < 3 ? 8_000 : 20_000 })
      .toBeGreaterThan(0)
      .then(
        () => true,
        (error: unknown) => {
          if (day >= 3) throw error;
          return false;
        },
      );
    if (came) return morning;
  }
}

export function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The decoded texts of the mails sent to an address, oldest first (quoted-printable undone). */
export function mailsTo(address: string): string[] {
  return outboxFiles()
    .sort()
    .map((f) => decodeQuotedPrintable(fs.readFileSync(f, 'utf8')))
    .filter((m) => m.includes(`To: ${address}`));
}

/** The decoded text of the newest mail sent to an address. */
export function lastMailTo(address: string): string | null {
  return mailsTo(address).at(-1) ?? null;
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The first link of the site in the newest mail to that address. */
export async function linkInMail(address: string, path: string): Promise<string> {
  await expect.poll(() => lastMailTo(address)?.includes(path), { timeout: 10_000 }).toBe(true);
  const mail = lastMailTo(address) ?? '';
  const url = mail.match(new RegExp(`https?://[^\\s"<>]*${path.replace(/[?/]/g, '\\$&')}[^\\s"<>]*`))?.[0];
  if (!url) throw new Error(`aucun lien ${path} dans le mail à ${address}`);
  const parsed = new URL(url.replace(/&amp;/g, '&'));
  return parsed.pathname + parsed.search;
}

/** Fills and sends the registration form (what follows depends on what was typed). */
export async function submitRegistration(page: Page, name: string, email: string, password: string, at?: string) {
  await page.goto(at ?? '/auth/register');
  await page.getByLabel('Votre nom ou celui de votre organisation').fill(name);
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
}

/**
 * Registers a new account, then signs in with it: registration opens no session (it answers the same whether or not
 * the address already had an account), it leads to the login page, which leads to the dashboard.
 */
export async function register(page: Page, name: string, email: string, password: string) {
  await submitRegistration(page, name, email, password);
  await expect(page).toHaveURL('/auth/login?redirect=%2Fdashboard');
  await expect(page.getByTestId('flash')).toHaveText(registrationSent(email));
  await signInOnPage(page, email, password);
  await expect(page).toHaveURL('/dashboard');
}

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@exemple.ch`;

export function inDays(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** Signs the test's page in (an organizer unless `options` say otherwise) and opens the submit-event form. */
export async function openEventForm(page: Page, signIn: People['signIn'], options?: Parameters<People['signIn']>[0]) {
  const account = await signIn(options);
  await page.goto('/organizer/submit-event');
  return account;
}

/** Fills the submit-event form with a valid concert (title given): the fields of makeEventForm. */
export async function fillEvent(page: Page, title: string, overrides: { startDate?: string } = {}) {
  const form = makeEventForm({ title, ...overrides });
  await page.getByLabel('Titre', { exact: true }).fill(form.title);
  await page.getByLabel('Catégorie', { exact: true }).selectOption(form.category);
  await page.getByLabel('Description', { exact: true }).fill(form.description);
  await page.getByLabel('Date de début', { exact: true }).fill(form.startDate);
  await page.getByLabel('Heure de début', { exact: true }).fill(form.startTime);
  await page.getByLabel('Heure de fin', { exact: true }).fill(form.endTime);
  await page.getByLabel('Lieu', { exact: true }).fill(form.venueName);
  await page.getByLabel('NPA', { exact: true }).fill(form.postalCode);
  await page.getByLabel('Localité', { exact: true }).fill(form.city);
  await page.getByLabel('Canton', { exact: true }).selectOption(form.canton);
  await page.getByLabel('Prix dès (CHF)', { exact: true }).fill(form.priceMin);
  await page.getByLabel('Prix jusqu’à (CHF)', { exact: true }).fill(form.priceMax);
}

/**
 * With JavaScript, picks in « Lieu enregistré » a venue the test wrote itself, not through this server: each server
 * process lists it within 15 s (its read cache), so the search is typed again until the venue appears.
 */
export async function pickStoredVenue(page: Page, hall: string) {
  const search = page.getByRole('combobox', { name: 'Lieu enregistré' });
  const option = page.getByRole('option', { name: new RegExp(hall) });
  await expect(async () => {
    await search.fill('');
    await search.fill(hall.slice(0, 18));
    await expect(option).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 40_000 });
  await option.click();
}

/** Submits a pending event as the logged-in page's account and returns its id. */
export async function submitEvent(page: Page, title: string): Promise<string> {
  await page.goto('/organizer/submit-event');
  await fillEvent(page, title);
  await page.getByRole('button', { name: 'Envoyer pour publication' }).click();
  const confirmation = /\/organizer\/event-confirmation\/[a-z0-9]+$/;
  const duplicate = page.getByLabel('Ce n’est pas un doublon : publier quand même');
  // A similar title published at the same place and time (an earlier run of the same test) asks for a confirmation.
  await expect(page.getByTestId('confirmation-status').or(duplicate)).toBeVisible();
  if (await duplicate.isVisible()) {
    await duplicate.check();
    await page.getByRole('button', { name: 'Envoyer pour publication' }).click();
  }
  await expect(page).toHaveURL(confirmation);
  return confirmationId(page);
}

/**
 * An organizer (a new one unless given) submits a pending event from a browser of their own: that page (closed after
 * the test if not before) and the event's id.
 */
export async function submitFromOwnBrowser(
  { createUser, pageAs }: Pick<People, 'createUser' | 'pageAs'>,
  title: string,
  owner?: TestUser,
): Promise<{ organizer: Page; id: string }> {
  const organizer = await pageAs(owner ?? (await createUser()));
  return { organizer, id: await submitEvent(organizer, title) };
}

/** Signs a new admin in on the page and opens the list of events, once its live pending count is on (in the title). */
export async function watchPendingCountAsAdmin(page: Page, signIn: People['signIn']) {
  await signIn({ role: 'admin' });
  await page.goto('/evenements');
  await expect(page).toHaveTitle(/^\(\d+\) /);
}

/** On an admin's page: opens an event in the moderation and approves it (the page says it is published). */
export async function approveInModeration(adminPage: Page, id: string) {
  await adminPage.goto(`/admin/events?eventId=${id}`);
  await adminPage.getByTestId('moderation-detail').getByRole('button', { name: 'Approuver' }).click();
  await expect(adminPage.getByTestId('flash')).toContainText('est publié');
}

/**
 * The hidden fields a form of the page sends back, as a browser would: the CSRF token, and the honeypot (its trap
 * empty, its « shown at » seal kept; a form without them is taken for a robot's).
 */
export async function formSecurity(page: Page): Promise<Record<string, string>> {
  const form = page
    .locator('form')
    .filter({ has: page.locator('input[name="from_confirm"]') })
    .first();
  // A visitor without `__session` has no token (decision 037): the form has no such field.
  const csrf = form.locator('input[name="csrf"]');
  return {
    csrf: (await csrf.count()) > 0 ? ((await csrf.getAttribute('value')) ?? '') : '',
    website_confirm: '',
    from_confirm: (await form.locator('input[name="from_confirm"]').getAttribute('value')) ?? '',
  };
}

/** The CSRF token of the page's session, read from a form of the page. */
export async function csrfToken(page: Page): Promise<string> {
  const field = page.locator('input[name="csrf"]').first();
  return (await field.count()) > 0 ? ((await field.getAttribute('value')) ?? '') : '';
}

/** The id of the event whose confirmation page is open. */
export function confirmationId(page: Page): string {
  const id = new URL(page.url()).pathname.match(/^\/organizer\/event-confirmation\/([a-z0-9]+)$/)?.[1];
  if (!id) throw new Error(`pas une page de confirmation : ${page.url()}`);
  return id;
}

/**
 * An approved organization (issue 73) whose record speaks for `responsable`, who is its « responsable »: built in the
 * store as migration 31 and the form do. Its name is made unique from `name`; its slug from `slug`.
 */
export async function organizationOf(store: Store, responsable: { uid: string }, name: string, slug: string) {
  const organization = makeOrganizer({
    id: randomUUID(),
    name: unique(name),
    slug: `${slug}-${randomUUID().slice(0, 8)}`,
    accountUids: [responsable.uid],
    status: 'approved',
  });
  await store.organizers.insertMany([organization]);
  await joinOrganization(store, organization, responsable, 'responsable');
  return organization;
}

/** `person` made a member of `organization` (« membre » unless said), as accepting an invitation does. */
export function joinOrganization(
  store: Store,
  organization: { id: string },
  person: { uid: string },
  role: 'membre' | 'responsable' = 'membre',
) {
  return store.organizerMembers.set({
    organizerId: organization.id,
    uid: person.uid,
    role,
    now: new Date().toISOString(),
  });
}
