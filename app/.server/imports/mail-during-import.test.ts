// Issue 50: a mail a web request queues (a verification, an alert's confirmation) leaves while the jobs process runs
// a large calendar import, not once the import is over. Measured on the import's own progress rather than a clock: the
// mail is sent before the import has written a single one of its 5,000 events (parsing the feed held the process for
// 7 to 49 s: a search of each UID's line through the whole feed, and node-ical's parse in one go). Issue 68: six
// sign-ups at once while it writes, each mail leaves within 2 s, though the mail server needs the process at each of
// its replies (the import yielded every 25 events: the mails left 1.2 s apart, the sixth after 6.8 s).
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
    // Six sign-ups at once, while the import writes its 500th event: when each was queued.
    const queuedAt = new Map<string, number>();
    const { createSubmission } = store.events;
    store.events.createSubmission = async (input) => {
      if (writes.n === 500)
        for (let i = 1; i <= 6; i++) {
          queuedAt.set(`inscrit${i}@exemple.ch`, performance.now());
          await services.mailer.send({ to: `inscrit${i}@exemple.ch`, subject: 'Confirmez', text: 'x', html: 'x' });
        }
      return createSubmission.call(store.events, input);
    };
    // What the import had written when the first mail left; how long each sign-up's mail waited.
    let writesWhenSent = -1;
    const waited: number[] = [];
    let writesWhenLastSent = -1;
    const outbox = services.mailTransport;
    const watched: MailTransport = {
      async deliver(message) {
        // An SMTP server answers each command: the exchange needs the event loop about eight times.
        for (let turn = 0; turn < 8; turn++) await new Promise((resolve) => setImmediate(resolve));
        await outbox.deliver(message);
        if (writesWhenSent < 0) writesWhenSent = writes.n;
        const queued = queuedAt.get(String(message.to));
        if (queued !== undefined) {
          waited.push(performance.now() - queued);
          writesWhenLastSent = writes.n;
        }
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
      // All six left while the import went on, each within 2 s.
      expect(waited).toHaveLength(6);
      expect(writesWhenLastSent).toBeLessThan(EVENTS);
      expect(Math.max(...waited)).toBeLessThan(2000);
    } finally {
      await scheduler.stop(1000);
    }
  }, 180_000);
});
