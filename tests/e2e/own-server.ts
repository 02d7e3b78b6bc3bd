// A production server of its own for tests that need another configuration, its output or its processes
// (the shared server of playwright.config.ts cannot be restarted or read from).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { e2eServerEnv } from '../support/e2e-backend';
import { SERVER_ARGS } from '../support/test-clock';

export interface OwnServer {
  base: string;
  child: ChildProcess;
  dataDir: string;
  /** What the server printed (stdout and stderr), when started with `log: true`. */
  log(): string;
  stop(): Promise<void>;
}

// Every server started by this worker, killed when the worker ends however it ends (a failed `beforeAll` whose
// `afterAll` never got the server, an interrupted run): a server left behind keeps its port, and the next run's server
// on that port would find it answering in its place.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

async function answers(base: string): Promise<boolean> {
  return (await fetch(`${base}/healthz`, { headers: { Connection: 'close' } }).catch(() => null)) !== null;
}

export async function startOwnServer(options: {
  portOffset: number;
  env?: Record<string, string>;
  log?: boolean;
}): Promise<OwnServer> {
  const port = Number(process.env.E2E_PORT ?? 3100) + options.portOffset;
  const base = `http://127.0.0.1:${port}`;
  if (await answers(base))
    throw new Error(`Le port ${port} répond déjà : un serveur d’un autre test ou d’une autre exécution.`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-own-'));
  const logFile = path.join(dataDir, 'server.log');
  const out = options.log ? fs.openSync(logFile, 'a') : 'ignore';
  // Not the shared server’s settings (the fixtures put them in this worker’s environment): this one is on SQLite unless
  // its `env` says otherwise (e2eStoreEnv: the Firestore project of the run).
  const inherited = { ...process.env };
  for (const name of Object.keys(e2eServerEnv())) delete inherited[name];
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ...options.env,
    },
    stdio: ['ignore', out, out],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      // A server that exited (its port taken, a bad setting) will never answer: say so now, not in 90 s.
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`Le serveur du test s’est arrêté avant de répondre (${child.exitCode ?? child.signalCode}).`);
      }
      const status = (await fetch(`${base}/healthz`, { headers: { Connection: 'close' } }).catch(() => null))?.status;
      if (status === 200) break;
      if (Date.now() > deadline)
        throw new Error(`Le serveur du test n’a pas répondu en 90 s (dernier statut : ${status}).`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    // A server that never answered must not outlive the test (nor keep its port).
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    base,
    child,
    dataDir,
    log: () => (options.log ? fs.readFileSync(logFile, 'utf8') : ''),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The newest mail of the server's outbox sent to an address (quoted-printable undone). */
export function newestMailTo(dataDir: string, address: string): string | null {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return null;
  const mails = fs
    .readdirSync(dir)
    // Not a mail being written (a hidden temporary name, renamed once written).
    .filter((f) => !f.startsWith('.'))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .map((m) =>
      m.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
    )
    .filter((m) => m.includes(`To: ${address}`));
  return mails.at(-1) ?? null;
}

/** A form's hidden fields (CSRF token, honeypot), as a browser sends them back. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(tag)?.[1];
    if (!name || name in fields || !(/type="hidden"/.test(tag) || /_confirm$/.test(name))) continue;
    fields[name] = (/value="([^"]*)"/.exec(tag)?.[1] ?? '').replace(/&amp;/g, '&');
  }
  return fields;
}
