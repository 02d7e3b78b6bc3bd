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
  'node-ical',
  'parse5',
];

test('sur SQLite sans fédération, le démarrage ne charge aucun des paquets lourds ; un mail envoyé charge nodemailer', () => {
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
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'tests/support/loaded-packages.ts'], {
    env,
    encoding: 'utf8',
  });
  const { atStart, afterMail } = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<string, string[]>;
  expect(atStart).toContain('better-sqlite3');
  expect(HEAVY.filter((name) => atStart.includes(name))).toEqual([]);
  // The check sees a package loaded later, on first use.
  expect(afterMail).toContain('nodemailer');
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 120_000);
