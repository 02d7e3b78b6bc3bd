// The app as docs/firebase.md deploys it, on the Firebase emulators (Firestore, Auth, the Storage stand-in): two
// instances, each with a DATA_DIR of its own, behind the Hosting proxy (hosting-proxy.ts) answering in https with a
// certificate made here for localhost. Each instance runs with the image's settings (the Dockerfile's ENV: production,
// secure cookies, TRUST_PROXY=2…), which the environment overrides as a deploy's variables do, an https SITE_URL (the
// proxy's address, which is the site's) and an SMTP_URL: mails go through a mail server (smtp-stand-in.ts) that keeps
// them in one folder, `<dossier>/outbox`, nothing of an instance's disk counting (issue 68). The first instance
// prepares the store (migrations, the demo content unless SEED_DEMO=false), then the second starts.
// Two uses:
// - the `hosting` Playwright project's server (E2E_HOSTING=1, `npm run test:firebase:hosting`): its environment is
//   the one playwright.config.ts gives (e2eServerEnv), the folder is E2E_DATA_DIR; HOSTING_CUT_MS shortens the proxy's
//   60 s cut for the live count;
// - `npm run firebase:local`: the same, started by hand (docs/firebase.md), on E2E_HOSTING_PORT (3160 by default).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHostingProxy } from './hosting-proxy';
import { startSmtpStandIn } from './smtp-stand-in';
import { SERVER_ARGS } from './test-clock';

const proxyPort = Number(process.env.E2E_HOSTING_PORT || 3160);
const instancePorts = [proxyPort + 1, proxyPort + 2];
const siteUrl = `https://localhost:${proxyPort}`;
/** Started by hand, a temporary folder of its own, removed when it stops. */
const ownFolder = !process.env.E2E_DATA_DIR;
const folder = process.env.E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-hosting-'));
const children: ChildProcess[] = [];
/** The emulators' project (firebase-emulators.ts), named here without loading the emulators. */
const EMULATOR_PROJECT_ID = 'demo-agenda-romand';

/** The settings the image gives its server: the ENV lines of the Dockerfile's last stage (comments left out). */
export function imageEnv(dockerfile: string): Record<string, string> {
  const lastStage = dockerfile.split(/^FROM /m).at(-1) ?? '';
  const lines = lastStage
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ');
  const env: Record<string, string> = {};
  for (const line of lines.split('\n').filter((l) => l.startsWith('ENV '))) {
    for (const [, name, value] of line.matchAll(/\b([A-Z_][A-Z0-9_]*)=(\S+)/g)) env[name] = value;
  }
  return env;
}

/** A key and a certificate for localhost, made now (openssl), valid two days: what the proxy answers https with. */
function localhostCertificate(dir: string): { key: string; cert: string } {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const [key, cert] = [path.join(dir, 'cle.pem'), path.join(dir, 'certificat.pem')];
  const request = 'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=localhost';
  const names = 'subjectAltName=DNS:localhost,IP:127.0.0.1';
  try {
    execFileSync('openssl', [...request.split(' '), '-addext', names, '-keyout', key, '-out', cert], {
      stdio: 'ignore',
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error(
      'openssl manque\u00a0: le mandataire Hosting en fait son certificat. Installez-le\u00a0: apt-get install openssl',
    );
  }
  return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
}

async function ready(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`L’instance ${url} s’est arrêtée (code ${child.exitCode}).`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`L’instance ${url} ne répond pas.`);
}

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  if (ownFolder) fs.rmSync(folder, { recursive: true, force: true });
}

async function main() {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopAll();
      process.exit(0);
    });
  }
  const image = imageEnv(fs.readFileSync('Dockerfile', 'utf8'));
  if (!image.TRUST_PROXY || image.SECURE_COOKIES !== 'true') {
    throw new Error('Le Dockerfile ne donne plus TRUST_PROXY ni SECURE_COOKIES=true.');
  }
  const smtp = await startSmtpStandIn(path.join(folder, 'outbox'));
  // Started by hand, the Firebase settings of the emulators' project, and one session secret for both instances.
  const firebase: Record<string, string> = {
    METADATA_SERVER_DETECTION: 'none',
    FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
    FIREBASE_API_KEY: 'demo-key',
    FIREBASE_STORAGE_BUCKET: `${EMULATOR_PROJECT_ID}.firebasestorage.app`,
    SESSION_SECRET: crypto.randomBytes(32).toString('base64url'),
  };
  // The instance's own address and folder are given below.
  const settings = Object.fromEntries(
    Object.entries(image).filter(([name]) => !['PORT', 'HOST', 'DATA_DIR'].includes(name)),
  );
  for (const [i, port] of instancePorts.entries()) {
    const dataDir = path.join(folder, `instance-${i + 1}`);
    const child = spawn(process.execPath, SERVER_ARGS, {
      // Their start-up lines and access logs (the Playwright project ignores this output).
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...firebase,
        ...settings,
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_CONCURRENCY: '1',
        SITE_URL: siteUrl,
        SMTP_URL: smtp.url,
        MAIL_TRANSPORT: 'smtp',
        // The second instance finds the store prepared (migrations, demo content) by the first.
        SEED_DEMO: i === 0 ? (process.env.SEED_DEMO ?? 'true') : 'false',
      },
    });
    children.push(child);
    await ready(`http://127.0.0.1:${port}/healthz`, child);
  }
  const proxy = await startHostingProxy({
    port: proxyPort,
    host: '127.0.0.1',
    upstreams: instancePorts.map((port) => `http://127.0.0.1:${port}`),
    cutAfterMs: Number(process.env.HOSTING_CUT_MS ?? 60_000),
    tls: localhostCertificate(path.join(folder, 'tls')),
  });
  console.log(
    `[hosting] ${siteUrl} (${proxy.url}, certificat fait pour localhost) → instances ${instancePorts.join(', ')} ; données ${folder}/instance-1 et instance-2 ; mails dans ${folder}/outbox`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    stopAll();
    process.exit(1);
  });
}
