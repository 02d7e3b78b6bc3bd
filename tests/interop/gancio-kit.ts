// The real Gancio of ../shared/peers/gancio for `npm run interop:gancio` (issue 48): where the kit is, whether it can
// run here, its setup and start (Node 20 as `node`), its REST calls (gancio.mjs), and the site's production build
// started against it with the federation on, over the kit's TLS proxy (Gancio looks up `@user@host` over https only).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const KIT = path.resolve(process.env.GANCIO_KIT ?? path.join(process.cwd(), '..', 'shared', 'peers', 'gancio'));
export const DIR = path.resolve(process.env.GANCIO_DIR ?? path.join(os.homedir(), '.cache', 'agenda-gancio-peer'));
/** The machine's Node 20 (Gancio 1.21 and its native modules); npm scripts put Node 24 first on PATH. */
const NODE20 = process.env.GANCIO_NODE ?? '/usr/bin/node';
export const SITE_PORT = Number(process.env.INTEROP_SITE_PORT ?? 13650);
export const HTTPS_PORT = Number(process.env.INTEROP_HTTPS_PORT ?? 13651);
export const SITE_URL = `https://127.0.0.1:${HTTPS_PORT}`;
export const GANCIO_PORT = Number(process.env.GANCIO_PORT ?? 13660);
export const GANCIO_PUBLIC_PORT = Number(process.env.GANCIO_PUBLIC_PORT ?? 13661);

/** PATH with the machine's Node 20 first: what the kit's scripts call `node`. */
const kitEnv = () => ({
  ...process.env,
  PATH: [path.dirname(NODE20), ...(process.env.PATH ?? '').split(':').filter((p) => !p.includes('node_modules'))].join(
    ':',
  ),
  GANCIO_PUBLIC_PORT: String(GANCIO_PUBLIC_PORT),
});

/** Why the kit cannot run here (one line), or null. */
export function missing(): string | null {
  if (!fs.existsSync(path.join(KIT, 'setup.sh'))) return `le kit Gancio est absent (${KIT})`;
  const version = spawnSync(NODE20, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (!version.startsWith('v20.')) return `Gancio 1.21 demande Node 20 (${NODE20} : ${version || 'absent'})`;
  return null;
}

function run(command: string, args: string[], label: string) {
  const result = spawnSync(command, args, { env: kitEnv(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${label} a échoué :\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** Whether something listens on this port of this machine. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(!socket.destroy()));
    socket.on('error', () => resolve(false));
  });

/**
 * Sets the kit up (about 3 minutes the first time, a second when done), then starts Gancio and the TLS proxy, unless
 * they already answer (a Gancio kept from an earlier run: start.sh's readiness check reads its whole log again).
 */
export async function startGancio() {
  run('bash', [path.join(KIT, 'setup.sh'), DIR, String(GANCIO_PORT)], 'setup.sh');
  const relay = await fetch(`http://127.0.0.1:${GANCIO_PUBLIC_PORT}/federation/u/relay`, {
    headers: { Accept: 'application/activity+json' },
  }).then(
    (r) => r.ok,
    () => false,
  );
  if (relay && (await listening(HTTPS_PORT))) return;
  run('bash', [path.join(KIT, 'start.sh'), DIR, String(SITE_PORT), String(HTTPS_PORT)], 'start.sh');
}

export function stopGancio() {
  run('bash', [path.join(KIT, 'stop.sh'), DIR], 'stop.sh');
}

/** One of gancio.mjs's REST calls, its JSON answer. */
export function gancio<T = unknown>(...args: string[]): T {
  return JSON.parse(run(NODE20, [path.join(KIT, 'gancio.mjs'), DIR, ...args], `gancio.mjs ${args[0]}`)) as T;
}

/** The site's settings: production, federation on, served on SITE_PORT, known as SITE_URL through the proxy. */
export function siteEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(SITE_PORT),
    HOST: '127.0.0.1',
    SITE_URL,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    FEDERATION: 'on',
    FEDERATION_TEST_MODE: 'true',
    FEDERATION_QUEUE_POLL_MS: '200',
    WEB_CONCURRENCY: '1',
    NODE_EXTRA_CA_CERTS: path.join(DIR, 'tls', 'cert.pem'),
  };
}

/** The production build (built first if needed), started in its own process group; resolves once it answers. */
export async function startSite(dataDir: string): Promise<ChildProcess> {
  spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  const log = fs.openSync(path.join(dataDir, 'site.log'), 'a');
  const child = spawn(process.execPath, ['build/server.js'], {
    env: { ...process.env, ...siteEnv(dataDir) },
    detached: true,
    stdio: ['ignore', log, log],
  });
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${SITE_PORT}/livez`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`Le site n’a pas démarré : voir ${path.join(dataDir, 'site.log')}`);
}

export function stopSite(child: ChildProcess) {
  if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
}

/** Polls `probe` until it returns something other than undefined (or the time is up: undefined). */
export async function until<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 60_000,
): Promise<T | undefined> {
  const end = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined || Date.now() > end) return found;
    await new Promise((r) => setTimeout(r, 1000));
  }
}
