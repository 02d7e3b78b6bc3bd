// The heavy packages a site does not use stay out of its processes (issue 50): on SQLite with the federation off, a
// start loads neither Fedify nor firebase-admin and the Google Cloud clients, nor what a PDF, a mail, an image, a
// donation by card, a push or an import needs until one is made (docs/exploitation-memoire.md). Checked by the packages
// Node actually loaded, in a process of its own (tests/support/loaded-packages.ts).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';

const HEAVY = [
  '@fedify/fedify',
  '@fedify/vocab',
  'firebase-admin',
  '@google-cloud/firestore',
  '@google-cloud/storage',
  'pdfkit',
  'nodemailer',
  'sharp',
  'stripe',
  'web-push',
  'ical.js',
  'windows-iana',
  'parse5',
  'rrule-temporal',
  '@js-temporal/polyfill',
  'feed',
  'csv-parse',
];

/** What a start on SQLite without the federation loads, then what a mail adds (tests/support/loaded-packages.ts). */
function loadedPackages(...args: string[]): Record<string, string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-lazy-'));
  // The site's VAPID pair, as a restart finds it (the first start makes it once, with web-push).
  const vapid = crypto.createECDH('prime256v1');
  vapid.generateKeys();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATA_BACKEND: 'sqlite',
    FEDERATION: 'false',
    SEED_DEMO: 'false',
    VAPID_PUBLIC_KEY: vapid.getPublicKey('base64url'),
    VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32), vapid.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
  };
  for (const name of ['STRIPE_SECRET_KEY', 'SMTP_URL', 'FIREBASE_PROJECT_ID']) delete env[name];
  try {
    const output = execFileSync(process.execPath, ['--import', 'tsx', 'tests/support/loaded-packages.ts', ...args], {
      env,
      encoding: 'utf8',
    });
    return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<string, string[]>;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

test('sur SQLite sans fédération, le démarrage ne charge aucun des paquets lourds ; un mail envoyé charge nodemailer', () => {
  const { atStart, afterMail } = loadedPackages();
  expect(atStart).toContain('better-sqlite3');
  expect(HEAVY.filter((name) => atStart.includes(name))).toEqual([]);
  // The check sees a package loaded later, on first use.
  expect(afterMail).toContain('nodemailer');
}, 120_000);

test('le processus des tâches ne charge ni React ni Remix : seulement les services et les tâches', () => {
  const { atStart, afterMail } = loadedPackages('jobs');
  expect(atStart).toContain('better-sqlite3');
  const page = (name: string) => name === 'react' || name === 'react-dom' || name.startsWith('@remix-run/');
  expect(atStart.filter(page)).toEqual([]);
  expect(HEAVY.filter((name) => atStart.includes(name))).toEqual([]);
  // A mail the jobs deliver loads nodemailer, and still no page renderer.
  expect(afterMail).toContain('nodemailer');
  expect(afterMail.filter(page)).toEqual([]);
}, 120_000);
