// The import of a source against a local fixture server: moderation respected, re-imports that write nothing, a change
// that propagates once, cancelled and removed events, likely duplicates flagged, the run log, and a failing source
// that backs off.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeEvent } from '../../../tests/support/factories';
import { type IcsServer, icsFixture, startIcsServer } from '../../../tests/support/ics-server';
import { memoryStore } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { createSafeFetch } from '../platform/safe-fetch';
import type { Store, UserProfile } from '../ports';
import { createSource } from './admin-sources';
import { FLAG_AFTER_FAILURES, runDueSources, runSource } from './run-import';

const NOW = new Date('2026-12-01T09:00:00Z');
let server: IcsServer;
let store: Store;
let admin: UserProfile;
let clock: Date;
// The site's own safe fetcher, allowed to reach this machine as the tests' setting does.
const fetchText = createSafeFetch({ allowLoopback: true });
const deps = () => ({ store, fetchText, now: () => clock });

beforeAll(async () => {
  server = await startIcsServer();
});
afterAll(() => server.close());

beforeEach(async () => {
  ({ store } = memoryStore());
  clock = NOW;
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  admin = await store.users.upsert({
    uid: 'admin-1',
    email: 'admin@exemple.ch',
    displayName: 'Admin',
    role: 'admin',
    passwordHash: null,
    emailVerified: true,
    now: NOW.toISOString(),
  });
});

async function addSource(path: string, body: string | number, trusted = false) {
  server.set(path, body);
  const input = { name: 'Commune de Nyon', url: server.url(path), category: 'vie-locale', canton: 'VD' as const };
  return createSource(deps(), admin, {
    ...input,
    organizerName: 'Commune de Nyon',
    intervalMinutes: '60',
    ...(trusted ? { trusted: 'on' } : {}),
  });
}

/** Counts the event writes (creations and lifecycle steps) from now on. */
function countWrites() {
  const counter = { n: 0 };
  const { createSubmission, transition } = store.events;
  store.events.createSubmission = (input) => {
    counter.n++;
    return createSubmission.call(store.events, input);
  };
  store.events.transition = (input) => {
    counter.n++;
    return transition.call(store.events, input);
  };
  return counter;
}

const events = () => store.events.listByOwner('admin-1');

describe('import d’une source iCalendar', () => {
  it('les nouveaux événements attendent la modération, avec l’organisateur de la source', async () => {
    const source = await addSource('/commune.ics', icsFixture('commune'));
    const run = await runSource(deps(), source.id);
    expect(run).toMatchObject({ ok: true, fetched: 3, created: 3, unchanged: 0, errors: [] });
    const all = await events();
    expect(all.map((e) => e.status)).toEqual(['pending', 'pending', 'pending']);
    expect(all.every((e) => e.organizerName === 'Commune de Nyon' && e.category === 'vie-locale')).toBe(true);
    expect(all.find((e) => e.title.startsWith('Marché'))?.schedule?.kind).toBe('rule');
    expect(await store.events.countAwaitingModeration()).toBe(3);
    expect((await store.notifications.listFor('admin-1', 5))[0].title).toBe('3 événements importés à modérer');
  });

  it('réimporter un calendrier inchangé n’écrit rien, et dix réimports ne créent aucun doublon', async () => {
    const source = await addSource('/stable.ics', icsFixture('venue'));
    await runSource(deps(), source.id);
    const writes = countWrites();
    // The server answers 304 to the source's ETag: nothing read.
    expect(await runSource(deps(), source.id)).toMatchObject({ ok: true, notModified: true });
    // Without the ETag (a server that ignores it), the feed is read and found unchanged.
    for (let i = 0; i < 10; i++) {
      await store.imports.saveSource({ ...(await store.imports.findSource(source.id))!, etag: null });
      expect(await runSource(deps(), source.id)).toMatchObject({ ok: true, created: 0, updated: 0, unchanged: 3 });
    }
    expect(writes.n).toBe(0);
    expect(await events()).toHaveLength(3);
  });

  it('un changement se propage une fois ; sur un événement publié, il revient en modération comme révision', async () => {
    const source = await addSource('/change.ics', icsFixture('commune'));
    await runSource(deps(), source.id);
    const fair = (await events()).find((e) => e.title.startsWith('Vide-grenier'))!;
    await store.events.transition({
      seen: fair.updatedAt,
      next: { ...fair, status: 'approved', updatedAt: '2026-12-01T09:30:00.000Z' },
    });
    server.set(
      '/change.ics',
      icsFixture('commune').replace('Vide-grenier du quartier de Rive', 'Grand vide-grenier de Rive'),
    );
    const writes = countWrites();
    expect(await runSource(deps(), source.id)).toMatchObject({ updated: 1, unchanged: 2 });
    expect(await runSource(deps(), source.id)).toMatchObject({ notModified: true });
    await store.imports.saveSource({ ...(await store.imports.findSource(source.id))!, etag: null });
    expect(await runSource(deps(), source.id)).toMatchObject({ updated: 0, unchanged: 3 });
    expect(writes.n).toBe(1);
    const after = await store.events.findById(fair.id);
    expect(after).toMatchObject({ status: 'approved', title: 'Vide-grenier du quartier de Rive' });
    expect(after?.revision?.title).toBe('Grand vide-grenier de Rive');
  });

  it('une source de confiance publie à l’import et à chaque changement, chaque fois dans le journal de modération', async () => {
    const source = await addSource('/confiance.ics', icsFixture('commune'), true);
    await runSource(deps(), source.id);
    const all = await events();
    expect(all.map((e) => e.status)).toEqual(['approved', 'approved', 'approved']);
    expect(await store.events.countAwaitingModeration()).toBe(0);
    const fair = all.find((e) => e.title.startsWith('Vide-grenier'))!;
    expect(await store.events.moderationHistory(fair.id)).toMatchObject([
      { action: 'publish', adminUid: 'admin-1', reason: 'Source « Commune de Nyon »' },
    ]);
    server.set(
      '/confiance.ics',
      icsFixture('commune').replace('Vide-grenier du quartier de Rive', 'Grand vide-grenier de Rive'),
    );
    expect(await runSource(deps(), source.id)).toMatchObject({ updated: 1, unchanged: 2 });
    const after = await store.events.findById(fair.id);
    expect(after).toMatchObject({ status: 'approved', title: 'Grand vide-grenier de Rive', revision: null });
    expect((await store.events.moderationHistory(fair.id)).map((e) => e.action)).toEqual(['publish', 'publish']);
  });

  it('STATUS:CANCELLED annule ; un VEVENT disparu du flux retire son événement', async () => {
    const feed = icsFixture('cancelled').replace('STATUS:CANCELLED\n', '');
    const source = await addSource('/bulle.ics', feed);
    expect(await runSource(deps(), source.id)).toMatchObject({ created: 2 });
    const [loto, ball] = ['Grand loto de la fanfare', 'Bal populaire'].map((t) => t);
    const lotoEvent = (await events()).find((e) => e.title === loto)!;
    await store.events.transition({
      seen: lotoEvent.updatedAt,
      next: { ...lotoEvent, status: 'approved', updatedAt: '2026-12-01T09:30:00.000Z' },
    });
    // The loto is now cancelled in the feed, the ball is gone from it.
    const withoutBall = icsFixture('cancelled').replace(/BEGIN:VEVENT\nUID:bulle-bal[\s\S]*?END:VEVENT\n/, '');
    server.set('/bulle.ics', withoutBall);
    expect(await runSource(deps(), source.id)).toMatchObject({ cancelled: 1, withdrawn: 1 });
    const byTitle = Object.fromEntries((await events()).map((e) => [e.title, e.status]));
    expect(byTitle).toEqual({ [loto]: 'cancelled', [ball]: 'withdrawn' });
  });

  it('un événement importé supprimé par un admin n’est pas recréé, même si le flux change', async () => {
    const source = await addSource('/deleted.ics', icsFixture('google'));
    await runSource(deps(), source.id);
    const [first] = await events();
    const entry = { adminUid: 'admin-1', action: 'delete' as const, reason: '', createdAt: NOW.toISOString() };
    expect(await store.events.remove({ id: first.id, seen: first.updatedAt, entry })).toBe(true);
    server.set(
      '/deleted.ics',
      icsFixture('google')
        .replaceAll('SEQUENCE:0', 'SEQUENCE:1')
        .replace('Carnaval', 'Grand carnaval')
        .replace('Concert de', 'Grand concert de'),
    );
    const run = await runSource(deps(), source.id);
    expect(run.errors.map((e) => e.message)).toEqual([
      'L’événement importé a été supprimé par un administrateur\u00a0: il n’est pas recréé.',
    ]);
    expect(await events()).toHaveLength(1);
  });

  it('un doublon probable d’un événement publié est signalé au modérateur, pas importé', async () => {
    await store.events.insertMany([
      makeEvent({
        id: 'deja',
        title: 'Bal populaire de Bulle',
        city: 'Bulle',
        status: 'approved',
        startsAt: '2027-03-12T21:00:00+01:00',
        endsAt: '2027-03-12T23:00:00+01:00',
      }),
    ]);
    const source = await addSource('/dup.ics', icsFixture('cancelled'));
    expect(await runSource(deps(), source.id)).toMatchObject({ created: 0, duplicates: 1 });
    expect(await events()).toEqual([]);
    const [note] = await store.notifications.listFor('admin-1', 5);
    expect(note).toMatchObject({ title: 'Doublon probable à l’import', data: { eventId: 'deja' } });
    await store.imports.saveSource({ ...(await store.imports.findSource(source.id))!, etag: null });
    expect(await runSource(deps(), source.id)).toMatchObject({ created: 0, duplicates: 0, unchanged: 2 });
  });

  it('le journal garde chaque passage ; une source en échec est signalée et espacée, jamais relancée en boucle', async () => {
    const source = await addSource('/broken.ics', icsFixture('invalid'));
    const delays: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const run = await runSource(deps(), source.id);
      expect(run.ok).toBe(false);
      expect(run.errors[0].message).toContain('n’est pas un calendrier');
      const stored = (await store.imports.findSource(source.id))!;
      expect(stored.consecutiveFailures).toBe(i);
      expect(stored.state).toBe(i >= FLAG_AFTER_FAILURES ? 'failing' : 'new');
      delays.push((Date.parse(stored.nextRunAt) - clock.getTime()) / 60_000);
    }
    expect(delays).toEqual([60, 120, 240, 480]);
    // The scheduler does not run it before its time.
    expect(await runDueSources(deps())).toBe('0 source importée, 0 en échec');
    server.set('/broken.ics', 404);
    clock = new Date(Date.parse((await store.imports.findSource(source.id))!.nextRunAt));
    expect(await runDueSources(deps())).toBe('1 source importée, 1 en échec');
    const runs = await store.imports.runs(source.id, 50);
    expect(runs).toHaveLength(5);
    expect(runs[0].errors[0].message).toBe('Le site a répondu HTTP 404 (page introuvable).');
  });

  it('un VEVENT illisible est une erreur du passage avec son UID et sa ligne ; les autres sont importés', async () => {
    const feed = icsFixture('cancelled').replace('STATUS:CANCELLED\n', '').replace('SUMMARY:Bal populaire\n', '');
    const source = await addSource('/partial.ics', feed);
    const run = await runSource(deps(), source.id);
    expect(run).toMatchObject({ ok: true, fetched: 2, created: 1 });
    expect(run.errors).toEqual([
      { uid: 'bulle-bal-2027@salle-bulle.ch', line: 13, message: 'Titre (SUMMARY) absent ou trop court.' },
    ]);
  });
});
