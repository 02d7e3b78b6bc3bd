// One instance of the site with the federation on (FEDERATION_TEST_MODE), served by Express on this machine with its
// queue read in the same process, and an admin account: for the federation's tests.
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import type { FederationService } from '../../app/.server/federation/service';
import { loadConfig } from '../../app/.server/platform/config';
import type { UserProfile } from '../../app/.server/ports';
import { seedCategories } from '../../app/.server/seed/seed';
import { createServices, type Services } from '../../app/.server/services';

export interface FederatedSite {
  url: string;
  services: Services;
  federation: FederationService;
  admin: UserProfile;
  /** Starts reading the queue (when the site was started without). */
  readQueue(): void;
  close(): Promise<void>;
}

export interface FederatedSiteOptions {
  /** More settings (FEDERATION_QUEUE_MAX…). */
  env?: Record<string, string>;
  /** Reads its queue from the start (as the jobs worker does), or only once `readQueue()` is called. */
  readQueue?: boolean;
}

export async function startFederatedSite(port: number, options: FederatedSiteOptions = {}): Promise<FederatedSite> {
  const url = `http://127.0.0.1:${port}`;
  const services = createServices(
    loadConfig({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-federation-')),
      SEED_DEMO: 'false',
      SITE_URL: url,
      FEDERATION: 'on',
      FEDERATION_TEST_MODE: '1',
      FEDERATION_QUEUE_POLL_MS: '50',
      ...options.env,
    }),
  );
  const federation = services.federation;
  if (!federation) throw new Error('La fédération devrait être allumée.');
  await seedCategories(services);
  const admin = await services.store.users.create({
    uid: 'admin-1',
    email: 'admin@exemple.ch',
    displayName: 'Admin',
    role: 'admin',
    passwordHash: 'x',
    now: new Date().toISOString(),
  });
  if (!admin) throw new Error('Compte admin non créé.');
  const app = express();
  // As server.ts: a public page asked for as ActivityStreams goes to its twin, before anything answers the page.
  app.use(federation.pages());
  app.use(federation.middleware());
  // The site's own routes after it: a form's body must reach them whole (the federation reads only its own paths).
  app.post('/formulaire', express.text({ type: '*/*', limit: '1mb' }), (req, res) =>
    res.type('text/plain').send(req.body),
  );
  // A page of the site stands in for the public pages (the home, an event's, a venue's).
  app.get(['/', '/evenement/:id', '/lieux/:slug', '/organisateurs/:slug'], (_req, res) =>
    res.type('html').send('<!doctype html><title>page</title>'),
  );
  // And its « Page introuvable » for any other address.
  app.use((_req, res) => res.status(404).type('html').send('<!doctype html><h1>Page introuvable</h1>'));
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
  });
  const queue = new AbortController();
  let reading = false;
  const readQueue = () => {
    if (reading) return;
    reading = true;
    void federation.startQueue(queue.signal);
  };
  if (options.readQueue !== false) readQueue();
  return {
    url,
    services,
    federation,
    admin,
    readQueue,
    async close() {
      queue.abort();
      await new Promise((resolve) => server.close(resolve));
      await services.close();
    },
  };
}

/** After a file's tests: closes what its setup started (a stand-in peer, one site or more), in that order. */
export async function closeAll(...started: ({ close(): Promise<void> } | undefined)[]): Promise<void> {
  for (const one of started) await one?.close();
}
