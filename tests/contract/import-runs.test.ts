// The import of a calendar source (issue 21, decisions 044–045) on SQLite and on Firestore, against a local fixture
// server: moderation respected unless trusted, re-imports that write nothing, a change that propagates once,
// cancelled and removed events, likely duplicates flagged, the run log, and a failing source that backs off.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALREADY_RUNNING, FLAG_AFTER_FAILURES, runDueSources, runSource } from '../../app/.server/imports/run-import';
import type { Store } from '../../app/.server/ports';
import { makeEvent, makeVenue } from '../support/factories';
import { type IcsServer, icsFixture, startIcsServer } from '../support/ics-server';
import { type ImportStand, importStand } from '../support/import-stand';
import { BACKENDS } from './backends';

let server: IcsServer;
beforeAll(async () => {
  server = await startIcsServer();
});
afterAll(() => server.close());

const renamedFair = () =>
  icsFixture('commune').replace('Vide-grenier du quartier de Rive', 'Grand vide-grenier de Rive');

describe.each(BACKENDS)('import d’une source iCalendar : $name', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let stand: ImportStand;
  // Each backend its own paths: the fixture server outlives the stores.
  const at = (path: string) => `/${backend.name}${path}`;
  beforeEach(async () => {
    ({ store, dispose } = await backend.open());
    stand = await importStand(store, server);
  });
  afterEach(async () => {
    await dispose();
  });

  it('les nouveaux événements attendent la modération, avec l’organisateur de la source', async () => {
    const source = await stand.addSource(at('/commune.ics'), icsFixture('commune'));
    const run = await runSource(stand.deps(), source.id);
    expect(run).toMatchObject({ ok: true, fetched: 3, created: 3, unchanged: 0, errors: [] });
    const all = await stand.events();
    expect(all.map((e) => e.status)).toEqual(['pending', 'pending', 'pending']);
    expect(all.every((e) => e.organizerName === 'Commune de Nyon' && e.category === 'vie-locale')).toBe(true);
    expect(all.find((e) => e.title.startsWith('Marché'))?.schedule?.kind).toBe('rule');
    expect(await store.events.countAwaitingModeration()).toBe(3);
    expect((await store.notifications.listFor('admin-1', 5))[0].title).toBe('3 événements importés à modérer');
  });

  it('le lieu d’un événement importé : une fiche sûre s’y rattache, une ressemblante est proposée au modérateur, une inconnue devient un lieu proposé', async () => {
    await store.venues.insertMany([
      makeVenue({
        id: 'chateau',
        slug: 'place-du-chateau-nyon',
        name: 'Place du Château',
        locality: 'Nyon',
        canton: 'VD',
        lat: null,
        lng: null,
        status: 'approved',
      }),
      makeVenue({
        id: 'conseil',
        slug: 'salle-du-conseil-nyon',
        name: 'Salle du Conseil',
        locality: 'Nyon',
        canton: 'VD',
        lat: null,
        lng: null,
        status: 'approved',
      }),
    ]);
    const source = await stand.addSource(at('/lieux.ics'), icsFixture('commune'));
    await runSource(stand.deps(), source.id);
    const all = await stand.events();
    const venueOf = async (title: string) =>
      store.venues.findById(all.find((e) => e.title.startsWith(title))?.venueId ?? '');
    expect((await venueOf('Marché'))?.id).toBe('chateau');
    expect(await venueOf('Séance')).toMatchObject({ status: 'pending', suggestedMatchId: 'conseil' });
    expect(await venueOf('Vide-grenier')).toMatchObject({
      name: 'Quai des Alpes',
      status: 'pending',
      suggestedMatchId: null,
    });
    // Read again, unchanged: no second proposal.
    await stand.forgetEtag(source.id);
    await runSource(stand.deps(), source.id);
    expect((await store.venues.list()).length).toBe(4);
  });

  it('réimporter un calendrier inchangé n’écrit rien, et dix réimports ne créent aucun doublon', async () => {
    const source = await stand.addSource(at('/stable.ics'), icsFixture('venue'));
    await runSource(stand.deps(), source.id);
    const writes = stand.countWrites();
    // The server answers 304 to the source's ETag: nothing read.
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ ok: true, notModified: true });
    // Without the ETag (a server that ignores it), the feed is read and found unchanged.
    for (let i = 0; i < 10; i++) {
      await stand.forgetEtag(source.id);
      expect(await runSource(stand.deps(), source.id)).toMatchObject({
        ok: true,
        created: 0,
        updated: 0,
        unchanged: 3,
      });
    }
    expect(writes.n).toBe(0);
    expect(await stand.events()).toHaveLength(3);
    expect(await store.events.countAwaitingModeration()).toBe(3);
  });

  it('un changement se propage une fois ; sur un événement publié, il revient en modération comme révision', async () => {
    const source = await stand.addSource(at('/change.ics'), icsFixture('commune'));
    await runSource(stand.deps(), source.id);
    const fair = (await stand.events()).find((e) => e.title.startsWith('Vide-grenier'))!;
    await store.events.transition({
      seen: fair.updatedAt,
      next: { ...fair, status: 'approved', updatedAt: '2026-12-01T09:30:00.000Z' },
    });
    server.set(at('/change.ics'), renamedFair());
    const writes = stand.countWrites();
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ updated: 1, unchanged: 2 });
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ notModified: true });
    await stand.forgetEtag(source.id);
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ updated: 0, unchanged: 3 });
    expect(writes.n).toBe(1);
    const after = await store.events.findById(fair.id);
    expect(after).toMatchObject({ status: 'approved', title: 'Vide-grenier du quartier de Rive' });
    expect(after?.revision?.title).toBe('Grand vide-grenier de Rive');
  });

  it('une source de confiance publie à l’import et à chaque changement, chaque fois dans le journal de modération', async () => {
    const source = await stand.addSource(at('/confiance.ics'), icsFixture('commune'), true);
    await runSource(stand.deps(), source.id);
    const all = await stand.events();
    expect(all.map((e) => e.status)).toEqual(['approved', 'approved', 'approved']);
    expect(await store.events.countAwaitingModeration()).toBe(0);
    const fair = all.find((e) => e.title.startsWith('Vide-grenier'))!;
    expect(await store.events.moderationHistory(fair.id)).toMatchObject([
      { action: 'publish', adminUid: 'admin-1', reason: 'Source « Commune de Nyon »' },
    ]);
    server.set(at('/confiance.ics'), renamedFair());
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ updated: 1, unchanged: 2 });
    const after = await store.events.findById(fair.id);
    expect(after).toMatchObject({ status: 'approved', title: 'Grand vide-grenier de Rive', revision: null });
    expect((await store.events.moderationHistory(fair.id)).map((e) => e.action)).toEqual(['publish', 'publish']);
  });

  it('STATUS:CANCELLED annule ; un VEVENT disparu du flux retire son événement', async () => {
    const feed = icsFixture('cancelled').replace('STATUS:CANCELLED\n', '');
    const source = await stand.addSource(at('/bulle.ics'), feed);
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ created: 2 });
    const [loto, ball] = ['Grand loto de la fanfare', 'Bal populaire'];
    const lotoEvent = (await stand.events()).find((e) => e.title === loto)!;
    await store.events.transition({
      seen: lotoEvent.updatedAt,
      next: { ...lotoEvent, status: 'approved', updatedAt: '2026-12-01T09:30:00.000Z' },
    });
    // The loto is now cancelled in the feed, the ball is gone from it.
    const withoutBall = icsFixture('cancelled').replace(/BEGIN:VEVENT\nUID:bulle-bal[\s\S]*?END:VEVENT\n/, '');
    server.set(at('/bulle.ics'), withoutBall);
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ cancelled: 1, withdrawn: 1 });
    const byTitle = Object.fromEntries((await stand.events()).map((e) => [e.title, e.status]));
    expect(byTitle).toEqual({ [loto]: 'cancelled', [ball]: 'withdrawn' });
    // Read again unchanged: nothing more happens to either.
    await stand.forgetEtag(source.id);
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ cancelled: 0, withdrawn: 0, unchanged: 1 });
  });

  it('un événement importé supprimé par un admin n’est pas recréé, même si le flux change', async () => {
    const source = await stand.addSource(at('/deleted.ics'), icsFixture('google'));
    await runSource(stand.deps(), source.id);
    const [first] = await stand.events();
    const entry = { adminUid: 'admin-1', action: 'delete' as const, reason: '', createdAt: stand.clock.toISOString() };
    expect(await store.events.remove({ id: first.id, seen: first.updatedAt, entry })).toBe(true);
    server.set(
      at('/deleted.ics'),
      icsFixture('google')
        .replaceAll('SEQUENCE:0', 'SEQUENCE:1')
        .replace('Carnaval', 'Grand carnaval')
        .replace('Concert de', 'Grand concert de'),
    );
    const run = await runSource(stand.deps(), source.id);
    expect(run.errors.map((e) => e.message)).toEqual([
      'L’événement importé a été supprimé par un administrateur\u00a0: il n’est pas recréé.',
    ]);
    expect(await stand.events()).toHaveLength(1);
  });

  it('un doublon probable d’un événement publié est signalé au modérateur, pas importé', async () => {
    await store.events.insertMany([
      makeEvent({
        id: 'deja',
        title: 'Bal populaire de Bulle',
        // The same place as the feed's (« Salle des fêtes, 1630 Bulle »): the same event.
        venueName: 'Salle des fêtes',
        city: 'Bulle',
        status: 'approved',
        startsAt: '2027-03-12T21:00:00+01:00',
        endsAt: '2027-03-12T23:00:00+01:00',
      }),
    ]);
    const source = await stand.addSource(at('/dup.ics'), icsFixture('cancelled'));
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ created: 0, duplicates: 1 });
    expect(await stand.events()).toEqual([]);
    const [note] = await store.notifications.listFor('admin-1', 5);
    expect(note).toMatchObject({ title: 'Doublon probable à l’import', data: { eventId: 'deja' } });
    await stand.forgetEtag(source.id);
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ created: 0, duplicates: 0, unchanged: 2 });
    expect(await store.notifications.listFor('admin-1', 5)).toHaveLength(1);
  });

  it('la même source ajoutée une seconde fois n’importe rien de plus : les événements en attente comptent comme doublons', async () => {
    const first = await stand.addSource(at('/deux-fois.ics'), icsFixture('commune'));
    expect(await runSource(stand.deps(), first.id)).toMatchObject({ created: 3 });
    expect((await stand.events()).map((e) => e.status)).toEqual(['pending', 'pending', 'pending']);
    // The same calendar added again (a second source, or the same one after a move that lost its links).
    const again = await stand.addSource(at('/deux-fois-encore.ics'), icsFixture('commune'));
    expect(await runSource(stand.deps(), again.id)).toMatchObject({ created: 0, duplicates: 3 });
    expect(await stand.events()).toHaveLength(3);
  });

  it('le journal garde chaque passage ; une source en échec est signalée et espacée, jamais relancée en boucle', async () => {
    const source = await stand.addSource(at('/broken.ics'), icsFixture('invalid'));
    const delays: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const run = await runSource(stand.deps(), source.id);
      expect(run.ok).toBe(false);
      expect(run.errors[0].message).toContain('n’est pas un calendrier');
      const stored = (await store.imports.findSource(source.id))!;
      expect(stored.consecutiveFailures).toBe(i);
      expect(stored.state).toBe(i >= FLAG_AFTER_FAILURES ? 'failing' : 'new');
      delays.push((Date.parse(stored.nextRunAt) - stand.clock.getTime()) / 60_000);
    }
    expect(delays).toEqual([60, 120, 240, 480]);
    // The scheduler does not run it before its time.
    expect(await runDueSources(stand.deps())).toBe('0 source importée, 0 en échec');
    server.set(at('/broken.ics'), 404);
    stand.clock = new Date(Date.parse((await store.imports.findSource(source.id))!.nextRunAt));
    expect(await runDueSources(stand.deps())).toBe('1 source importée, 1 en échec');
    const runs = await store.imports.runs(source.id, 50);
    expect(runs).toHaveLength(5);
    expect(runs[0].errors[0].message).toBe('Le site a répondu HTTP 404 (page introuvable).');
    // Repaired at the source: the next due run succeeds, and the source is no longer flagged.
    server.set(at('/broken.ics'), icsFixture('venue'));
    stand.clock = new Date(Date.parse((await store.imports.findSource(source.id))!.nextRunAt));
    expect(await runDueSources(stand.deps())).toBe('1 source importée, 0 en échec');
    expect(await store.imports.findSource(source.id)).toMatchObject({
      state: 'ok',
      consecutiveFailures: 0,
      lastError: '',
    });
    expect((await store.imports.runs(source.id, 50)).map((r) => r.ok)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('un passage interrompu avant d’enregistrer son lien ne fait pas de l’événement publié un doublon de lui-même', async () => {
    const source = await stand.addSource(at('/interrompu.ics'), icsFixture('commune'), true);
    // The first run stops between the creation of one event and the link to it (a restarted instance).
    const { saveLink } = store.imports;
    let failed = false;
    store.imports.saveLink = (link) => {
      if (failed) return saveLink.call(store.imports, link);
      failed = true;
      return Promise.reject(new Error('Instance arrêtée.'));
    };
    const interrupted = await runSource(stand.deps(), source.id);
    expect(interrupted).toMatchObject({ created: 2, errors: [{ message: 'Instance arrêtée.' }] });
    store.imports.saveLink = saveLink;
    expect(await stand.events()).toHaveLength(3);
    await stand.forgetEtag(source.id);
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ created: 0, duplicates: 0, unchanged: 3 });
    expect((await store.notifications.listFor('admin-1', 5)).map((n) => n.title)).not.toContain(
      'Doublon probable à l’import',
    );
    // The link is whole again: a change in the feed reaches every event.
    server.set(at('/interrompu.ics'), renamedFair());
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ updated: 1, unchanged: 2, errors: [] });
    expect((await stand.events()).map((e) => e.title)).toContain('Grand vide-grenier de Rive');
    expect(await stand.events()).toHaveLength(3);
  });

  it('deux instances qui importent la même source de confiance en même temps : une seule la lit, chaque événement créé une fois', async () => {
    const source = await stand.addSource(at('/deux-instances.ics'), icsFixture('commune'), true);
    // A second copy of the use case, as another instance (or the jobs' worker) would have.
    vi.resetModules();
    const other = await import('../../app/.server/imports/run-import');
    const runs = await Promise.allSettled([
      runSource(stand.deps(), source.id),
      other.runSource(stand.deps(), source.id),
    ]);
    // The source is taken in the store: the second run is refused, whichever instance it is on.
    const done = runs.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = runs.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ ok: true, created: 3, duplicates: 0, errors: [] });
    expect(refused).toMatchObject([{ message: ALREADY_RUNNING, status: 409 }]);
    expect(server.hits.get(at('/deux-instances.ics'))).toBe(1);
    const events = await stand.events();
    expect(events.map((e) => e.status)).toEqual(['approved', 'approved', 'approved']);
    const links = await store.imports.links(source.id);
    expect(links.map((l) => l.duplicateOf)).toEqual([null, null, null]);
    expect(new Set(links.map((l) => l.eventId))).toEqual(new Set(events.map((e) => e.id)));
    // Released: the next run takes it.
    expect(await store.imports.findSource(source.id)).toMatchObject({ runningSince: null });
    await stand.forgetEtag(source.id);
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ ok: true, unchanged: 3 });
  });

  it('un VEVENT illisible est une erreur du passage avec son UID et sa ligne ; les autres sont importés', async () => {
    const feed = icsFixture('cancelled').replace('STATUS:CANCELLED\n', '').replace('SUMMARY:Bal populaire\n', '');
    const source = await stand.addSource(at('/partial.ics'), feed);
    const run = await runSource(stand.deps(), source.id);
    expect(run).toMatchObject({ ok: true, fetched: 2, created: 1 });
    expect(run.errors).toEqual([
      { uid: 'bulle-bal-2027@salle-bulle.ch', line: 13, message: 'Titre (SUMMARY) absent ou trop court.' },
    ]);
    expect((await store.imports.runs(source.id, 5))[0]).toMatchObject({ ok: true, created: 1, errors: run.errors });
  });
});
