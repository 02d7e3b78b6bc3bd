// Shared helpers for the end-to-end tests: the store the server writes to, and logging in as a demo account.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { registrationSent } from '../../app/domain/auth';

export const DATA_DIR = process.env.E2E_DATA_DIR as string;

export const ACCOUNTS = {
  admin: { email: 'admin@demo.agenda-romand.ch', password: 'Romandie-Admin-2026' },
  organizer: { email: 'organisateur@demo.agenda-romand.ch', password: 'Romandie-Orga-2026' },
} as const;

/** Reads the server's own SQLite file (read-only, WAL lets us read while it writes). */
export function queryDb<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(DATA_DIR, 'agenda.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Events awaiting moderation, as the admin badge counts them: pending ones and pending revisions (decision 029). */
export function awaitingInDb(): number {
  return queryDb<{ n: number }>(
    "SELECT COUNT(*) AS n FROM events WHERE status = 'pending' OR (revision IS NOT NULL AND status IN ('approved', 'cancelled'))",
  )[0].n;
}

export function outboxFiles(): string[] {
  const dir = path.join(DATA_DIR, 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : [];
}

export async function login(page: Page, who: keyof typeof ACCOUNTS, redirect?: string) {
  await page.goto(redirect ? `/auth/login?redirect=${encodeURIComponent(redirect)}` : '/auth/login');
  await signInOnPage(page, ACCOUNTS[who].email, ACCOUNTS[who].password);
}

/** Fills and sends the login form on screen, and waits for the page that follows. */
async function signInOnPage(page: Page, email: string, password: string) {
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
export async function submitRegistration(page: Page, name: string, email: string, password: string) {
  await page.goto('/auth/register');
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

/** Fills the submit-event form with a valid concert (title given). */
export async function fillEvent(page: Page, title: string, overrides: { startDate?: string } = {}) {
  await page.getByLabel('Titre', { exact: true }).fill(title);
  await page.getByLabel('Catégorie', { exact: true }).selectOption('musique');
  await page
    .getByLabel('Description', { exact: true })
    .fill('Un concert de chœurs romands, avec un programme de Noël et un vin chaud offert à la sortie.');
  await page.getByLabel('Date de début', { exact: true }).fill(overrides.startDate ?? inDays(20));
  await page.getByLabel('Heure de début', { exact: true }).fill('19:30');
  await page.getByLabel('Heure de fin', { exact: true }).fill('21:30');
  await page.getByLabel('Lieu', { exact: true }).fill('Temple de Saint-Imier');
  await page.getByLabel('NPA', { exact: true }).fill('2610');
  await page.getByLabel('Localité', { exact: true }).fill('Saint-Imier');
  await page.getByLabel('Canton', { exact: true }).selectOption('BE');
  await page.getByLabel('Prix dès (CHF)', { exact: true }).fill('15');
  await page.getByLabel('Prix jusqu’à (CHF)', { exact: true }).fill('25');
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
  const [event] = queryDb<{ id: string }>('SELECT id FROM events WHERE title = ?', title);
  return event.id;
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
  return {
    csrf: (await form.locator('input[name="csrf"]').getAttribute('value')) ?? '',
    website_confirm: '',
    from_confirm: (await form.locator('input[name="from_confirm"]').getAttribute('value')) ?? '',
  };
}

/** The CSRF token of the page's session, read from a form of the page. */
export async function csrfToken(page: Page): Promise<string> {
  return (await page.locator('input[name="csrf"]').first().getAttribute('value')) ?? '';
}
