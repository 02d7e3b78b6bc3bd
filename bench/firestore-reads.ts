// Firestore document reads per request (issue 35), counted in the in-process emulator (@firestore-emulator/server, as
// Firestore bills them: each document returned or sent to a listener, one per query that finds none, one per 1,000
// index entries of an aggregation): 10,000 events (and a queue of 1,000 awaiting moderation), 1,000 donations,
// 100,000 page views over 30 days, 5,000 accounts and 2,000 publications without moderation; each page's work done as
// its loader does it, cold (right after a write: no read cache), a next page reached by the cursor of its link. Then an instance's start with 50,000
// events: time, reads and the memory of its in-memory copy of `events` (decision 080).
// Usage: node --expose-gc --import tsx bench/firestore-reads.ts   (FIRESTORE_START_EVENTS=50000, FIRESTORE_READS=start)

import { listUsers, parseUserQuery } from '../app/.server/accounts/admin-users';
import { eventConverter, occurrenceDocs, occurrenceKey } from '../app/.server/adapters/firestore/event-docs';
import { newModerationId } from '../app/.server/adapters/firestore/moderation-log';
import { createFirestoreStore } from '../app/.server/adapters/firestore/store';
import { newUser, userConverter } from '../app/.server/adapters/firestore/user-docs';
import { adminDashboard } from '../app/.server/analytics/admin-dashboard';
import { activeCategorySlugs, categoryInfos } from '../app/.server/categories/categories';
import { donationSummary } from '../app/.server/donations/summary';
import { getEventForViewer, searchEvents, similarEvents } from '../app/.server/events/public';
import { seriesView } from '../app/.server/events/series';
import { mailQueueSummary } from '../app/.server/mail/admin-mails';
import { moderationPage } from '../app/.server/moderation/moderation-page';
import { parsePublicationsPage, publishedWithoutModeration } from '../app/.server/moderation/publications';
import { partnersPage } from '../app/.server/partners/public';
import type { Store } from '../app/.server/ports';
import { horizonFor } from '../app/.server/schedule/schedule-expand';
import { DEFAULT_CATEGORIES } from '../app/domain/categories';
import { makeDonation } from '../tests/support/factories';
import { firestoreReads, freshFirestore } from '../tests/support/firestore-emulator';
import { buildManyEvents } from './lib';

const DONATIONS = 1_000;
const PAGE_VIEWS = 100_000;
const PATHS = 60;
const QUEUE = 1_000;
const ACCOUNTS = 5_000;
const PUBLICATIONS = 2_000;
const START_EVENTS = Number(process.env.FIRESTORE_START_EVENTS ?? 50_000);

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
async function seedEvents(db: Db, count: number, series: number) {
  const events = await buildManyEvents(count, series);
  const writes = events.flatMap((e) => [
    (batch: FirebaseFirestore.WriteBatch) =>
      batch.set(db.collection('events').withConverter(eventConverter).doc(e.id), e),
    ...occurrenceDocs(e, horizonFor(e)).map(
      (o) => (batch: FirebaseFirestore.WriteBatch) =>
        batch.set(db.collection('eventOccurrences').doc(occurrenceKey(e.id, o.startsTs)), o),
    ),
  ]);
  await inBatches(db, writes.length, (batch, i) => writes[i](batch));
  return {
    ids: events.filter((_, i) => i % 53 === 0).map((e) => e.id),
    seriesIds: events.filter((e) => e.schedule).map((e) => e.id),
  };
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

/** The reads of `work`, after a write that empties the read caches (a cold request). */
async function readsOf(db: Db, store: Store, work: () => Promise<unknown>): Promise<number> {
  await store.categories.upsertMany([]); // no change, but nothing cached survives a revision check anyway
  const before = firestoreReads(db);
  await work();
  return firestoreReads(db) - before;
}

async function perRequest() {
  const { db, dispose } = await freshFirestore('bench-reads');
  const now = new Date();
  console.log(
    'Remplissage : 10 000 événements (dont 1 000 séries), 1 000 en attente, 1 000 dons, 100 000 pages vues, 5 000 comptes, 2 000 publications…',
  );
  const { ids, seriesIds } = await seedEvents(db, 10_000, 1000);
  await seedQueue(db, now);
  await seedDonations(db, now);
  await seedPageViews(db, now);
  await seedAccounts(db, now);
  await seedPublications(db, now, ids);
  const store = createFirestoreStore(db);
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  await store.ready();
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
  const pages: [string, string, () => Promise<unknown>][] = [
    [
      'liste (/evenements)',
      '20 événements',
      async () => {
        await Promise.all([activeCategorySlugs({ store }), categoryInfos({ store })]);
        await searchEvents({ store }, {}, 1, now);
      },
    ],
    [
      'fiche d’un événement',
      '1 événement, 4 semblables',
      async () => {
        const view = await getEventForViewer({ store }, detailId, null);
        if (!view) throw new Error('fiche introuvable');
        await seriesView({ store }, view.event, null, now);
        await similarEvents({ store }, view.event, now);
      },
    ],
    [
      'fiche d’une série',
      '1 événement, ses dates',
      async () => {
        const view = await getEventForViewer({ store }, seriesIds[0], null);
        if (!view) throw new Error('série introuvable');
        await seriesView({ store }, view.event, null, now);
        await similarEvents({ store }, view.event, now);
      },
    ],
    ['/partenaires', '≤ 200 noms de donateurs', () => partnersPage({ store })],
    [
      'tableau de bord admin',
      '30 jours, 10 pages les plus vues',
      () => Promise.all([adminDashboard({ store }), donationSummary({ store }), mailQueueSummary({ store })]),
    ],
    [
      '/admin/events (file)',
      '50 événements par page',
      () => moderationPage({ store }, new URL('http://localhost/admin/events')),
    ],
    ['/admin/events (file), page 2', '50 événements par page', () => moderationPage({ store }, queueNext)],
    [
      '/admin/events?status=approved',
      '50 événements par page',
      () => moderationPage({ store }, new URL('http://localhost/admin/events?status=approved')),
    ],
    [
      '/admin/events?status=all',
      '50 événements par page',
      () => moderationPage({ store }, new URL('http://localhost/admin/events?status=all')),
    ],
    [
      '/admin/publications',
      '50 publications par page',
      () => publishedWithoutModeration({ store }, parsePublicationsPage(new URLSearchParams())),
    ],
    [
      '/admin/publications, page 3',
      '50 publications par page',
      () => publishedWithoutModeration({ store }, parsePublicationsPage(publicationsThird.searchParams)),
    ],
    ['/admin/users', '50 comptes par page', () => users('')],
    ['/admin/users?role=admin', '50 comptes par page', () => users('role=admin')],
    ['/admin/users?q=müller', 'les comptes trouvés (92), 50 par page', () => users('q=m%C3%BCller')],
  ];
  console.log(
    '\nLectures de documents Firestore par requête (10 000 événements et 1 000 en attente, 1 000 dons, 100 000 pages vues, 5 000 comptes, 2 000 publications)\n',
  );
  console.log('page                               lectures  ce que la page montre');
  for (const [name, shows, work] of pages) {
    const reads = await readsOf(db, store, work);
    console.log(`${name.padEnd(33)} ${String(reads).padStart(9)}  ${shows}`);
  }
  await store.close();
  await dispose();
}

/** A new instance on a store of START_EVENTS events: until ready, the reads and the memory its mirrors hold. */
async function instanceStart() {
  const { db, dispose } = await freshFirestore('bench-start');
  console.log(`\nRemplissage : ${START_EVENTS.toLocaleString('fr-CH')} événements…`);
  await seedEvents(db, START_EVENTS, 0);
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
  console.log(`Démarrage d’une instance sur ${START_EVENTS.toLocaleString('fr-CH')} événements :`);
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
if (process.env.FIRESTORE_READS !== 'start') await perRequest();
if (START_EVENTS > 0) await instanceStart();
process.exit(0);
