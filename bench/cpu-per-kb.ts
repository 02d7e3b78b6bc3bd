// Uncached renders against the bare page, per KB sent (issue 72: « CPU per KB sent ≤ 1.5× the bare page's, measured
// with the framework unpatched »): the production server, one process, no page cache (the read cache stays: warm after
// an address's first request), on the store of `npm run bench` (10,000 events, 1,000 of them weekly series); each
// page's CPU per request (slices alternated between the pages) and its size as sent without compression (what
// autocannon asks for), then both against the bare page `/about`.
// Usage: node --import tsx bench/cpu-per-kb.ts      (BENCH_PORT, BENCH_ROUNDS=5, BENCH_SLICE=1)
import fs from 'node:fs';
import { alternatedCpu, renderedPages, seedManyEvents, startServer, throwAwayDataDir } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3340);

async function main() {
  const dataDir = throwAwayDataDir('cpu-per-kb');
  const { ids, seriesIds } = await seedManyEvents(undefined, 1000);
  const env = { PAGE_CACHE_MB: '0', WEB_CONCURRENCY: '1', JOBS_IN_PROCESS: 'false' };
  const server = await startServer(dataDir, PORT, env);
  try {
    const pages = renderedPages(ids, seriesIds, { home: true, places: true }).filter(([, url]) => url !== '/healthz');
    const venue = /href="(\/lieux\/[^"?]+)"/.exec(await (await fetch(`${server.base}/lieux`)).text())?.[1];
    if (venue) pages.push(['un lieu', venue]);
    const kb = new Map<string, number>();
    for (const [, url] of pages) {
      const response = await fetch(`${server.base}${url}`, { headers: { 'accept-encoding': 'identity' } });
      kb.set(url, (await response.arrayBuffer()).byteLength / 1024);
    }
    const cpu = await alternatedCpu(
      server,
      pages.map(([key, url]) => ({ key, url })),
    );
    const bare = cpu('page nue /about') / (kb.get('/about') as number);
    console.log('\npage                   ms CPU/req     Ko   ms/Ko   par Ko / page nue');
    for (const [name, url] of pages) {
      const perKb = cpu(name) / (kb.get(url) as number);
      console.log(
        `${name.padEnd(22)} ${cpu(name).toFixed(2).padStart(9)} ${(kb.get(url) as number).toFixed(0).padStart(6)}` +
          ` ${perKb.toFixed(3).padStart(7)} ${(perKb / bare).toFixed(2).padStart(10)}×`,
      );
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
