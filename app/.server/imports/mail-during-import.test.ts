// Issue 50: a mail a web request queues (a verification, an alert's confirmation) leaves while the jobs process runs
// a large calendar import, not once the import is over. Measured on the import's own progress rather than a clock: the
// mail is sent before the import has written a single one of its 5,000 events (parsing the feed held the process for
// 7 to 49 s: a search of each UID's line through the whole feed, and node-ical's parse in one go).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IcsServer, icsFeed, startIcsServer } from '../../../tests/support/ics-server';
import { importStand } from '../../../tests/support/import-stand';
import { JOBS } from '../jobs';
import { loadConfig } from '../platform/config';
import type { MailTransport } from '../ports';
import { startJobScheduler } from '../server/job-worker';
import { createServices, type Services } from '../services';
import { runSource } from './run-import';

const EVENTS = 5000;

let server: IcsServer;
let services: Services;
let dataDir = '';
beforeAll(async () => {
  server = await startIcsServer();
});
afterAll(async () => {
  services?.close();
  await server.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('un mail pendant un gros import', () => {
  it('part avant que l’import de 5000 événements n’écrive le premier', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-mail-import-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: 's'.repeat(32),
      IMPORT_MAX_EVENTS: String(EVENTS),
    });
    services = createServices(config);
    const { store } = services;
    const stand = await importStand(store, server);
    const feed = icsFeed(
      Array.from({ length: EVENTS }, (_, i) => ({
        uid: `concert-${i}@salle.ch`,
        summary: `Concert numéro ${i}`,
        start: `2027${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}T193000`,
      })),
    );
    const source = await stand.addSource('/grand.ics', feed);
    const writes = stand.countWrites();
    // What the import had written when the mail left.
    let writesWhenSent = -1;
    const outbox = services.mailTransport;
    const watched: MailTransport = {
      async deliver(message) {
        await outbox.deliver(message);
        writesWhenSent = writes.n;
      },
    };
    Object.defineProperty(services, 'mailTransport', { value: watched });
    // The mails' lane of the jobs process, as the jobs worker runs it.
    const scheduler = startJobScheduler(
      services,
      JOBS.filter((job) => job.name === 'mails'),
    );
    try {
      const deps = stand.deps();
      const run = await runSource(
        {
          ...deps,
          config,
          // The feed has arrived: a visitor asks for a verification mail while the import reads it.
          fetchText: async (url, options) => {
            const answer = await deps.fetchText(url, options);
            await services.mailer.send({ to: 'visiteur@exemple.ch', subject: 'Confirmez', text: 'x', html: 'x' });
            return answer;
          },
        },
        source.id,
      );
      expect(run).toMatchObject({ ok: true, created: EVENTS });
      expect(writes.n).toBe(EVENTS);
      expect(writesWhenSent).toBe(0);
    } finally {
      await scheduler.stop(1000);
    }
  }, 180_000);
});
