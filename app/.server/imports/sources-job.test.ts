// The scheduler's call of the `sources` job (decision 051, issue 21): POST /taches/sources with JOBS_TOKEN runs the
// sources that are due, through the site's own services (the safe fetcher allowed onto this machine by
// IMPORT_ALLOW_LOOPBACK only); without the token, nothing is fetched nor written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { action } from '~/routes/taches.$name';
import { type IcsServer, icsFixture, startIcsServer } from '../../../tests/support/ics-server';
import { IMPORT_NOW, importStand } from '../../../tests/support/import-stand';
import { loadConfig } from '../platform/config';
import { BODY_LIMITS } from '../platform/request-body';
import { createServices, type Services } from '../services';
import { logInterruptedRuns, RUN_INTERRUPTED } from './run-import';

const TOKEN = 'j'.repeat(40);
let server: IcsServer;
let services: Services;

beforeAll(async () => {
  server = await startIcsServer();
});
afterAll(() => server.close());
afterEach(() => services.close());

function open(allowLoopback = true) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-sources-job-'));
  services = createServices(
    loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: 's'.repeat(32),
      JOBS_TOKEN: TOKEN,
      IMPORT_ALLOW_LOOPBACK: allowLoopback ? 'true' : 'false',
    }),
  );
  return services;
}

/** The scheduler's call, as at IMPORT_NOW (`?maintenant=`, as a replayed run would be). */
async function callSources(authorization?: string) {
  const request = new Request(`http://localhost/taches/sources?maintenant=${IMPORT_NOW.toISOString()}`, {
    method: 'POST',
    headers: authorization ? { Authorization: authorization } : {},
  });
  const response = await action({
    request,
    params: { name: 'sources' },
    context: { services, clientIp: '10.0.0.9', bodyLimit: BODY_LIMITS.form },
  });
  return { status: response.status, body: await response.json() };
}

describe('tâche planifiée « sources »', () => {
  it('sans le jeton, refusée sans rien lire ; avec, elle importe les sources dues, une seule fois', async () => {
    const { store, fetchText } = open();
    const stand = await importStand(store, server, fetchText);
    const source = await stand.addSource('/tache.ics', icsFixture('commune'));

    for (const authorization of [undefined, `Bearer ${'x'.repeat(40)}`]) {
      expect(await callSources(authorization)).toEqual({
        status: 401,
        body: { error: 'Jeton manquant ou invalide.' },
      });
    }
    expect(server.hits.get('/tache.ics')).toBeUndefined();
    expect(await store.imports.runs(source.id, 5)).toEqual([]);
    expect(await stand.events()).toEqual([]);

    const ran = await callSources(`Bearer ${TOKEN}`);
    expect(ran).toMatchObject({ status: 200, body: { job: 'sources', summary: '1 source importée, 0 en échec' } });
    expect((await stand.events()).map((e) => e.status)).toEqual(['pending', 'pending', 'pending']);
    expect(await store.imports.runs(source.id, 5)).toMatchObject([{ ok: true, created: 3 }]);
    expect(await store.imports.findSource(source.id)).toMatchObject({
      state: 'ok',
      nextRunAt: new Date(IMPORT_NOW.getTime() + 60 * 60_000).toISOString(),
    });

    // Called again for the same hour (Cloud Scheduler retrying): the source is not due, nothing is read again.
    expect((await callSources(`Bearer ${TOKEN}`)).body).toMatchObject({ summary: '0 source importée, 0 en échec' });
    expect(server.hits.get('/tache.ics')).toBe(1);
    expect(await stand.events()).toHaveLength(3);
  });

  it('sans le réglage de test, la source sur cette machine échoue : la tâche suit la règle des adresses publiques', async () => {
    const { store, fetchText } = open(false);
    const stand = await importStand(store, server, fetchText);
    const source = await stand.addSource('/interne.ics', icsFixture('commune'));
    const ran = await callSources(`Bearer ${TOKEN}`);
    expect(ran).toMatchObject({ status: 200, body: { summary: '1 source importée, 1 en échec' } });
    expect(server.hits.get('/interne.ics')).toBeUndefined();
    expect(await store.imports.findSource(source.id)).toMatchObject({
      consecutiveFailures: 1,
      lastError: 'Cette adresse n’est pas publique\u00a0: seuls les sites accessibles sur Internet peuvent être lus.',
    });
    expect(await stand.events()).toEqual([]);
  });

  it('un import interrompu par un arrêt brutal a sa ligne au journal des imports, puis reprend', async () => {
    const { store, fetchText } = open();
    const stand = await importStand(store, server, fetchText);
    const source = await stand.addSource('/coupe.ics', icsFixture('commune'));
    // A run that the server's end (kill -9) cut short: the source is still held.
    const since = new Date(IMPORT_NOW.getTime() - 60_000).toISOString();
    await store.imports.claimRun(source.id, since, new Date(IMPORT_NOW.getTime() - 3_600_000).toISOString());
    expect(await logInterruptedRuns(store)).toBe(1);
    expect(await store.imports.runs(source.id, 5)).toMatchObject([
      { ok: false, startedAt: since, errors: [{ message: RUN_INTERRUPTED }] },
    ]);
    await store.imports.releaseRuns(IMPORT_NOW.toISOString());
    expect(await logInterruptedRuns(store)).toBe(0);
  });

  it('avec plusieurs instances, la source d’un import dont l’instance est morte : reprise après le délai, sa ligne au journal', async () => {
    const { store, fetchText } = open();
    const stand = await importStand(store, server, fetchText);
    const source = await stand.addSource('/instance-morte.ics', icsFixture('commune'));
    // Cloud Run stopped the instance in the middle of this run, 40 min before: no start of a sole server releases it.
    const since = new Date(IMPORT_NOW.getTime() - 40 * 60_000).toISOString();
    await store.imports.claimRun(source.id, since, new Date(IMPORT_NOW.getTime() - 3_600_000).toISOString());
    expect(await callSources(`Bearer ${TOKEN}`)).toMatchObject({ body: { summary: '1 source importée, 0 en échec' } });
    expect(await store.imports.runs(source.id, 5)).toMatchObject([
      { ok: true, created: 3 },
      { ok: false, startedAt: since, errors: [{ message: RUN_INTERRUPTED }] },
    ]);
  });
});
