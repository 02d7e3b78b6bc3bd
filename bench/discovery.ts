// Discovery benchmark (issue 3): 10,000 approved events in a throw-away store, the production server,
// autocannon (10 connections, 10 s) on the public pages, compared with a minimal page of the same app. The page cache
// of anonymous answers is off (PAGE_CACHE_MB=0): this measures the queries and the rendering; `npm run bench:hosting`
// measures the cache.
// Usage: npm run bench            (BENCH_DURATION=5 for a quicker run)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { ensureBuild, initialScripts, seedManyEvents, startServer, throwAwayDataDir } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;

interface Figures {
  name: string;
  path: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(name: string, urlPath: string): Promise<Figures> {
  const result = await autocannon({ url: `${BASE}${urlPath}`, connections: CONNECTIONS, duration: DURATION });
  return {
    name,
    path: urlPath,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Gzipped size of the JavaScript a page loads at start (module scripts and modulepreloads), in KB. */
async function initialJsKb(urlPath: string): Promise<number> {
  return (await initialScripts(BASE, urlPath)).reduce((sum, s) => sum + s.kb, 0);
}

async function gzippedKb(urlPath: string): Promise<number> {
  const html = await (await fetch(`${BASE}${urlPath}`)).text();
  return gzipSync(html).length / 1024;
}

/** The two data sets (issue 20): single events only, then 1,000 weekly series among them; each in its own process. */
const DATASETS = [
  { series: 0, label: '10 000 événements approuvés, une date chacun' },
  { series: 1000, label: '10 000 événements approuvés dont 1 000 séries hebdomadaires (≈ 50 000 dates à venir)' },
];

async function main() {
  ensureBuild();
  const dataset = DATASETS[Number(process.env.BENCH_DATASET ?? 0)];
  const dataDir = throwAwayDataDir('bench');
  const { ids, seriesIds } = await seedManyEvents(undefined, dataset.series);
  const detailId = ids[Math.floor(ids.length / 3)];
  console.log(`\n=== ${dataset.label} ===\nBase jetable : ${dataDir}`);
  // The API's allowance per IP would turn a load test into 429s: out of the way here.
  const server = await startServer(dataDir, PORT, { PAGE_CACHE_MB: '0', API_RATE_PER_MINUTE: '1000000000' });
  try {
    const pages: [string, string][] = [
      ['plafond (page Remix minimale)', '/healthz'],
      ['accueil', '/'],
      ['liste', '/evenements'],
      ['recherche « concert »', '/evenements?q=concert'],
      ['musique + Vaud', '/evenements?category=musique&canton=VD'],
      ['API musique + Vaud (JSON)', '/api/v1/events?category=musique&canton=VD'],
      ['ce week-end', '/evenements?quand=week-end'],
      ['fiche événement', `/evenement/${detailId}`],
      ...(seriesIds.length ? [['fiche d’une série', `/evenement/${seriesIds[0]}`] as [string, string]] : []),
    ];
    for (const [, p] of pages) await fetch(`${BASE}${p}`); // warm-up
    const results: Figures[] = [];
    for (const [name, p] of pages) results.push(await measure(name, p));
    const ceiling = results[0].reqPerSec;
    console.log(`\nautocannon : ${CONNECTIONS} connexions, ${DURATION} s par page\n`);
    console.log('page                           req/s    p50 ms  p99 ms  erreurs  % du plafond');
    for (const r of results) {
      console.log(
        `${r.name.padEnd(30)} ${r.reqPerSec.toFixed(0).padStart(6)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${String(r.errors).padStart(7)}  ${((r.reqPerSec / ceiling) * 100).toFixed(0).padStart(5)} %`,
      );
    }
    const html = results.find((r) => r.path === '/evenements?category=musique&canton=VD');
    const api = results.find((r) => r.path.startsWith('/api/v1/events'));
    if (html && api) {
      console.log(
        `\nAPI /api/v1/events contre la liste HTML (musique + Vaud, 20 par page) : ${api.reqPerSec.toFixed(0)} contre ${html.reqPerSec.toFixed(0)} req/s, ×${(api.reqPerSec / html.reqPerSec).toFixed(1)}`,
      );
    }
    const search = results.find((r) => r.path.includes('q=concert'));
    console.log(`\nRecherche p99 : ${search?.p99} ms (objectif < 50 ms)`);
    const worst = Math.min(...results.slice(1).map((r) => r.reqPerSec / ceiling));
    console.log(`Pire page : ${(worst * 100).toFixed(0)} % du plafond (objectif ≥ 50 %)`);
    console.log('\nJavaScript chargé au démarrage (gzip) :');
    for (const [name, p] of pages.slice(1).filter(([, p]) => !p.startsWith('/api/')))
      console.log(`  ${name.padEnd(28)} ${(await initialJsKb(p)).toFixed(1)} Ko (objectif ≤ 110 Ko)`);
    console.log(`HTML de la liste (gzip) : ${(await gzippedKb('/evenements')).toFixed(1)} Ko (objectif ≤ 40 Ko)`);
    // The embeddable agenda as partner sites load it (decision 047).
    console.log(
      `Composant web /widget.js (gzip) : ${(await gzippedKb('/widget.js')).toFixed(1)} Ko (objectif ≤ 10 Ko)`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_DATASET === undefined) {
  // Both data sets, one after the other in the same run, each in a fresh process (the store is per process).
  for (const i of DATASETS.keys()) {
    execFileSync(process.execPath, ['--import', 'tsx', 'bench/discovery.ts'], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_DATASET: String(i) },
    });
  }
} else {
  await main();
}
