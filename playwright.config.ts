// End-to-end tests: Debian's Chromium against the production build on a throw-away DATA_DIR.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Evaluated once in the runner, then inherited by the workers through the environment.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-e2e-'));
process.env.E2E_BASE_URL ??= `http://localhost:${PORT}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 45_000,
  // Account steps hash passwords (Argon2id) and send mails: generous on a busy 2-core machine.
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'fr-CH',
    timezoneId: 'Europe/Zurich',
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  projects: [
    // Tests tagged @js-only or @nojs-only describe behaviour that exists only with or without JavaScript; @http ones
    // speak HTTP to the server without rendering a page (headers, guards, concurrency), so a second run adds nothing.
    { name: 'js', use: { javaScriptEnabled: true }, grepInvert: /@nojs-only/ },
    { name: 'nojs', use: { javaScriptEnabled: false }, grepInvert: /@js-only|@http/ },
  ],
  webServer: {
    command: 'node --import tsx server.ts',
    url: `${process.env.E2E_BASE_URL}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: 'true',
      RATE_LIMIT_FORMS_PER_MINUTE: '10000',
      // One plain tile from our own files for every square: tests never reach the internet, and nothing 404s.
      MAP_TILE_URL: '/images/tuile-hors-ligne.png',
    },
  },
});
