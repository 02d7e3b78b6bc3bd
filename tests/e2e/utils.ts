// Shared helpers for the end-to-end tests: the store the server writes to, and logging in as a demo account.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';

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

export function outboxFiles(): string[] {
  const dir = path.join(DATA_DIR, 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : [];
}

export async function login(page: Page, who: keyof typeof ACCOUNTS, redirect?: string) {
  await page.goto(redirect ? `/auth/login?redirect=${encodeURIComponent(redirect)}` : '/auth/login');
  await page.getByLabel('Adresse email').fill(ACCOUNTS[who].email);
  await page.getByLabel('Mot de passe').fill(ACCOUNTS[who].password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

export function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The decoded text of the newest mail sent to an address (quoted-printable undone). */
export function lastMailTo(address: string): string | null {
  const mails = outboxFiles()
    .sort()
    .map((f) => decodeQuotedPrintable(fs.readFileSync(f, 'utf8')))
    .filter((m) => m.includes(`To: ${address}`));
  return mails.at(-1) ?? null;
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

export async function register(page: Page, name: string, email: string, password: string) {
  await page.goto('/auth/register');
  await page.getByLabel('Votre nom ou celui de votre organisation').fill(name);
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
}

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@exemple.ch`;
