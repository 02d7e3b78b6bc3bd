// « Autour de » (issue 47) at 10,000 and 50,000 approved events spread over the localities of Suisse romande: the CPU
// time the production server spends per request on the distance pages, against the list page of the same run (SQLite,
// page cache off); then the Firestore path, timed in process on the mirror's own code (all events scanned for the list,
// the geohash ranges for a distance), no emulator needed. Each data set in its own process.
// Usage: npm run bench:distance      (BENCH_DURATION=5 for a quicker run, BENCH_COUNTS=10000 for one size)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';
import type { CantonCode } from '../app/domain/cantons';
import { formatCount } from '../app/domain/numbers';
import { buildManyEvents, ensureBuild, groupCpuMs, startServer, throwAwayDataDir } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 15500);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 10;
const COUNTS = (process.env.BENCH_COUNTS ?? '10000,50000').split(',').map(Number);

/**
 * The events of the discovery bench, each moved to a locality of the list with a little jitter (up to ~2 km), at the
 * venue record of that locality (one per locality, made here): the places migration at start has nothing to match.
 */
async function spreadEvents(count: number) {
  const { LOCALITIES: ALL } = await import('../app/domain/localities');
  // The region's localities: their canton is one of the agenda's (issue 70: the gazetteer holds Switzerland).
  const LOCALITIES = ALL.filter((l) => l.region).map((l) => ({ ...l, canton: l.canton as CantonCode }));
  const { makeOrganizer, makeVenue } = await import('../tests/support/factories');
  const venues = LOCALITIES.map((place, i) =>
    makeVenue({
      id: `salle${i}`,
      slug: `salle-${i}`,
      name: `Salle ${place.name}`,
      locality: place.name,
      canton: place.canton,
    }),
  );
  const organizer = makeOrganizer({ id: 'societe', slug: 'societe', name: 'Société de développement' });
  const events = (await buildManyEvents(count, 0)).map((event, i) => {
    const n = (i * 7) % LOCALITIES.length;
    const place = LOCALITIES[n];
    const jitter = (k: number) => (((i * k) % 41) - 20) / 1000;
    return {
      ...event,
      venueId: venues[n].id,
      organizerId: organizer.id,
      venueName: venues[n].name,
      city: place.name,
      canton: place.canton,
      lat: Math.round((place.lat + jitter(13)) * 1e5) / 1e5,
      // One event in twenty without coordinates: never around anything.
      lng: i % 20 === 19 ? null : Math.round((place.lng + jitter(17)) * 1e5) / 1e5,
    };
  });
  return { events, venues, organizer };
}

async function cpuPerRequest(serverGroup: number, path: string) {
  const before = groupCpuMs(serverGroup);
  const result = await autocannon({ url: `${BASE}${path}`, connections: CONNECTIONS, duration: DURATION });
  return {
    cpuMs: (groupCpuMs(serverGroup) - before) / Math.max(1, result.requests.total),
    reqPerSec: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The Firestore store's search on its mirror: every event for the list, the geohash ranges around a place. */
async function firestoreMirror(events: Awaited<ReturnType<typeof spreadEvents>>['events']) {
  const { indexEvent, searchIndex, mapPointsOf } = await import('../app/.server/adapters/firestore/event-index');
  const { geoIndex } = await import('../app/.server/adapters/firestore/geo-index');
  const { queryFromFilters, PAGE_SIZE } = await import('../app/.server/events/public');
  const { parseNear } = await import('../app/domain/distance');
  const indexed = events.map((e) => indexEvent(e));
  const geo = geoIndex({ version: 1, values: () => indexed });
  const now = new Date();
  const time = (run: () => unknown) => {
    run();
    const started = performance.now();
    for (let i = 0; i < 20; i++) run();
    return (performance.now() - started) / 20;
  };
  const page = (filters: object) => ({
    ...queryFromFilters(filters, now),
    oneRowPerEvent: true,
    limit: PAGE_SIZE,
    offset: 0,
  });
  const list = time(() => searchIndex(indexed, page({})));
  console.log('\nFirestore (miroir en mémoire, même code que le stockage), ms par page :');
  console.log(`  liste (tous les événements lus)          ${list.toFixed(2).padStart(7)}`);
  for (const radius of [5, 10, 25, 50]) {
    const near = parseNear(new URLSearchParams({ autour: 'Morges', rayon: String(radius) })).near;
    const query = page({ near });
    const read = near ? geo.candidates(near).length : 0;
    const ms = time(() => searchIndex(near ? geo.candidates(near) : indexed, query));
    const map = time(() => mapPointsOf(near ? geo.candidates(near) : indexed, query, 2000));
    console.log(
      `  autour de Morges, ${String(radius).padStart(2)} km ${ms.toFixed(2).padStart(7)}   (carte ${map.toFixed(2)} ms ; ${read} événements lus dans les plages de geohash sur ${indexed.length})`,
    );
  }
}

async function main(count: number) {
  ensureBuild();
  const dataDir = throwAwayDataDir('distance');
  const { events, venues, organizer } = await spreadEvents(count);
  const { getServices } = await import('../app/.server/services');
  const { seedCategories } = await import('../app/.server/seed/seed');
  const { store } = getServices();
  await seedCategories({ store });
  await store.venues.insertMany(venues);
  await store.organizers.insertMany([organizer]);
  for (let i = 0; i < events.length; i += 5000) await store.events.insertMany(events.slice(i, i + 5000));
  await store.close();
  console.log(`\n=== ${formatCount(count)} événements approuvés sur les localités romandes ===`);
  const server = await startServer(dataDir, PORT, { PAGE_CACHE_MB: '0', API_RATE_PER_MINUTE: '1000000000' });
  const group = server.child.pid ?? 0;
  try {
    const pages: [string, string][] = [
      ['liste (référence)', '/evenements'],
      ['autour de Morges, 5 km', '/evenements?autour=Morges&rayon=5'],
      ['autour de Morges, 10 km', '/evenements?autour=Morges&rayon=10'],
      ['autour de Lausanne, 50 km', '/evenements?autour=Lausanne&rayon=50'],
      ['ma position, 10 km', '/evenements?lat=46.52&lon=6.63&rayon=10'],
      ['carte, tous', '/evenements?vue=carte'],
      ['carte, Morges 10 km', '/evenements?vue=carte&autour=Morges&rayon=10'],
      ['API, Morges 10 km', '/api/v1/events?autour=Morges&rayon=10'],
      ['flux RSS, tous', '/evenements.rss'],
      ['flux RSS, Morges 10 km', '/evenements.rss?autour=Morges&rayon=10'],
    ];
    for (const [, path] of pages) await fetch(`${BASE}${path}`);
    console.log(
      `autocannon : ${CONNECTIONS} connexions, ${DURATION} s par page, la liste mesurée juste avant chacune\n`,
    );
    console.log('page                          ms CPU/req   req/s  p99 ms  erreurs   CPU contre la liste');
    for (const [name, path] of pages.slice(1)) {
      const reference = await cpuPerRequest(group, pages[0][1]);
      const figures = await cpuPerRequest(group, path);
      const line = (label: string, f: typeof figures, ratio: string) =>
        console.log(
          `${label.padEnd(30)}${f.cpuMs.toFixed(2).padStart(8)}  ${f.reqPerSec.toFixed(0).padStart(6)}  ${String(f.p99).padStart(6)}  ${String(f.errors).padStart(7)}   ${ratio}`,
        );
      line(`  ${pages[0][0]}`, reference, '');
      line(name, figures, `×${(figures.cpuMs / reference.cpuMs).toFixed(2)}`);
    }
  } finally {
    await server.stop();
  }
  await firestoreMirror(events);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (process.env.BENCH_DATASET === undefined) {
  for (const count of COUNTS)
    execFileSync(process.execPath, ['--import', 'tsx', 'bench/distance.ts'], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_DATASET: String(count) },
    });
} else {
  await main(Number(process.env.BENCH_DATASET));
}
