// Which store the end-to-end suite runs against, decided here only: SQLite by default, Firestore with
// E2E_BACKEND=firestore (the Auth emulator, the in-process Firestore emulator and the Storage stand-in that
// `npm run test:firebase` starts). playwright.config.ts starts the server with this environment, and the fixtures
// (tests/e2e/fixtures.ts) open the same store through the same adapters with it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type E2eBackend = 'sqlite' | 'firestore';

export const FIREBASE_EMULATORS = [
  'FIRESTORE_EMULATOR_HOST',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'FIREBASE_STORAGE_EMULATOR_HOST',
] as const;

/** E2E_HOSTING=1: the app runs as two instances behind the Hosting proxy (tests/support/hosting-stack.ts). */
export function e2eHosting(): boolean {
  return process.env.E2E_HOSTING === '1';
}

export function e2eBackend(): E2eBackend {
  const value = process.env.E2E_BACKEND ?? 'sqlite';
  if (value !== 'sqlite' && value !== 'firestore') {
    throw new Error(`E2E_BACKEND vaut « ${value} » : choisissez sqlite (par défaut) ou firestore.`);
  }
  return value;
}

/**
 * Fixes, once in the Playwright runner, what the workers inherit through the environment: the server's port, its
 * throw-away data directory and its session secret (the fixtures sign session cookies with it).
 */
export function prepareE2eRun(): { backend: E2eBackend; port: number; baseURL: string } {
  const backend = e2eBackend();
  if (e2eHosting() && backend !== 'firestore') {
    throw new Error('E2E_HOSTING=1 passe par Firestore : lancez-le avec `npm run test:firebase` (émulateurs).');
  }
  // Behind the Hosting proxy, the tests speak to the proxy; its two instances take the next two ports.
  const port = e2eHosting()
    ? Number(process.env.E2E_HOSTING_PORT ?? 3160)
    : backend === 'firestore'
      ? Number(process.env.E2E_FIRESTORE_PORT ?? 3150)
      : Number(process.env.E2E_PORT ?? 3100);
  process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), `agenda-e2e-${backend}-`));
  process.env.E2E_SESSION_SECRET ??= crypto.randomBytes(32).toString('base64url');
  // Hosting answers in https: the proxy too, with a certificate of its own for localhost (hosting-stack.ts).
  process.env.E2E_BASE_URL ??= `${e2eHosting() ? 'https' : 'http'}://localhost:${port}`;
  process.env.E2E_SERVER_PORT ??= String(port);
  if (backend === 'firestore') {
    const missing = FIREBASE_EMULATORS.filter((name) => !process.env[name]);
    if (missing.length > 0) {
      throw new Error(
        `${missing.join(', ')} manque : lancez la suite sur Firestore avec \`npm run test:firebase\` (émulateurs).`,
      );
    }
  }
  return { backend, port, baseURL: process.env.E2E_BASE_URL };
}

/** The environment of the server under test (and of the fixtures' own connection to its store). */
/** The bearer token of POST /taches/:name on the end-to-end server. */
export const E2E_JOBS_TOKEN = 'e2e-jeton-des-taches-planifiees-0123456789';

/** The port of the timetable stand-in of « Dernier retour » (tests/support/transport-stand-in.ts): the server's + 9. */
export function e2eTransportPort(): number {
  const port = Number(process.env.E2E_SERVER_PORT);
  if (!port) throw new Error('E2E_SERVER_PORT manque : la configuration de Playwright le fixe (prepareE2eRun).');
  return port + 9;
}

export function e2eServerEnv(): Record<string, string> {
  const required = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} manque : la configuration de Playwright le fixe (prepareE2eRun).`);
    return value;
  };
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    PORT: required('E2E_SERVER_PORT'),
    HOST: '127.0.0.1',
    DATA_DIR: required('E2E_DATA_DIR'),
    SESSION_SECRET: required('E2E_SESSION_SECRET'),
    SEED_DEMO: 'true',
    RATE_LIMIT_FORMS_PER_MINUTE: '10000',
    // The browsers of every test share one address: the figures journey sends 40 page views of its own in a minute.
    RATE_LIMIT_SIGNALS_PER_MINUTE: '10000',
    // One plain tile from our own files for every square: tests never reach the internet, and nothing 404s.
    MAP_TILE_URL: '/images/tuile-hors-ligne.png',
    // Calendar sources and imports read feeds from a server the test starts on this machine (issue 21).
    IMPORT_ALLOW_LOOPBACK: 'true',
    // The tests run scheduled jobs when they need them, through POST /taches/:name, and only then: a job of the server's
    // own (the sources' runs every minute) would race the pages they check.
    JOBS_TOKEN: E2E_JOBS_TOKEN,
    JOBS_IN_PROCESS: 'false',
    // « Dernier retour » asks its timetable of the stand-in playwright.config.ts starts beside the server.
    TRANSPORT_API_URL: `http://127.0.0.1:${e2eTransportPort()}/v1`,
  };
  if (e2eBackend() === 'sqlite') return { ...env, ...e2eStoreEnv() };
  return {
    ...env,
    ...e2eStoreEnv(),
    // One server process: each process keeps its own mirror of the events (listeners), and a page served by the other
    // process right after a write may not show it yet. Several processes are tested on SQLite (processes.spec.ts).
    WEB_CONCURRENCY: '1',
  };
}

/**
 * Where the store of this run lives: SQLite (in the server's DATA_DIR), or the emulators' Firestore project. A server
 * of a spec's own (own-server.ts) given these shares the Firestore project of the shared server.
 */
export function e2eStoreEnv(): Record<string, string> {
  if (e2eBackend() === 'sqlite') return { DATA_BACKEND: 'sqlite' };
  return {
    DATA_BACKEND: 'firestore',
    METADATA_SERVER_DETECTION: 'none',
    FIREBASE_PROJECT_ID: 'demo-agenda-romand',
    FIREBASE_API_KEY: 'demo-key',
    FIREBASE_STORAGE_BUCKET: 'demo-agenda-romand.firebasestorage.app',
    // The outbox stands for the mail server (tests/e2e/utils.ts reads it): chosen in so many words, as a production start
    // on Firestore must (issue 68). The Hosting stack sends through an SMTP stand-in instead (hosting-stack.ts).
    MAIL_TRANSPORT: 'fichier',
    ...Object.fromEntries(
      FIREBASE_EMULATORS.map((name) => {
        const value = process.env[name];
        if (!value) throw new Error(`${name} manque : lancez la suite sur Firestore avec \`npm run test:firebase\`.`);
        return [name, value];
      }),
    ),
  };
}
