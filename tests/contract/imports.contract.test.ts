// The contract of the calendar sources' store (app/.server/imports/ports.ts), on SQLite and on Firestore.
import { describe, expect, it } from 'vitest';
import type { ImportRun, ImportSource } from '../../app/.server/imports/ports';
import { BACKENDS, storeForEachTest } from './backends';

const source = (id: string, overrides: Partial<ImportSource> = {}): ImportSource => ({
  id,
  name: `Source ${id}`,
  url: `https://example.ch/${id}.ics`,
  category: 'concert',
  canton: 'VD',
  organizerName: 'Commune de Nyon',
  trusted: false,
  intervalMinutes: 60,
  createdBy: 'admin-1',
  createdAt: '2030-03-01T10:00:00.000Z',
  updatedAt: '2030-03-01T10:00:00.000Z',
  state: 'new',
  consecutiveFailures: 0,
  lastRunAt: null,
  nextRunAt: '2030-03-01T10:00:00.000Z',
  lastError: '',
  etag: null,
  lastModified: null,
  ...overrides,
});

const run = (id: string, sourceId: string, startedAt: string): ImportRun => ({
  id,
  sourceId,
  startedAt,
  ok: true,
  notModified: false,
  fetched: 3,
  created: 1,
  updated: 0,
  unchanged: 2,
  cancelled: 0,
  withdrawn: 0,
  duplicates: 0,
  errors: [{ uid: 'x@y', line: 12, message: 'Titre (SUMMARY) absent ou trop court.' }],
});

describe.each(BACKENDS)('contrat des sources de calendriers : $name', (backend) => {
  const store = storeForEachTest(backend);

  it('enregistre, relit, remplace et liste les sources par nom ; les sources dues d’abord les plus anciennes', async () => {
    await store.imports.saveSource(source('b', { name: 'Théâtre du Passage', nextRunAt: '2030-03-01T12:00:00.000Z' }));
    await store.imports.saveSource(source('a', { name: 'commune de Nyon', nextRunAt: '2030-03-01T09:00:00.000Z' }));
    await store.imports.saveSource(source('c', { name: 'Arsenic', nextRunAt: '2030-03-02T09:00:00.000Z' }));
    expect((await store.imports.listSources()).map((s) => s.id)).toEqual(['c', 'a', 'b']);
    expect((await store.imports.listDue('2030-03-01T12:00:00.000Z')).map((s) => s.id)).toEqual(['a', 'b']);
    await store.imports.saveSource(source('a', { state: 'failing', consecutiveFailures: 3, etag: '"v2"' }));
    expect(await store.imports.findSource('a')).toEqual(
      source('a', { state: 'failing', consecutiveFailures: 3, etag: '"v2"' }),
    );
    expect(await store.imports.findSource('nope')).toBeNull();
  });

  it('le lien (source, UID) → événement est unique et remplacé', async () => {
    await store.imports.saveSource(source('a'));
    const link = {
      sourceId: 'a',
      uid: 'x/1@y',
      eventId: 'e1',
      duplicateOf: null,
      fingerprint: 'f1',
      cancelled: false,
      gone: false,
    };
    await store.imports.saveLink(link);
    await store.imports.saveLink({ ...link, fingerprint: 'f2' });
    await store.imports.saveLink({ ...link, uid: 'x/2@y', eventId: null, duplicateOf: 'e9' });
    expect(await store.imports.links('a')).toEqual([
      { ...link, fingerprint: 'f2' },
      { ...link, uid: 'x/2@y', eventId: null, duplicateOf: 'e9' },
    ]);
  });

  it('le journal garde les N derniers passages de chaque source, du plus récent au plus ancien', async () => {
    await store.imports.saveSource(source('a'));
    await store.imports.saveSource(source('b'));
    for (let i = 1; i <= 4; i++) await store.imports.addRun(run(`a${i}`, 'a', `2030-03-01T1${i}:00:00.000Z`), 3);
    await store.imports.addRun(run('b1', 'b', '2030-03-01T10:00:00.000Z'), 3);
    expect((await store.imports.runs('a', 10)).map((r) => r.id)).toEqual(['a4', 'a3', 'a2']);
    expect(await store.imports.runs('b', 10)).toEqual([run('b1', 'b', '2030-03-01T10:00:00.000Z')]);
  });

  it('des passages commencés au même instant restent dans l’ordre où ils ont été journalisés', async () => {
    await store.imports.saveSource(source('a'));
    // A job replayed with the same `?maintenant=` starts its runs at the same instant.
    for (const id of ['z1', 'm2', 'a3']) await store.imports.addRun(run(id, 'a', '2030-03-01T10:00:00.000Z'), 2);
    expect((await store.imports.runs('a', 10)).map((r) => r.id)).toEqual(['a3', 'm2']);
    expect(await store.imports.runs('a', 1)).toEqual([run('a3', 'a', '2030-03-01T10:00:00.000Z')]);
  });

  it('supprimer une source emporte ses liens et son journal', async () => {
    await store.imports.saveSource(source('a'));
    await store.imports.saveLink({
      sourceId: 'a',
      uid: 'u',
      eventId: 'e',
      duplicateOf: null,
      fingerprint: 'f',
      cancelled: false,
      gone: false,
    });
    await store.imports.addRun(run('r', 'a', '2030-03-01T10:00:00.000Z'), 5);
    expect(await store.imports.deleteSource('a')).toBe(true);
    expect(await store.imports.deleteSource('a')).toBe(false);
    expect(await store.imports.findSource('a')).toBeNull();
    expect(await store.imports.links('a')).toEqual([]);
    expect(await store.imports.runs('a', 5)).toEqual([]);
  });

  it('« Importer maintenant » : la demande rend la source due, un passage la prend seul, la rend avec son résultat', async () => {
    await store.imports.saveSource(source('a', { nextRunAt: '2030-03-01T11:00:00.000Z' }));
    expect(await store.imports.requestRun('absente', '2030-03-01T10:00:00.000Z')).toBeNull();
    expect(await store.imports.requestRun('a', '2030-03-01T10:05:00.000Z')).toMatchObject({
      runRequestedAt: '2030-03-01T10:05:00.000Z',
      nextRunAt: '2030-03-01T10:05:00.000Z',
    });
    // Asked again while it waits: the first request's time stays.
    await store.imports.requestRun('a', '2030-03-01T10:06:00.000Z');
    expect((await store.imports.listDue('2030-03-01T10:05:00.000Z')).map((s) => s.id)).toEqual(['a']);
    expect(await store.imports.findSource('a')).toMatchObject({ runRequestedAt: '2030-03-01T10:05:00.000Z' });

    const stale = '2030-03-01T09:40:00.000Z';
    const taken = await store.imports.claimRun('a', '2030-03-01T10:10:00.000Z', stale);
    expect(taken).toMatchObject({ runningSince: '2030-03-01T10:10:00.000Z', runRequestedAt: null });
    // Held: no second run, in this process or another.
    expect(await store.imports.claimRun('a', '2030-03-01T10:11:00.000Z', stale)).toBeNull();
    // Asked for while it runs: due again as soon as it is given back.
    await store.imports.requestRun('a', '2030-03-01T10:12:00.000Z');
    const outcome = {
      state: 'ok' as const,
      consecutiveFailures: 0,
      lastRunAt: '2030-03-01T10:10:00.000Z',
      nextRunAt: '2030-03-01T11:10:00.000Z',
      lastError: '',
      etag: '"v3"',
      lastModified: null,
    };
    // An admin renamed it during the run: the run's outcome does not undo that.
    await store.imports.saveSource({ ...((await store.imports.findSource('a')) as ImportSource), name: 'Renommée' });
    expect(await store.imports.finishRun('a', outcome)).toBe(true);
    expect(await store.imports.findSource('a')).toMatchObject({
      ...outcome,
      name: 'Renommée',
      runningSince: null,
      runRequestedAt: '2030-03-01T10:12:00.000Z',
      nextRunAt: '2030-03-01T10:12:00.000Z',
    });
    expect(await store.imports.finishRun('absente', outcome)).toBe(false);
  });

  it('un passage dont le processus est mort ne garde pas la source au-delà du délai', async () => {
    await store.imports.saveSource(source('a'));
    expect(await store.imports.claimRun('a', '2030-03-01T10:00:00.000Z', '2030-03-01T09:30:00.000Z')).toMatchObject({
      interruptedRunSince: null,
    });
    expect(await store.imports.claimRun('a', '2030-03-01T10:20:00.000Z', '2030-03-01T09:50:00.000Z')).toBeNull();
    // The run that takes it says whose it took: that one's line goes to the run log.
    expect(await store.imports.claimRun('a', '2030-03-01T10:40:00.000Z', '2030-03-01T10:10:00.000Z')).toMatchObject({
      runningSince: '2030-03-01T10:40:00.000Z',
      interruptedRunSince: '2030-03-01T10:00:00.000Z',
    });
    // Nothing of it is stored on the source.
    expect(await store.imports.findSource('a')).not.toHaveProperty('interruptedRunSince');
  });
  it('au démarrage du seul serveur, un passage d’un serveur arrêté rend sa source, due à l’instant', async () => {
    await store.imports.saveSource(source('tenue', { nextRunAt: '2030-03-01T09:00:00.000Z' }));
    await store.imports.saveSource(source('libre', { nextRunAt: '2030-03-01T12:00:00.000Z' }));
    await store.imports.claimRun('tenue', '2030-03-01T10:00:00.000Z', '2030-03-01T09:30:00.000Z');
    const restart = '2030-03-01T10:05:00.000Z';
    expect(await store.imports.releaseRuns(restart)).toBe(1);
    expect(await store.imports.findSource('tenue')).toMatchObject({
      runningSince: null,
      nextRunAt: '2030-03-01T09:00:00.000Z',
    });
    const untouched = await store.imports.findSource('libre');
    expect([untouched?.runningSince ?? null, untouched?.nextRunAt]).toEqual([null, '2030-03-01T12:00:00.000Z']);
    // Well within RUN_STALE_MINUTES of the dead run's start, a new run takes it.
    expect((await store.imports.listDue(restart)).map((s) => s.id)).toEqual(['tenue']);
    expect(await store.imports.claimRun('tenue', restart, '2030-03-01T09:35:00.000Z')).toMatchObject({
      runningSince: restart,
    });
    expect(await store.imports.releaseRuns(restart)).toBe(1);
    expect(await store.imports.releaseRuns(restart)).toBe(0);
  });
});
