// The store's part of an uncached list (issue 35): each list query of `npm run bench` timed on the store itself, out of
// the read cache and the server, on both data sets (10,000 events; then 1,000 of them weekly series, ≈ 60,000 dates).
// The HTTP figures are `npm run bench`'s; where a render spends its time, bench/profile-pages.ts.
// Usage: node --import tsx bench/list-queries.ts
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { seedManyEvents, throwAwayDataDir } from './lib';

const ROUNDS = 20;

async function main(series: number) {
  const dataDir = throwAwayDataDir('list-queries');
  await seedManyEvents(undefined, series);
  const { getServices } = await import('../app/.server/services');
  const { queryFromFilters, PAGE_SIZE } = await import('../app/.server/events/public');
  const { store } = getServices();
  const now = new Date();
  console.log(`\n=== 10 000 événements${series ? `, dont ${series} séries hebdomadaires` : ''} ===`);
  const cases: [string, object][] = [
    ['liste', {}],
    ['recherche « concert »', { q: 'concert' }],
    ['ce week-end', { when: 'week-end' }],
    ['musique + Vaud', { category: 'musique', canton: 'VD' }],
  ];
  for (const [name, filters] of cases) {
    const query = { ...queryFromFilters(filters, now), oneRowPerEvent: true, limit: PAGE_SIZE, offset: 0 };
    await store.events.search(query);
    const started = performance.now();
    for (let i = 0; i < ROUNDS; i++) await store.events.search(query);
    console.log(`  ${name.padEnd(24)} ${((performance.now() - started) / ROUNDS).toFixed(1).padStart(6)} ms par page`);
  }
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (process.env.BENCH_DATASET === undefined) {
  for (const series of [0, 1000])
    execFileSync(process.execPath, ['--import', 'tsx', 'bench/list-queries.ts'], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_DATASET: String(series) },
    });
} else {
  await main(Number(process.env.BENCH_DATASET));
}
