// Issue 18: anonymous public pages with 10,000 events, served three ways in the same run: straight from the default
// install without its page cache (PAGE_CACHE_MB=0), straight from the default install (in-process cache keyed by URL
// and the store's revision), and through the Hosting proxy (tests/support/hosting-proxy.ts) in front of two
// instances. For home, the list, a search and an event page: req/s, p99 and the ratio of answers served from a cache.
// Usage: npm run bench:hosting        (BENCH_DURATION=5 for a quicker run)
import type { IncomingHttpHeaders } from 'node:http';
import autocannon from 'autocannon';
import { startHostingProxy } from '../tests/support/hosting-proxy';
import { ensureBuild, type RunningServer, seedManyEvents, startServer, throwAwayDataDir } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3220);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface Measure {
  requestsPerSecond: number;
  p99: number;
  errors: number;
  /** Answers a cache served (the app's X-Page-Cache, or the proxy's X-Hosting-Cache). */
  cached: number;
  total: number;
}

async function measure(base: string, path: string): Promise<Measure> {
  let cached = 0;
  let total = 0;
  const result = await autocannon({
    url: `${base}${path}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'Accept-Encoding': 'gzip' },
    requests: [
      {
        method: 'GET',
        onResponse: (_status: number, _body: string, _context: object, headers?: IncomingHttpHeaders) => {
          total += 1;
          const state = headers?.['x-hosting-cache'] ?? headers?.['x-page-cache'];
          if (state === 'hit' || state === 'stale') cached += 1;
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cached,
    total,
  };
}

async function main() {
  ensureBuild();
  const dataDir = throwAwayDataDir('hosting');
  const { ids } = await seedManyEvents();
  const routes: [string, string][] = [
    ['accueil', '/'],
    ['liste', '/evenements'],
    ['recherche', '/evenements?q=concert'],
    ['fiche', `/evenement/${ids[3]}`],
  ];
  const servers: RunningServer[] = [];
  const proxies: { close(): Promise<void> }[] = [];
  try {
    // One process each: the comparison is per process, not per machine.
    const one = { WEB_CONCURRENCY: '1', SESSION_SECRET: 'b'.repeat(48) };
    const uncached = await startServer(dataDir, PORT, { ...one, PAGE_CACHE_MB: '0' });
    servers.push(uncached);
    const cached = await startServer(dataDir, PORT + 1, one);
    servers.push(cached);
    const second = await startServer(dataDir, PORT + 2, one);
    servers.push(second);
    const proxy = await startHostingProxy({ upstreams: [cached.base, second.base], port: PORT + 3 });
    proxies.push(proxy);

    const ways: [string, string][] = [
      ['direct, sans cache de pages', uncached.base],
      ['direct, installation par défaut', cached.base],
      ['par le mandataire Hosting (2 instances)', proxy.url],
    ];
    const rows: Record<string, string | number>[] = [];
    const ratios: number[] = [];
    for (const [name, path] of routes) {
      const figures: Measure[] = [];
      for (const [way, base] of ways) {
        const m = await measure(base, path);
        figures.push(m);
        rows.push({
          page: name,
          voie: way,
          'req/s': Math.round(m.requestsPerSecond),
          'p99 (ms)': m.p99,
          'servies d’un cache': m.total ? `${((100 * m.cached) / m.total).toFixed(1)} %` : '—',
          erreurs: m.errors,
        });
      }
      ratios.push(figures[1].requestsPerSecond / Math.max(1, figures[0].requestsPerSecond));
    }
    console.table(rows);
    const worst = Math.min(...ratios);
    console.log(
      `Installation par défaut, en cache / sans cache : ${ratios.map((r) => `${r.toFixed(1)}×`).join(', ')} (accueil, liste, recherche, fiche ; objectif ≥ 4×)`,
    );
    if (worst < 4) process.exitCode = 1;
  } finally {
    for (const proxy of proxies) await proxy.close();
    for (const server of servers) await server.stop();
  }
}

await main();
