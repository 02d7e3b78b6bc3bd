// Run by tests/unit/lazy-packages.test.ts in a process of its own: loads every server module of the app (a superset of
// what the server build loads), or with `jobs` only what the jobs worker's entry loads (jobs-main.ts), builds the services of the configured backend as a start does, and prints the npm
// packages Node loaded, as JSON: { atStart, afterMail }. `afterMail`: the same after one mail written to the outbox.
import fs from 'node:fs';
import { createRequire, registerHooks } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const loaded = new Set<string>();
const packageOf = (file: string) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1];
registerHooks({
  load(url, context, next) {
    const name = packageOf(url);
    if (name) loaded.add(name);
    return next(url, context);
  },
});
/** What `import` loaded (the hook), and what `require()` did: tsx's loader takes the latter past the hooks. */
function loadedNow(): string[] {
  for (const file of Object.keys(createRequire(import.meta.url).cache)) {
    const name = packageOf(file);
    if (name) loaded.add(name);
  }
  return [...loaded].sort();
}

const serverDir = path.resolve(import.meta.dirname, '../../app/.server');
// jobs-main.ts starts the jobs when loaded: its imports (the services are loaded below), without the start.
const modules = process.argv.includes('jobs')
  ? ['server/jobs-process.ts']
  : fs
      .readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('fixture'))
      .sort();
for (const file of modules) await import(path.join(serverDir, file));

const { createServices } = await import('../../app/.server/services');
const services = createServices();
// What a start opens: the store (migrations, the federation when it is on), the jobs, the mail queue, push, files.
for (const key of ['store', 'federation', 'jobs', 'mailer', 'push', 'files', 'identity', 'live', 'stripe'] as const)
  void services[key];
const atStart = loadedNow();

const { createOutboxTransport } = await import('../../app/.server/mail/mailer');
await createOutboxTransport(fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-outbox-')), 'site@example.org').deliver({
  messageId: '<essai@example.org>',
  to: 'lectrice@example.org',
  subject: 'Essai',
  text: 'Essai',
  html: '<p>Essai</p>',
});
await services.close();
console.log(JSON.stringify({ atStart, afterMail: loadedNow() }));
