// Firestore document reads per request (issues 35 and 69), counted in the in-process emulator (@firestore-emulator/server,
// as Firestore bills them: each document returned or sent to a listener, one per query that finds none, one per 1,000
// index entries of an aggregation): `--events` events (10,000 by default, one in ten a weekly series, 300 venues) and a
// queue of 1,000 awaiting moderation, 1,000 donations, 100,000 page views over 30 days, 5,000 accounts and 2,000
// publications without moderation; each page's work done as its loader does it, cold (right after a write: no read
// cache), a next page reached by the cursor of its link. Each page has a fixed budget, whatever the number of events:
// the bench exits with 1 when one goes over (decision 152). With FIRESTORE_START_EVENTS, then an instance's start on that
// many events: time, reads and the memory of its in-memory copy of `events` (decision 080).
// Usage: npm run bench:firestore-reads -- --events=100000   (FIRESTORE_START_EVENTS=50000, FIRESTORE_READS=start: the
// start only; FIRESTORE_START_PAST=90000: that many past events beside them)

import { listUsers, parseUserQuery } from '../app/.server/accounts/admin-users';
import { eventConverter, occurrenceDocs, occurrenceKey } from '../app/.server/adapters/firestore/event-docs';
import { newModerationId } from '../app/.server/adapters/firestore/moderation-log';
import { WITHOUT_POINT } from '../app/.server/adapters/firestore/places';
import { createFirestoreStore, EVENTS_UPGRADE } from '../app/.server/adapters/firestore/store';
import { newUser, userConverter } from '../app/.server/adapters/firestore/user-docs';
import { adminDashboard } from '../app/.server/analytics/admin-dashboard';
import { listApiEvents } from '../app/.server/api/events';
import { activeCategorySlugs, categoryInfos } from '../app/.server/categories/categories';
import { donationSummary } from '../app/.server/donations/summary';
import { homeSummary } from '../app/.server/events/home';
import {
  cachedPlaceScope,
  getEventForViewer,
  schoolHolidays,
  searchEvents,
  searchSuggestion,
  similarEvents,
} from '../app/.server/events/public';
import { seriesView } from '../app/.server/events/series';
import { waysOut } from '../app/.server/events/ways-out';
import { pagesSitemap, sitemapIndex } from '../app/.server/feeds/sitemap';
import { mailQueueSummary } from '../app/.server/mail/admin-mails';
import { moderationPage } from '../app/.server/moderation/moderation-page';
import { parsePublicationsPage, publishedWithoutModeration } from '../app/.server/moderation/publications';
import { partnersPage } from '../app/.server/partners/public';
import { venueIndex, venuePage } from '../app/.server/places/public-places';
import { venuesWithoutPoint } from '../app/.server/places/venue-points';
import type { Store } from '../app/.server/ports';
import { horizonFor } from '../app/.server/schedule/schedule-expand';
import { DEFAULT_CATEGORIES } from '../app/domain/categories';
import { parseEventFilters } from '../app/domain/event-filters';
import { makeDonation, makeVenue } from '../tests/support/factories';
import { firestoreListenReads, firestoreReads, freshFirestore } from '../tests/support/firestore-emulator';
import { buildManyEvents } from './lib';

const DONATIONS = 1_000;
const PAGE_VIEWS = 100_000;
const PATHS = 60;
const QUEUE = 1_000;
const ACCOUNTS = 5_000;
const PUBLICATIONS = 2_000;
const VENUES = 300;
/** Venues without a point, proposed before the gazetteer knew their village: the start's check must not read them all. */
const POINTLESS = 12;
const option = process.argv.find((a) => a.startsWith('--events='));
const EVENTS = Number(option?.slice('--events='.length) ?? process.env.FIRESTORE_EVENTS ?? 10_000);
const START_EVENTS = Number(process.env.FIRESTORE_START_EVENTS ?? 0);
/** Past events stored beside them (a site's history): what the start no longer reads (decision 160). */
const START_PAST = Number(process.env.FIRESTORE_START_PAST ?? 0);
if (!Number.isInteger(EVENTS) || EVENTS < 1000) throw new Error('--events : un nombre entier, au moins 1000');

type Db = Awaited<ReturnType<typeof freshFirestore>>['db'];

async function inBatches(db: Db, count: number, write: (batch: FirebaseFirestore.WriteBatch, i: number) => void) {
  for (let start = 0; start < count; start += 400) {
    const batch = db.batch();
    for (let i = start; i < Math.min(count, start + 400); i++) write(batch, i);
    await batch.commit();
  }
}

/**
 * The events of `npm run bench` written straight as documents with their occurrences, in batches, before the store
 * under measurement opens (the store's insertMany writes one event per commit, for its guarantees).
 */
async function seedEvents(db: Db, count: number, series: number, venues: readonly string[] = []) {
  const events = (await buildManyEvents(count, series)).map((e, i) =>
    venues.length > 0 ? { ...e, venueId: venues[i % venues.length] } : e,
  );
  const writes = events.flatMap((e) => [
    (batch: FirebaseFirestore.WriteBatch) =>
      batch.set(db.collection('events').withConverter(eventConverter).doc(e.id), e),
    ...occurrenceDocs(e, horizonFor(e)).map(
      (o) => (batch: FirebaseFirestore.WriteBatch) =>
        batch.set(db.collection('eventOccurrences').doc(occurrenceKey(e.id, o.startsTs)), o),
    ),
  ]);
  await inBatches(db, writes.length, (batch, i) => writes[i](batch));
  // As a database the site has opened before: its one-time upgrade of the events done (decision 160).
  await db.collection('upgrades').doc(EVENTS_UPGRADE).set({ doneAt: new Date().toISOString() });
  return {
    ids: events.filter((_, i) => i % 53 === 0).map((e) => e.id),
    seriesIds: events.filter((e) => e.schedule).map((e) => e.id),
  };
}

/** `count` events of the past (400 to 580 days ago), as a site keeps them once over. */
async function seedPast(db: Db, count: number) {
  const back = (iso: string) => new Date(Date.parse(iso) - 400 * 86_400_000).toISOString();
  const events = (await buildManyEvents(count, 0)).map((e) => ({
    ...e,
    id: `passe${e.id}`,
    startsAt: back(e.startsAt),
    endsAt: back(e.endsAt),
  }));
  await inBatches(db, events.length, (batch, i) =>
    batch.set(db.collection('events').withConverter(eventConverter).doc(events[i].id), events[i]),
  );
}

/** 1,000 paid donations of 400 donors over 90 days, one donor in three thanked by name. */
async function seedDonations(db: Db, now: Date) {
  await inBatches(db, 400, (batch, i) =>
    batch.set(db.collection('users').doc(`donateur${i}`), {
      uid: `donateur${i}`,
      email: `donateur${i}@exemple.ch`,
      displayName: `Donateur ${i}`,
      role: 'organizer',
      disabled: false,
    }),
  );
  await inBatches(db, DONATIONS, (batch, i) => {
    const uid = `donateur${i % 400}`;
    const createdAt = new Date(now.getTime() - (i / DONATIONS) * 90 * 86_400_000).toISOString();
    const donation = makeDonation({
      id: `don${i}`,
      uid,
      publicName: i % 3 === 0 ? `Famille ${i % 400}` : null,
      createdAt,
    });
    batch.set(db.collection('donations').doc(`stripe:${donation.providerRef}`), donation);
  });
}

/** A queue of 1,000 submissions awaiting moderation, the oldest first. */
async function seedQueue(db: Db, now: Date) {
  const events = (await buildManyEvents(QUEUE, 0)).map((e, i) => {
    const at = new Date(now.getTime() - (QUEUE - i) * 60_000).toISOString();
    return { ...e, id: `attente${i}`, status: 'pending' as const, submittedAt: at, updatedAt: at };
  });
  await inBatches(db, events.length, (batch, i) =>
    batch.set(db.collection('events').withConverter(eventConverter).doc(events[i].id), events[i]),
  );
}

/** 4,600 more accounts (5,000 with the donors), as the site writes them (with the admin search's pieces). */
async function seedAccounts(db: Db, now: Date) {
  await inBatches(db, ACCOUNTS - 400, (batch, i) => {
    const uid = `membre${i}`;
    const at = new Date(now.getTime() - i * 3_600_000).toISOString();
    batch.set(
      db.collection('users').withConverter(userConverter).doc(uid),
      newUser({
        uid,
        email: `${uid}@exemple.ch`,
        displayName: i % 50 === 0 ? `Zoé Müller ${i}` : `Membre ${i}`,
        role: i % 500 === 0 ? 'admin' : 'organizer',
        passwordHash: null,
        emailVerified: true,
        now: at,
      }),
    );
  });
  await db.collection('upgrades').doc('userSearchGrams').set({ doneAt: now.toISOString() });
}

/** 2,000 publications without moderation over 30 days (trusted accounts and sources). */
async function seedPublications(db: Db, now: Date, eventIds: string[]) {
  await inBatches(db, PUBLICATIONS, (batch, i) => {
    const createdAt = new Date(now.getTime() - (i / PUBLICATIONS) * 30 * 86_400_000).toISOString();
    const { id, key } = newModerationId(createdAt);
    batch.set(db.collection('moderationLog').doc(key), {
      id,
      eventId: eventIds[i % eventIds.length],
      eventTitle: `Publication ${i}`,
      adminUid: `membre${i % 40}`,
      action: 'publish',
      reason: '',
      createdAt,
    });
  });
}

/** 100,000 page views over the last 30 days on 60 paths, with their (day, path) markers as the site writes them. */
async function seedPageViews(db: Db, now: Date) {
  const { createHash } = await import('node:crypto');
  const markers = new Map<string, { day: string; path: string }>();
  await inBatches(db, PAGE_VIEWS, (batch, i) => {
    const path = i % 4 === 0 ? '/' : `/evenement/bench${(i % PATHS).toString(36)}`;
    const viewedAt = new Date(now.getTime() - (i / PAGE_VIEWS) * 30 * 86_400_000).toISOString();
    const day = viewedAt.slice(0, 10);
    markers.set(`${day}_${createHash('sha256').update(path).digest('base64url')}`, { day, path });
    batch.set(db.collection('pageViews').doc(), { path, title: `Page ${path}`, viewedAt });
  });
  const entries = [...markers];
  await inBatches(db, entries.length, (batch, i) =>
    batch.set(db.collection('pageViewPaths').doc(entries[i][0]), entries[i][1]),
  );
}

/**
 * The reads of `work`, after a write that empties the read caches (a cold request); apart, what the listeners were
 * sent meanwhile: nothing is written then, so only a listen stream the client resumed (the in-process emulator, slow
 * under load, lets them time out) sends its whole query again. Firestore resumes it from its token, with the changes.
 */
async function readsOf(
  db: Db,
  store: Store,
  work: () => Promise<unknown>,
): Promise<{ reads: number; relisten: number }> {
  await store.categories.upsertMany([]); // no change, but nothing cached survives a revision check anyway
  const before = firestoreReads(db);
  const listenBefore = firestoreListenReads(db);
  await work();
  const relisten = firestoreListenReads(db) - listenBefore;
  return { reads: firestoreReads(db) - before - relisten, relisten };
}

/** 300 approved venues across the cantons, the last POINTLESS without a point (a village the gazetteer did not know). */
async function seedVenues(db: Db, now: Date): Promise<string[]> {
  const towns = [
    { locality: 'Lausanne', postalCode: '1003', canton: 'VD', lat: 46.52, lng: 6.63 },
    { locality: 'Genève', postalCode: '1204', canton: 'GE', lat: 46.2, lng: 6.15 },
    { locality: 'Fribourg', postalCode: '1700', canton: 'FR', lat: 46.8, lng: 7.15 },
    { locality: 'Sion', postalCode: '1950', canton: 'VS', lat: 46.23, lng: 7.36 },
    { locality: 'Neuchâtel', postalCode: '2000', canton: 'NE', lat: 46.99, lng: 6.93 },
  ] as const;
  const venues = Array.from({ length: VENUES }, (_, i) => {
    const town = towns[i % towns.length];
    const pointless = i >= VENUES - POINTLESS;
    return makeVenue(
      {
        id: `lieu${i}`,
        slug: `salle-${i}`,
        name: `Salle ${i}`,
        ...town,
        // A locality nobody knows: the start's check finds it and leaves it without a point.
        ...(pointless ? { locality: `Hameau ${i}`, postalCode: '', lat: null, lng: null } : {}),
      },
      { now },
    );
  });
  // As the site writes them: with the derived flag, the one-time upgrade done.
  await inBatches(db, venues.length, (batch, i) =>
    batch.set(db.collection('venues').doc(venues[i].id), {
      ...JSON.parse(JSON.stringify(venues[i])),
      [WITHOUT_POINT]: venues[i].lat === null,
    }),
  );
  await db.collection('upgrades').doc('venueWithoutPoint').set({ doneAt: now.toISOString() });
  return venues.filter((v) => v.lat !== null).map((v) => v.id);
}

/** What the list's loader reads for this address (app/routes/evenements/route.tsx), without rendering it. */
async function listPage(store: Store, search: string, now: Date) {
  const [active] = await Promise.all([activeCategorySlugs({ store }), categoryInfos({ store })]);
  const { filters, page } = parseEventFilters(new URLSearchParams(search), active);
  await cachedPlaceScope({ store }, filters);
  const [result] = await Promise.all([searchEvents({ store }, filters, page, now), schoolHolidays({ store })]);
  if (result.items.length === 0) throw new Error(`liste vide : ${search}`);
  await searchSuggestion({ store }, filters, result.total, now);
  if (result.total === 0) await waysOut({ store }, filters, now);
}

/** A fixed budget per page, whatever the number of events: beyond it, a read grows with the collection. */
type Page = [name: string, shows: string, budget: number, work: () => Promise<unknown>];

async function perRequest(): Promise<boolean> {
  const { db, dispose } = await freshFirestore('bench-reads');
  const now = new Date();
  const n = (x: number) => x.toLocaleString('fr-CH');
  console.log(
    `Remplissage : ${n(EVENTS)} événements (dont ${n(EVENTS / 10)} séries) dans ${VENUES} lieux, 1 000 en attente, 1 000 dons, 100 000 pages vues, 5 000 comptes, 2 000 publications…`,
  );
  const seedStarted = performance.now();
  const venueIds = await seedVenues(db, now);
  const { ids, seriesIds } = await seedEvents(db, EVENTS, EVENTS / 10, venueIds);
  await seedQueue(db, now);
  await seedDonations(db, now);
  await seedPageViews(db, now);
  await seedAccounts(db, now);
  await seedPublications(db, now, ids);
  console.log(`  rempli en ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
  const store = createFirestoreStore(db);
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  const readsBeforeReady = firestoreReads(db);
  const readyStarted = performance.now();
  await store.ready();
  const startReads = firestoreReads(db) - readsBeforeReady;
  const readyMs = performance.now() - readyStarted;
  const detailId = ids[Math.floor(ids.length / 3)];
  // The links of a next page, as the pages print them (the cursor of the last item shown).
  const queueFirst = await moderationPage({ store }, new URL('http://localhost/admin/events'));
  const queueNext = new URL(
    `http://localhost/admin/events?${new URLSearchParams({ status: 'pending', page: '2', after: queueFirst.next ?? '' })}`,
  );
  let publicationsThird = new URL('http://localhost/admin/publications');
  for (let i = 0; i < 2; i++) {
    const page = await publishedWithoutModeration({ store }, parsePublicationsPage(publicationsThird.searchParams));
    publicationsThird = new URL(`http://localhost${page.next}`);
  }
  const users = (search: string) => listUsers({ store }, parseUserQuery(new URLSearchParams(search)));
  const list = (search: string) => () => listPage(store, search, now);
  const detail = (id: string) => async () => {
    const view = await getEventForViewer({ store }, id, null);
    if (!view) throw new Error(`fiche introuvable : ${id}`);
    await Promise.all([schoolHolidays({ store }), seriesView({ store }, view.event, null, now)]);
    await similarEvents({ store }, view.event, now);
  };
  const site = { SITE_URL: 'https://agenda.example' };
  const pages: Page[] = [
    [
      'accueil',
      'week-end, 8 à la une, catégories',
      40,
      () => Promise.all([homeSummary({ store }, now), schoolHolidays({ store })]),
    ],
    ['liste (/evenements)', '20 événements', 40, list('')],
    ['liste, page 2', '20 événements', 40, list('page=2')],
    ['liste, page 50', '20 événements', 40, list('page=50')],
    ['une catégorie', '20 événements', 40, list('category=musique')],
    ['un canton', '20 événements', 40, list('canton=VD')],
    ['« Autour de » Lausanne', '20 événements', 40, list('autour=Lausanne&rayon=10')],
    ['mot courant « concert »', '20 événements', 40, list('q=concert')],
    ['/lieux', `les ${VENUES - POINTLESS} lieux approuvés`, VENUES + 40, () => venueIndex({ store }, '', '', now)],
    ['un lieu', '1 lieu, ses 20 prochains', 40, () => venuePage({ store }, 'salle-7', now)],
    ['fiche d’un événement', '1 événement, 4 semblables', 40, detail(detailId)],
    ['fiche d’une série', '1 événement, ses 52 dates', 100, detail(seriesIds[0])],
    [
      'API /api/v1/events',
      '20 dates',
      40,
      () => listApiEvents({ store }, new URLSearchParams('limit=20'), site.SITE_URL, now),
    ],
    [
      '/sitemap.xml et /sitemap-pages.xml',
      'jours des événements, lieux (copie en mémoire)',
      2 * VENUES + 40,
      () => Promise.all([sitemapIndex({ store, config: site }), pagesSitemap({ store, config: site })]),
    ],
    ['/partenaires', '≤ 200 noms de donateurs', 1_000, () => partnersPage({ store })],
    [
      'tableau de bord admin',
      '30 jours, 10 pages les plus vues',
      2_500,
      () => Promise.all([adminDashboard({ store }), donationSummary({ store }), mailQueueSummary({ store })]),
    ],
    [
      '/admin/events (file)',
      '50 événements par page',
      100,
      () => moderationPage({ store }, new URL('http://localhost/admin/events')),
    ],
    ['/admin/events (file), page 2', '50 événements par page', 100, () => moderationPage({ store }, queueNext)],
    [
      '/admin/events?status=approved',
      '50 événements par page',
      100,
      () => moderationPage({ store }, new URL('http://localhost/admin/events?status=approved')),
    ],
    [
      '/admin/events?status=all',
      '50 événements par page',
      100,
      () => moderationPage({ store }, new URL('http://localhost/admin/events?status=all')),
    ],
    [
      '/admin/publications',
      '50 publications par page',
      150,
      () => publishedWithoutModeration({ store }, parsePublicationsPage(new URLSearchParams())),
    ],
    [
      '/admin/publications, page 3',
      '50 publications par page',
      150,
      () => publishedWithoutModeration({ store }, parsePublicationsPage(publicationsThird.searchParams)),
    ],
    ['/admin/users', '50 comptes par page', 100, () => users('')],
    ['/admin/users?role=admin', '50 comptes par page', 100, () => users('role=admin')],
    ['/admin/users?q=müller', 'les comptes trouvés (92), 50 par page', 150, () => users('q=m%C3%BCller')],
    [
      'démarrage : lieux sans point',
      `les ${POINTLESS} lieux sans point`,
      POINTLESS + 10,
      async () => {
        if ((await venuesWithoutPoint({ store })).length !== POINTLESS) throw new Error('lieux sans point mal comptés');
      },
    ],
  ];
  console.log(
    `\nLectures de documents Firestore par requête à froid (après une écriture) : ${n(EVENTS)} événements et 1 000 en attente, ${VENUES} lieux, 1 000 dons, 100 000 pages vues, 5 000 comptes, 2 000 publications\n`,
  );
  console.log('page                               lectures   budget      ms  ce que la page montre');
  let over = 0;
  for (const [name, shows, budget, work] of pages) {
    const started = performance.now();
    const { reads, relisten } = await readsOf(db, store, work);
    const ms = (performance.now() - started).toFixed(0);
    if (reads > budget) over += 1;
    const resumed = relisten > 0 ? `  (+ ${n(relisten)} renvoyées à un écouteur repris, hors budget)` : '';
    console.log(
      `${name.padEnd(33)} ${String(reads).padStart(9)} ${String(budget).padStart(8)} ${ms.padStart(7)}  ${shows}${reads > budget ? '  ← AU-DESSUS DU BUDGET' : ''}${resumed}`,
    );
  }
  console.log(
    `\nCopie en mémoire de cette instance (décisions 080, 160) : ${n(startReads)} lectures au démarrage (une par événement public pas encore passé, une par événement en attente), prête en ${(readyMs / 1000).toFixed(1)} s.`,
  );
  await store.close();
  await dispose();
  if (over > 0) console.log(`\n${over} page${over > 1 ? 's' : ''} au-dessus de son budget.`);
  return over === 0;
}

/** A new instance on a store of START_EVENTS events: until ready, the reads and the memory its mirrors hold. */
async function instanceStart() {
  const { db, dispose } = await freshFirestore('bench-start');
  console.log(
    `\nRemplissage : ${START_EVENTS.toLocaleString('fr-CH')} événements à venir, ${START_PAST.toLocaleString('fr-CH')} passés…`,
  );
  await seedEvents(db, START_EVENTS, 0);
  await seedPast(db, START_PAST);
  const writer = createFirestoreStore(db);
  await writer.categories.upsertMany(DEFAULT_CATEGORIES);
  await writer.close();
  const gc = (globalThis as { gc?: () => void }).gc;
  const readsBefore = firestoreReads(db);
  const started = performance.now();
  let instance: ReturnType<typeof createFirestoreStore> | null = createFirestoreStore(db);
  await instance.ready();
  const ms = performance.now() - started;
  const reads = firestoreReads(db) - readsBefore;
  // The copy's memory: the heap with the instance, then without it (closed and unreachable), each after a full
  // collection. Measured this way round, the emulator's own garbage of the seeding does not count.
  gc?.();
  const heapWith = process.memoryUsage().heapUsed;
  await instance.close();
  instance = null;
  gc?.();
  const heapWithout = process.memoryUsage().heapUsed;
  console.log(
    `Démarrage d’une instance sur ${(START_EVENTS + START_PAST).toLocaleString('fr-CH')} événements (${START_EVENTS.toLocaleString('fr-CH')} à venir) :`,
  );
  console.log(`  prête en ${(ms / 1000).toFixed(1)} s (émulateur en mémoire, dans le même processus)`);
  console.log(`  ${reads.toLocaleString('fr-CH')} lectures de documents`);
  console.log(
    `  copie en mémoire : ${((heapWith - heapWithout) / 1024 / 1024).toFixed(0)} Mo de tas${gc ? '' : ' (sans --expose-gc : approximatif)'}`,
  );
  await dispose();
}

/**
 * The in-process emulator copies a collection's whole map (immer) to add one document: 100,000 page views would take
 * hours. For this bench only, documents are added in place; reading, querying and counting stay the emulator's.
 */
async function addDocumentsInPlace() {
  const { FirestoreStateCollection, FirestoreStateDocument } = await import('@firestore-emulator/server');
  type Collection = { documents: Record<string, unknown>; emitter: unknown; database: unknown };
  const Document = FirestoreStateDocument as unknown as new (...args: unknown[]) => unknown;
  (
    FirestoreStateCollection.prototype as unknown as { getDocument(this: Collection, name: string): unknown }
  ).getDocument = function (name) {
    if (!(name in this.documents)) {
      if (Object.isFrozen(this.documents)) this.documents = { ...this.documents };
      this.documents[name] = new Document(this.emitter, this.database, this, name, {}, {});
    }
    return this.documents[name];
  };
}

await addDocumentsInPlace();
// FIRESTORE_READS=start: the start only (the in-process emulator holds every project of the run in memory).
const withinBudget = process.env.FIRESTORE_READS === 'start' ? true : await perRequest();
if (START_EVENTS > 0) await instanceStart();
process.exit(withinBudget ? 0 : 1);
