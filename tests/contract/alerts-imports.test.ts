// Email alerts and calendar sources (issue 47), on SQLite and on Firestore: an event a trusted source publishes on its
// own reaches the next letter of a matching alert, like an event an admin approved; an untrusted source's waits.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AlertDeps, confirmAlert, requestAlert } from '../../app/.server/alerts/alerts';
import { sendDueDigests } from '../../app/.server/alerts/digest';
import { runSource } from '../../app/.server/imports/run-import';
import { type IcsServer, icsFeed, startIcsServer } from '../support/ics-server';
import { IMPORT_NOW, type ImportStand, importStand } from '../support/import-stand';
import { mailHarness } from '../unit/memory-store';
import { BACKENDS } from './backends';

let server: IcsServer;
beforeAll(async () => {
  server = await startIcsServer();
});
afterAll(() => server.close());

const later = (ms: number) => new Date(IMPORT_NOW.getTime() + ms);

describe.each(BACKENDS)('alertes et sources de calendriers : $name', (backend) => {
  let stand: ImportStand;
  let dispose: () => Promise<void>;
  let deps: AlertDeps;
  let harness: ReturnType<typeof mailHarness>;
  const at = (path: string) => `/${backend.name}${path}`;
  beforeEach(async () => {
    const opened = await backend.open();
    dispose = opened.dispose;
    stand = await importStand(opened.store, server);
    harness = mailHarness(opened.store, { now: () => stand.clock });
    deps = { store: opened.store, mailer: harness.mailer, siteUrl: 'https://agenda.test', secret: 'secret-de-test' };
  });
  afterEach(async () => {
    await dispose();
  });

  it('l’événement d’une source de confiance, importé 3 s après la confirmation, part dans la lettre suivante', async () => {
    // An alert on what the sources bring (their category, their canton), asked for and confirmed.
    await requestAlert(
      deps,
      { email: 'ada@example.ch', filter: 'category=vie-locale&canton=VD', rhythm: 'daily' },
      IMPORT_NOW,
    );
    await harness.deliver(IMPORT_NOW);
    const token = harness.sent.at(-1)?.text.match(/\/alertes\/confirmer\/([\w-]+)/)?.[1] ?? '';
    expect(await confirmAlert(deps, token, IMPORT_NOW)).toMatchObject({ status: 'active' });
    harness.sent.length = 0;

    stand.clock = later(3000);
    const trusted = await stand.addSource(
      at('/confiance.ics'),
      icsFeed([{ uid: 'fete@nyon.example', summary: 'Fête des vendanges de Nyon', start: '20261212T140000' }]),
      true,
    );
    const untrusted = await stand.addSource(
      at('/attente.ics'),
      icsFeed([{ uid: 'troc@nyon.example', summary: 'Troc de jouets de Nyon', start: '20261213T100000' }]),
    );
    expect(await runSource(stand.deps(), trusted.id)).toMatchObject({ created: 1 });
    expect(await runSource(stand.deps(), untrusted.id)).toMatchObject({ created: 1 });

    // The next morning at 08:00 in Zurich, the daily letter.
    const morning = new Date('2026-12-02T07:00:00Z');
    stand.clock = morning;
    expect(await sendDueDigests(deps, morning)).toMatch(/^1 lettre mise en file/);
    await harness.deliver(morning);
    const letters = harness.sent.filter((m) => m.to === 'ada@example.ch');
    expect(letters).toHaveLength(1);
    expect(letters[0].text).toContain('Fête des vendanges de Nyon');
    // Still waiting for a moderator: not in any letter.
    expect(letters[0].text).not.toContain('Troc de jouets');
  });
});
