// What the venues' point migration (issue 70, decision 144) costs the start at 50,000 events: a store of 50,000
// events at VENUES venues (BENCH_VENUES, 1,000 by default: the most the start does itself), every venue and event
// without a point, as a site had them before the gazetteer; the server started on it (the migration runs before the
// first request) to the first 200, then started again on the same store (every point given: the migration has nothing
// to do; with BENCH_BOTH, the same on a store of one venue more than the start does itself).
// BENCH_WITH_POINTS=1: the same store with every point, the reference.
// Usage: npm run build && node --import tsx bench/venue-points.ts   (BENCH_PORT, BENCH_EVENTS, BENCH_VENUES, BENCH_BOTH,
//        BENCH_APP_DIR: a copy of build/, so that a rebuild meanwhile does not change what is measured)
import { buildManyEvents, ensureBuild, startServer, throwAwayDataDir } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3240);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 50_000);
const VENUES = Number(process.env.BENCH_VENUES ?? 1_000);
/** BENCH_WITH_POINTS=1: every venue and event with its point, the start with nothing to migrate (the reference). */
const WITH_POINTS = process.env.BENCH_WITH_POINTS === '1';

async function storeWithoutPoints(venueCount: number): Promise<string> {
  const dataDir = throwAwayDataDir(`points-${venueCount}`);
  const { openDatabase } = await import('../app/.server/adapters/sqlite/db');
  const { createSqliteStore } = await import('../app/.server/adapters/sqlite/store');
  const { seedCategories } = await import('../app/.server/seed/seed');
  const { LOCALITIES } = await import('../app/domain/localities');
  const { makeOrganizer, makeVenue } = await import('../tests/support/factories');
  const store = createSqliteStore(openDatabase(`${dataDir}/agenda.sqlite`));
  await seedCategories({ store });
  const towns = LOCALITIES.filter((l) => l.region);
  const venues = Array.from({ length: venueCount }, (_, i) => {
    const town = towns[i % towns.length];
    return makeVenue({
      id: `v${i}`,
      slug: `salle-${i}`,
      name: `Salle ${i}`,
      locality: town.name,
      postalCode: town.postalCode,
      canton: town.canton as 'VD',
      lat: WITH_POINTS ? town.lat : null,
      lng: WITH_POINTS ? town.lng : null,
    });
  });
  const organizer = makeOrganizer({ id: 'o0', slug: 'societe' });
  await store.venues.insertMany(venues);
  await store.organizers.insertMany([organizer]);
  const events = (await buildManyEvents(EVENTS, 0)).map((e, i) => {
    const venue = venues[i % venues.length];
    return {
      ...e,
      venueId: venue.id,
      organizerId: organizer.id,
      venueName: venue.name,
      city: venue.locality,
      postalCode: venue.postalCode,
      lat: venue.lat,
      lng: venue.lng,
    };
  });
  await store.events.insertMany(events);
  await store.close();
  return dataDir;
}

async function timedStart(dataDir: string): Promise<number> {
  const started = performance.now();
  const server = await startServer(dataDir, PORT);
  for (let i = 0; i < 12_000; i++) {
    try {
      if ((await fetch(`${server.base}/about`)).status === 200) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  await server.stop();
  return seconds;
}

async function pointless(dataDir: string): Promise<{ venues: number; events: number }> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(`${dataDir}/agenda.sqlite`, { readonly: true });
  const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  const result = {
    venues: count("SELECT count(*) AS n FROM venues WHERE json_extract(data, '$.lat') IS NULL"),
    events: count('SELECT count(*) AS n FROM events WHERE lat IS NULL'),
  };
  db.close();
  return result;
}

ensureBuild();
for (const venues of process.env.BENCH_BOTH ? [VENUES, VENUES + 1] : [VENUES]) {
  const dataDir = await storeWithoutPoints(venues);
  console.log(`${EVENTS} événements, ${venues} lieux sans point : ${JSON.stringify(await pointless(dataDir))}`);
  const first = await timedStart(dataDir);
  console.log(
    `  démarrage avec la migration jusqu’au premier 200 : ${first.toFixed(1)} s ; ensuite ${JSON.stringify(await pointless(dataDir))}`,
  );
  const again = await timedStart(dataDir);
  console.log(`  redémarrage : ${again.toFixed(1)} s ; ensuite ${JSON.stringify(await pointless(dataDir))}`);
}
