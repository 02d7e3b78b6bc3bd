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
