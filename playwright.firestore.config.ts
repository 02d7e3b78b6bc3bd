// The main journey on Firebase: the production server with DATA_BACKEND=firestore against the emulators that
// `npm run test:firebase` starts (Auth emulator, in-process Firestore, Cloud Storage stand-in). Its own port.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

const PORT = Number(process.env.E2E_FIRESTORE_PORT ?? 3150);
const baseURL = `http://localhost:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-e2e-firestore-'));
process.env.E2E_DATA_DIR = dataDir;

const emulators = ['FIRESTORE_EMULATOR_HOST', 'FIREBASE_AUTH_EMULATOR_HOST', 'FIREBASE_STORAGE_EMULATOR_HOST'] as const;
for (const name of emulators) {
  if (!process.env[name]) throw new Error(`${name} manque : lancez ce parcours avec \`npm run test:firebase\`.`);
}

export default defineConfig({
  ...base,
  testDir: 'tests/e2e-firestore',
  workers: 1,
  timeout: 90_000,
  use: { ...base.use, baseURL },
  projects: [{ name: 'firestore', use: { javaScriptEnabled: true } }],
  webServer: {
    ...(base.webServer as object),
    command: 'node --import tsx server.ts',
    url: `${baseURL}/`,
    timeout: 120_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      RATE_LIMIT_FORMS_PER_MINUTE: '10000',
      MAP_TILE_URL: '/tuiles-de-test/{z}/{x}/{y}.png',
      DATA_BACKEND: 'firestore',
      SESSION_SECRET: 'secret-de-session-du-parcours-firestore-0123456789',
      METADATA_SERVER_DETECTION: 'none',
      FIREBASE_PROJECT_ID: 'demo-agenda-romand',
      FIREBASE_API_KEY: 'demo-key',
      FIREBASE_STORAGE_BUCKET: 'demo-agenda-romand.appspot.com',
      ...Object.fromEntries(emulators.map((name) => [name, process.env[name] as string])),
    },
  },
});
