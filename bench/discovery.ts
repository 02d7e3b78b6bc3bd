// Discovery benchmark (issue 3): 10,000 approved events in a throw-away store, the production server,
// autocannon (10 connections, 10 s) on the public pages, compared with a minimal page of the same app. The page cache
// of anonymous answers is off (PAGE_CACHE_MB=0): this measures the queries and the rendering; `npm run bench:hosting`
// measures the cache.
// Each page also gets the CPU time the server's processes spent per request: on a machine shared with other work,
// req/s follows the load, CPU time per request much less.
// Usage: npm run bench            (BENCH_DURATION=5 for a quicker run)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { ensureBuild, groupCpuMs, initialScripts, seedManyEvents, startServer, throwAwayDataDir } from './lib';

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
  /** CPU time the server's processes spent per request (user + system), in ms: far less moved by a busy machine. */
  cpuMs: number;
}

/** What every browser sends: the cache's answers are measured as browsers get them (issue 35). */
const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br' };

/** The server's process group (startServer detaches it), for its CPU time. */
let serverGroup = 0;

async function measure(name: string, urlPath: string, headers: Record<string, string> = {}): Promise<Figures> {
  const cpuBefore = serverGroup ? groupCpuMs(serverGroup) : 0;
  const result = await autocannon({ url: `${BASE}${urlPath}`, connections: CONNECTIONS, duration: DURATION, headers });
  const cpuMs = serverGroup ? (groupCpuMs(serverGroup) - cpuBefore) / Math.max(1, result.requests.total) : 0;
  return {
    cpuMs,
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
  serverGroup = server.child.pid ?? 0;
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
    // Each page right after its own measure of the bare page (issue 35): on a machine shared with other work, the
    // load changes within a run; a page compared with the reference measured just before it carries less of that.
    const results: (Figures & { reference: number; referenceCpu: number })[] = [];
    for (const [name, p] of pages.slice(1)) {
      const reference = await measure(pages[0][0], pages[0][1]);
      results.push({ ...reference, reference: reference.reqPerSec, referenceCpu: reference.cpuMs });
      results.push({ ...(await measure(name, p)), reference: reference.reqPerSec, referenceCpu: reference.cpuMs });
    }
    console.log(
      `\nautocannon : ${CONNECTIONS} connexions, ${DURATION} s par page, chacune juste après la page Remix minimale\n`,
    );
    console.log(
      'page                           req/s    p50 ms  p99 ms  erreurs  ms CPU  % de la page minimale mesurée juste avant (req/s ; CPU)',
    );
    for (const r of results) {
      const isReference = r.path === pages[0][1];
      console.log(
        `${(isReference ? `  ${r.name}` : r.name).padEnd(30)} ${r.reqPerSec.toFixed(0).padStart(6)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${String(r.errors).padStart(7)}  ${r.cpuMs.toFixed(2).padStart(6)}  ${isReference ? '' : `${((r.reqPerSec / r.reference) * 100).toFixed(0).padStart(5)} % ; ${((r.referenceCpu / r.cpuMs) * 100).toFixed(0).padStart(4)} %${r.path.startsWith('/api/') ? '' : '   (objectif ≥ 100 %)'}`}`,
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
    const pagesOnly = results.filter((r) => r.path !== pages[0][1]);
    const worst = Math.min(...pagesOnly.map((r) => r.reqPerSec / r.reference));
    console.log(`Pire page : ${(worst * 100).toFixed(0)} % de la page minimale (objectif ≥ 100 %)`);
    const worstCpu = Math.min(...pagesOnly.map((r) => r.referenceCpu / r.cpuMs));
    console.log(
      `Pire page en temps CPU par requête : ${(worstCpu * 100).toFixed(0)} % de la page minimale (moins sensible à une machine chargée)`,
    );
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
    serverGroup = 0;
  }
  // The cache with the first data set only: what it serves does not depend on how the page was computed.
  if (dataset.series === 0) await cachedPages(dataDir, detailId);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** The resident memory of the server's process group (primary and workers: startServer detaches it), in MB. */
function serverRssMb(pid: number): number {
  const group = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[2] === String(pid);
      } catch {
        return false;
      }
    });
  return group.reduce((sum, entry) => {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
      return sum + Number(rss ?? 0) / 1024;
    } catch {
      return sum;
    }
  }, 0);
}

/** A change of memory, its sign always said: « +384 Mo », « −295 Mo ». */
const signedMb = (mb: number) => `${mb < 0 ? '−' : '+'}${Math.abs(mb).toFixed(0)} Mo`;

/**
 * The page cache as browsers meet it (issue 35): with `Accept-Encoding: gzip, deflate, br`, a small static file, a JS
 * asset compressed at build time, and the home, list and event page from the cache, each as a share of the static
 * file; then twice 10,000 distinct query strings, and the memory the processes hold after each.
 */
async function cachedPages(dataDir: string, detailId: string) {
  const cacheMb = 32;
  const server = await startServer(dataDir, PORT, {
    PAGE_CACHE_MB: String(cacheMb),
    API_RATE_PER_MINUTE: '1000000000',
  });
  try {
    const home = await (await fetch(`${BASE}/`)).text();
    // The root route's chunk: every page loads it.
    const asset = /\/assets\/shell-[^"]+\.js/.exec(home)?.[0] ?? '/widget.js';
    const pages: [string, string][] = [
      ['fichier statique (tuile, 177 o)', '/images/tuile-hors-ligne.png'],
      ['JS précompressé (root, chaque page)', asset],
      ['accueil en cache', '/'],
      ['liste en cache', '/evenements'],
      ['fiche en cache', `/evenement/${detailId}`],
    ];
    for (const [, p] of pages) await fetch(`${BASE}${p}`, { headers: BROWSER_ENCODING });
    const results: Figures[] = [];
    for (const [name, p] of pages) results.push(await measure(name, p, BROWSER_ENCODING));
    const reference = results[0].reqPerSec;
    console.log(`\nCache et compression (Accept-Encoding: gzip, deflate, br ; cache des pages ${cacheMb} Mo)\n`);
    console.log('réponse                        req/s    p50 ms  p99 ms  erreurs  % du fichier statique  objectif');
    for (const [i, r] of results.entries()) {
      const goal = i === 0 ? '' : i === 1 ? '≥ 90 %' : '≥ 80 %';
      console.log(
        `${r.name.padEnd(30)} ${r.reqPerSec.toFixed(0).padStart(6)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${String(r.errors).padStart(7)}  ${((r.reqPerSec / reference) * 100).toFixed(0).padStart(5)} %               ${goal}`,
      );
    }
    const tracked = await fetch(`${BASE}/evenements?utm_source=newsletter&fbclid=IwAR0`, { headers: BROWSER_ENCODING });
    console.log(
      `\nLien de campagne (utm_source, fbclid) : ${tracked.headers.get('X-Page-Cache') ?? '?'} du cache de /evenements`,
    );
    // Two floods of 10,000 distinct query strings: the first grows the processes' heaps (each render leaves garbage
    // V8 keeps for a while), the second shows whether the cache keeps growing with them: bounded, it does not.
    const flood = 10_000;
    const rss = [serverRssMb(server.child.pid as number)];
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < flood; i += 20) {
        await Promise.all(
          Array.from({ length: 20 }, (_, j) =>
            fetch(`${BASE}/evenements?inconnu=${round * flood + i + j}`, { headers: BROWSER_ENCODING }).then((r) =>
              r.arrayBuffer(),
            ),
          ),
        );
      }
      rss.push(serverRssMb(server.child.pid as number));
    }
    console.log(
      `2 × ${flood} adresses distinctes (?inconnu=…) : mémoire des processus ${rss.map((mb) => mb.toFixed(0)).join(' → ')} Mo (${signedMb(rss[1] - rss[0])} puis ${signedMb(rss[2] - rss[1])} ; cache borné à ${cacheMb} Mo par processus)`,
    );
  } finally {
    await server.stop();
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
