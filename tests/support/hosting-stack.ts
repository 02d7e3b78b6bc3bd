// The `hosting` Playwright project's server: two app instances on the Firebase emulators (Firestore, Auth, the Storage
// stand-in: nothing kept on an instance's disk but the test outbox, which stands for the mail server), started one
// after the other (the first prepares the store), behind the Hosting proxy (hosting-proxy.ts). Its environment is
// the one playwright.config.ts gives (e2eServerEnv); HOSTING_CUT_MS shortens the proxy's 60 s cut for the live count.
// The instances run as on Cloud Run: TRUST_PROXY is the value the Dockerfile gives (read from it), SITE_URL the
// proxy's address, which is the site's.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { startHostingProxy } from './hosting-proxy';
import { SERVER_ARGS } from './test-clock';

const proxyPort = Number(process.env.E2E_HOSTING_PORT ?? 3160);
const instancePorts = [proxyPort + 1, proxyPort + 2];
const dockerfile = fs
  .readFileSync('Dockerfile', 'utf8')
  .split('\n')
  .filter((line) => !line.trimStart().startsWith('#'))
  .join('\n');
const documentedTrustProxy = /\bTRUST_PROXY=(\S+)/.exec(dockerfile)?.[1];
if (!documentedTrustProxy) throw new Error('Le Dockerfile ne donne plus TRUST_PROXY.');
const children: ChildProcess[] = [];

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
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    stopAll();
    process.exit(0);
  });
}

try {
  for (const [i, port] of instancePorts.entries()) {
    const child = spawn(process.execPath, SERVER_ARGS, {
      stdio: ['ignore', 'ignore', 'inherit'],
      // The second instance finds the store prepared (migrations, demo content) by the first.
      env: {
        ...process.env,
        PORT: String(port),
        WEB_CONCURRENCY: '1',
        TRUST_PROXY: documentedTrustProxy,
        SITE_URL: `http://localhost:${proxyPort}`,
        ...(i > 0 ? { SEED_DEMO: 'false' } : {}),
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
  });
  console.log(`[hosting] ${proxy.url} → ${instancePorts.join(', ')}`);
} catch (error) {
  console.error(error);
  stopAll();
  process.exit(1);
}
