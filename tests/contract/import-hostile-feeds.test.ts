// Hostile feeds through a source run (issue 21), on SQLite and on Firestore: a 10 MB body, an endless redirect, a
// redirect to this machine, HTML instead of a calendar, a calendar cut short. Each time the admin finds the run
// logged as failed with one French sentence (and the line, when there is one), the source's failure counter up, and
// the events imported before untouched.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runSource } from '../../app/.server/imports/run-import';
import { isPublicAddress } from '../../app/.server/platform/public-address';
import { createSafeFetchWithPolicy } from '../../app/.server/platform/safe-fetch';
import type { Store } from '../../app/.server/ports';
import { type HostileAnswer, type IcsServer, icsFeed, icsFixture, startIcsServer } from '../support/ics-server';
import { type ImportStand, importStand } from '../support/import-stand';
import { BACKENDS } from './backends';

/** A second loopback address that plays a public site: the only one the real policy is told to accept. */
const OUTSIDE_HOST = '127.0.0.2';
let server: IcsServer;
let outside: IcsServer;
beforeAll(async () => {
  [server, outside] = await Promise.all([startIcsServer(), startIcsServer(0, OUTSIDE_HOST)]);
});
afterAll(() => Promise.all([server.close(), outside.close()]));

const NOT_CLOSED =
  'Ce calendrier est incomplet ou mal formé\u00a0: BEGIN:VEVENT (ligne 19) n’est jamais fermé par END:VEVENT. ' +
  'Rien n’a été importé.';

const HOSTILE: {
  name: string;
  slug: string;
  answer: (path: string) => HostileAnswer | string;
  message: string;
  line?: number;
}[] = [
  {
    name: 'un corps de 10 Mo',
    slug: 'gros',
    answer: () => ({ bytes: 10 * 1024 * 1024 }),
    message: 'Document trop volumineux\u00a0: plus de 5\u00a0Mo.',
  },
  {
    name: 'une redirection sans fin',
    slug: 'boucle',
    answer: (path) => ({ redirect: path }),
    message: 'Trop de redirections (plus de 3).',
  },
  {
    name: 'une page HTML (text/html)',
    slug: 'page',
    answer: () => ({ html: '<!DOCTYPE html><html><body><h1>Agenda</h1></body></html>' }),
    message: 'Type de contenu inattendu (text/html)\u00a0: un calendrier ICS (text/calendar) est attendu.',
  },
  {
    name: 'un calendrier coupé (un VEVENT jamais fermé, un autre à la date illisible)',
    slug: 'coupe',
    answer: () => icsFixture('broken'),
    message: NOT_CLOSED,
    line: 19,
  },
];

describe.each(BACKENDS)('flux hostiles lus par une source : $name', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let stand: ImportStand;
  const at = (path: string) => `/hostile-${backend.name}${path}`;
  beforeEach(async () => {
    ({ store, dispose } = await backend.open());
    stand = await importStand(store, server);
  });
  afterEach(async () => {
    await dispose();
  });

  /** What the admin finds after the failed run: the run logged as failed, the source counting its failures. */
  async function expectFailedRun(sourceId: string, message: string, line = 0) {
    const [last] = await store.imports.runs(sourceId, 5);
    expect(last).toMatchObject({
      ok: false,
      created: 0,
      updated: 0,
      withdrawn: 0,
      errors: [{ uid: '', line, message }],
    });
    expect(await store.imports.findSource(sourceId)).toMatchObject({ consecutiveFailures: 1, lastError: message });
  }

  it.each(HOSTILE)('$name : passage en échec, rien d’écrit, échec compté', async ({ slug, answer, message, line }) => {
    const path = at(`/${slug}.ics`);
    const source = await stand.addSource(path, icsFixture('commune'));
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ ok: true, created: 3 });
    const before = await stand.events();
    server.set(path, answer(path));
    server.hits.set(path, 0);
    const writes = stand.countWrites();
    const run = await runSource(stand.deps(), source.id);
    expect(run).toMatchObject({ ok: false, errors: [{ message }] });
    await expectFailedRun(source.id, message, line);
    expect(writes.n).toBe(0);
    expect(await stand.events()).toEqual(before);
    // A refused redirect is followed three times, not forever.
    expect(server.hits.get(path)).toBe(message.startsWith('Trop de redirections') ? 4 : 1);
  });

  it('une redirection vers 127.0.0.1 est refusée par la règle des adresses publiques, sans jamais y aller', async () => {
    const publicOnly = createSafeFetchWithPolicy({ allowed: (a) => isPublicAddress(a) || a === OUTSIDE_HOST });
    const site = await importStand(store, outside, publicOnly);
    server.set(at('/interne.ics'), icsFixture('cancelled'));
    const source = await site.addSource(at('/agenda.ics'), { redirect: server.url(at('/interne.ics')) });
    const run = await runSource(site.deps(), source.id);
    const message =
      'Cette adresse n’est pas publique\u00a0: seuls les sites accessibles sur Internet peuvent être lus.';
    expect(run).toMatchObject({ ok: false, errors: [{ message }] });
    await expectFailedRun(source.id, message);
    expect(outside.hits.get(at('/agenda.ics'))).toBe(1);
    expect(server.hits.get(at('/interne.ics'))).toBeUndefined();
    expect(await site.events()).toEqual([]);
  });

  it('un VEVENT à la date illisible est une erreur du passage avec sa ligne, l’événement valable à côté est importé', async () => {
    // broken.ics without its last, unclosed VEVENT: node-ical reads the rest.
    const readable = icsFixture('broken').replace(/BEGIN:VEVENT\nUID:bulle-coupe[\s\S]*(?=END:VCALENDAR)/, '');
    const source = await stand.addSource(at('/date.ics'), readable);
    const run = await runSource(stand.deps(), source.id);
    expect(run).toMatchObject({ ok: true, fetched: 2, created: 1 });
    expect(run.errors).toEqual([
      { uid: 'bulle-date-2027@salle-bulle.ch', line: 13, message: 'Date de début (DTSTART) absente ou illisible.' },
    ]);
    expect((await stand.events()).map((e) => [e.title, e.status])).toEqual([['Concert de printemps', 'pending']]);
    expect((await store.imports.runs(source.id, 5))[0]).toMatchObject({ ok: true, errors: run.errors });
  });

  const TOWNS = ['Nyon', 'Morges', 'Rolle', 'Gland', 'Coppet', 'Prangins', 'Begnins', 'Trélex', 'Genolier', 'Arzier'];
  /** Twelve events of different kinds, from January to December 2027, listed in the feed from the latest. */
  const twelve = () =>
    icsFeed(
      Array.from({ length: 12 }, (_, k) => ({
        uid: `limite-${String(12 - k).padStart(2, '0')}@nyon.ch`,
        summary: `${['Concert', 'Marché', 'Conférence', 'Bal'][k % 4]} de ${TOWNS[k % TOWNS.length]} n° ${12 - k}`,
        start: `2027${String(12 - k).padStart(2, '0')}10T190000`,
      })),
    );

  it('un calendrier au-delà de la limite d’événements : les plus proches importés, les autres nommés au journal, rien retiré', async () => {
    const source = await stand.addSource(at('/limite.ics'), twelve());
    const run = await runSource(
      { ...stand.deps(), config: { IMPORT_MAX_EVENTS: 5, IMPORT_MAX_DATES: 100 } },
      source.id,
    );
    expect(run).toMatchObject({ ok: true, fetched: 12, created: 5, errors: [] });
    expect(run.limits).toEqual({
      maxEvents: 5,
      maxDates: 100,
      eventsOver: 7,
      eventsOverUids: [
        'limite-06@nyon.ch',
        'limite-07@nyon.ch',
        'limite-08@nyon.ch',
        'limite-09@nyon.ch',
        'limite-10@nyon.ch',
        'limite-11@nyon.ch',
        'limite-12@nyon.ch',
      ],
      seriesCut: 0,
      seriesCutUids: [],
    });
    expect((await stand.events()).map((e) => e.startsAt.slice(0, 7)).sort()).toEqual([
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
    ]);
    expect((await store.imports.runs(source.id, 1))[0].limits).toEqual(run.limits);
    // A tighter limit later: what it no longer reads is still in the feed, so nothing imported before is withdrawn.
    await stand.forgetEtag(source.id);
    const tighter = await runSource(
      { ...stand.deps(), config: { IMPORT_MAX_EVENTS: 2, IMPORT_MAX_DATES: 100 } },
      source.id,
    );
    expect(tighter).toMatchObject({ ok: true, created: 0, unchanged: 2, withdrawn: 0 });
    expect((await stand.events()).map((e) => e.status)).toEqual(Array(5).fill('pending'));
  });

  it('une série quotidienne sans fin : ses premières dates seulement, dans la limite, la série nommée au journal', async () => {
    const feed = icsFeed([
      { uid: 'quotidien@nyon.ch', summary: 'Exposition au château', start: '20270105T100000', rrule: 'FREQ=DAILY' },
      { uid: 'hebdo@nyon.ch', summary: 'Marché du samedi', start: '20270102T080000', rrule: 'FREQ=WEEKLY;COUNT=40' },
    ]);
    const source = await stand.addSource(at('/series.ics'), feed);
    const run = await runSource(
      { ...stand.deps(), config: { IMPORT_MAX_EVENTS: 500, IMPORT_MAX_DATES: 10 } },
      source.id,
    );
    expect(run).toMatchObject({ ok: true, created: 2, errors: [] });
    // Named in the order they are read: the soonest first.
    expect(run.limits).toMatchObject({
      eventsOver: 0,
      seriesCut: 2,
      seriesCutUids: ['hebdo@nyon.ch', 'quotidien@nyon.ch'],
    });
    for (const event of await stand.events()) {
      const dates = await store.events.occurrences(event.id);
      expect(dates.length, event.title).toBe(10);
    }
  });

  it('une règle de récurrence impossible ou hostile n’écarte que son événement, nommé au journal ; le reste est importé', async () => {
    const good = { uid: 'bon@nyon.ch', summary: 'Concert de printemps', start: '20270410T190000' };
    const kept = { uid: 'garde@nyon.ch', summary: 'Théâtre en plein air', start: '20270612T200000' };
    const source = await stand.addSource(at('/regles.ics'), icsFeed([good, kept]));
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ ok: true, created: 2 });
    server.set(
      at('/regles.ics'),
      icsFeed([
        { uid: 'seconde@nyon.ch', summary: 'Chaque seconde', start: '20270105T100000', rrule: 'FREQ=SECONDLY' },
        {
          uid: 'minute@nyon.ch',
          summary: 'Chaque minute',
          start: '20270105T100000',
          rrule: 'FREQ=MINUTELY;COUNT=1000000',
        },
        {
          uid: 'fevrier@nyon.ch',
          summary: 'Le 30 février',
          start: '20270105T100000',
          rrule: 'FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30',
        },
        { uid: 'bogus@nyon.ch', summary: 'Règle inconnue', start: '20270105T100000', rrule: 'FREQ=BOGUS' },
        good,
        // An event imported before whose rule turns unreadable: left as it was, not withdrawn.
        { ...kept, rrule: 'FREQ=WEEKLY;BYDAY=XX' },
        { uid: 'nouveau@nyon.ch', summary: 'Fête de la musique', start: '20270621T180000' },
      ]),
    );
    const run = await runSource(stand.deps(), source.id);
    expect(run).toMatchObject({ ok: true, fetched: 7, created: 1, unchanged: 1, withdrawn: 0 });
    expect(run.errors.map((e) => [e.uid, e.message.split('\u00a0:')[0]])).toEqual([
      ['seconde@nyon.ch', 'Récurrence trop fréquente (FREQ=SECONDLY)'],
      ['minute@nyon.ch', 'Récurrence trop fréquente (FREQ=MINUTELY)'],
      ['fevrier@nyon.ch', 'Règle de récurrence sans aucune date possible (FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30)'],
      ['bogus@nyon.ch', 'Événement illisible (ligne «\u00a0RRULE:FREQ=BOGUS\u00a0» illisible)'],
      ['garde@nyon.ch', 'Événement illisible (ligne «\u00a0RRULE:FREQ=WEEKLY;BYDAY=XX\u00a0» illisible)'],
    ]);
    expect(run.errors.every((e) => e.line > 0)).toBe(true);
    expect((await stand.events()).map((e) => [e.title, e.status]).sort()).toEqual([
      ['Concert de printemps', 'pending'],
      ['Fête de la musique', 'pending'],
      ['Théâtre en plein air', 'pending'],
    ]);
  });
});
