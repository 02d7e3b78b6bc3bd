// Starts what the Firebase tests need, offline, on free loopback ports: the Auth emulator of firebase-tools (its own
// process, with a generated firebase.json), the in-process Firestore emulator and the Cloud Storage stand-in.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startInProcessFirestore } from './firestore-emulator';
import { startStorageStandIn } from './storage-stand-in';

export const EMULATOR_PROJECT_ID = 'demo-agenda-romand';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `count` distinct free ports: each held open until all are found, so that none comes out twice. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number, log: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`L’émulateur Auth s’est arrêté (code ${child.exitCode}) :\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`L’émulateur Auth ne répond pas après ${timeoutMs / 1000} s :\n${log()}`);
}

/** `firebase emulators:start --only auth` in a temporary directory (its logs stay there). */
export async function startAuthEmulator(): Promise<{ host: string; stop: () => Promise<void> }> {
  const [port, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-auth-emulator-'));
  fs.writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const bin = path.resolve('node_modules/.bin/firebase');
  let output = '';
  const child = spawn(bin, ['emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT_ID], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // No analytics prompt, no update check: nothing to fetch.
    env: { ...process.env, CI: 'true', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', NO_UPDATE_NOTIFIER: '1' },
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(`http://127.0.0.1:${port}/`, child, 120_000, () => output);
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  return { host: `127.0.0.1:${port}`, stop };
}

export interface FirebaseEmulators {
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startFirebaseEmulators(): Promise<FirebaseEmulators> {
  const [auth, firestore, storage] = await Promise.all([
    startAuthEmulator(),
    process.env.FIRESTORE_EMULATOR_HOST ? null : startInProcessFirestore(),
    startStorageStandIn(),
  ]);
  return {
    env: {
      // Never look for Google's metadata server: everything here is on loopback.
      METADATA_SERVER_DETECTION: 'none',
      FIREBASE_AUTH_EMULATOR_HOST: auth.host,
      FIRESTORE_EMULATOR_HOST: firestore?.host ?? (process.env.FIRESTORE_EMULATOR_HOST as string),
      FIREBASE_STORAGE_EMULATOR_HOST: storage.host,
    },
    async stop() {
      await auth.stop();
      firestore?.stop();
      await storage.close();
    },
  };
}
