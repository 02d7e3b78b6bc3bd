// What an instance costs as the agenda grows (issue 50): at 1,000 / 10,000 / 50,000 / 100,000 events, the first start
// and a restart to the first 200, the memory of each process (idle and under load), the CPU time per request of each
// kind of page uncached against the bare page of the same run, and the cached hits against a hashed asset. The load
// average goes with each figure: the machine is shared, ratios within one run say more than absolute times.
// First the cold path (issue 69): each kind of page right after a write that empties the read memos, the page cache off,
// the CPU of the web processes per request from their own /proc/<pid>/stat.
// Usage: npm run bench:scale                       (the four sizes, each in a process of its own)
//        npm run bench:scale -- --cold --sizes 1000,100000 (the cold table alone, at some sizes)
//        npm run bench:scale -- --sizes 1000,10000 (some of them; BENCH_DURATION=2 seconds per page by default)
//        BENCH_MEMORY_MB=512 npm run bench:scale    (the instance in a memory group of 512 MB, as Cloud Run's container:
//                                                  Node sizes V8's heap from it; needs the right to make a cgroup)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import {
  alternatedCpu,
  ensureBuild,
  groupCpuMs,
  memoryGroup,
  type RunningServer,
  SLICES,
  seedManyEvents,
  startServer,
  throwAwayDataDir,
} from './lib';
import { describeMemory, groupMemory, instanceMb, rssSum } from './process-memory';

const PORT = Number(process.env.BENCH_PORT ?? 3230);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_DURATION ?? 2);
const CONNECTIONS = 4;
const DEFAULT_SIZES = [1_000, 10_000, 50_000, 100_000];
/** `--cold`: the cold table alone (issue 69), not the warm slices, the restart and the cached hits after it. */
const COLD_ONLY = process.argv.includes('--cold') || process.env.BENCH_COLD_ONLY === '1';
/** Requests per page of the cold table, each after a write. */
const COLD_REQUESTS = Number(process.env.BENCH_COLD_REQUESTS ?? 10);
/** The API's allowance per address would turn the measure into 429s. */
const NO_API_LIMIT = { API_RATE_PER_MINUTE: '1000000000' };
const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br' };
/** The container's memory, in MB, when the instance runs in a memory group (BENCH_MEMORY_MB). */
const LIMIT_MB = Number(process.env.BENCH_MEMORY_MB ?? 0);
/** The memory group of the size being measured (made by runSize). */
let group: ReturnType<typeof memoryGroup> = null;
/** Takes the group away, also when a start fails (the group is made before it): none is left behind. */
const removeGroup = () => {
  group?.remove();
  group = null;
};

const load = () => os.loadavg()[0].toFixed(1);

/** Starts the server and waits for the first 200 of `/about`; the seconds it took. */
async function timedStart(
  dataDir: string,
  env: Record<string, string>,
): Promise<{ server: RunningServer; s: number; cpuS: number }> {
  const started = performance.now();
  const server = await startServer(dataDir, PORT, env, undefined, group?.procs);
  for (let i = 0; i < 12_000; i++) {
    try {
      if ((await fetch(`${BASE}/about`)).status === 200) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  return { server, s: (performance.now() - started) / 1000, cpuS: startCpuMs(server.child.pid as number) / 1000 };
}

/**
 * The CPU time the start took: the group's processes, and those gone that the primary waited for (the process that
 * prepares the data). On a busy machine the seconds to the first 200 follow the load; this much less.
 */
function startCpuMs(pgid: number): number {
  const fields = fs.readFileSync(`/proc/${pgid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return groupCpuMs(pgid) + (Number(fields[13]) + Number(fields[14])) * 10;
}

interface Measure {
  cpuMs: number;
  reqPerSec: number;
  /** Bytes per answer, headers included (autocannon's throughput over its requests). */
  bytes: number;
  load: string;
  peakMb: number;
  /** The instance's peak (instanceMb). */
  peakInstanceMb: number;
}

/** The group's memory every 250 ms until `stop`, which gives its peaks (summed RSS, and the instance's). */
function sampleMemory(pgid: number): { stop: () => { peakMb: number; peakInstanceMb: number } } {
  let peakMb = 0;
  let peakInstanceMb = 0;
  const timer = setInterval(() => {
    const memory = groupMemory(pgid);
    peakMb = Math.max(peakMb, rssSum(memory));
    peakInstanceMb = Math.max(peakInstanceMb, instanceMb(memory));
  }, 250);
  return {
    stop() {
      clearInterval(timer);
      return { peakMb, peakInstanceMb };
    },
  };
}

/** autocannon on one address; the CPU time the server's processes spent per request, and the group's peak memory. */
async function measure(server: RunningServer, urlPath: string, headers: Record<string, string> = {}): Promise<Measure> {
  const pgid = server.child.pid as number;
  const sampler = sampleMemory(pgid);
  const cpuBefore = groupCpuMs(pgid);
  const result = await autocannon({ url: `${BASE}${urlPath}`, connections: CONNECTIONS, duration: DURATION, headers });
  const { peakMb, peakInstanceMb } = sampler.stop();
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors > 0) console.log(`  ! ${urlPath} : ${errors} réponses en erreur ou non 2xx`);
  return {
    cpuMs: (groupCpuMs(pgid) - cpuBefore) / Math.max(1, result.requests.total),
    reqPerSec: result.requests.average,
    bytes: result.throughput.total / Math.max(1, result.requests.total),
    load: load(),
    peakMb,
    peakInstanceMb,
  };
}

interface Asked {
  url: string;
  headers?: Record<string, string>;
}

/**
 * A page against its reference (the bare page, a hashed asset): their CPU per answer from SLICES.rounds slices of each,
 * alternated, the medians compared (one slice each moved a ratio by ±0.5 from one run to the next); their size, rate
 * and the memory from one longer run of each, after.
 */
async function againstReference(server: RunningServer, reference: Asked, page: Asked) {
  const sampler = sampleMemory(server.child.pid as number);
  const cpu = await alternatedCpu(server, [
    { key: 'reference', ...reference },
    { key: 'page', ...page },
  ]);
  const sliced = sampler.stop();
  const runs = [await measure(server, reference.url, reference.headers), await measure(server, page.url, page.headers)];
  const [ref, measured] = runs.map((m, i) => ({
    ...m,
    cpuMs: cpu(i === 0 ? 'reference' : 'page'),
    peakMb: Math.max(m.peakMb, sliced.peakMb),
    peakInstanceMb: Math.max(m.peakInstanceMb, sliced.peakInstanceMb),
  }));
  return { reference: ref, page: measured };
}

/**
 * One page against the bare page: its CPU per answer, the ratio, and the ratio per KB sent (a page of 58 KB does more
 * than one of 24 KB: rendered HTML costs about the same per KB whatever the page, issue 50's closing note).
 */
const row = (name: string, m: Measure, reference: Measure, goal = '') => {
  const perKb = m.cpuMs / m.bytes / (reference.cpuMs / reference.bytes);
  return `  ${name.padEnd(34)} ${m.cpuMs.toFixed(2).padStart(6)} ms  ${(m.cpuMs / reference.cpuMs).toFixed(2).padStart(5)}×  ${(m.bytes / 1024).toFixed(0).padStart(4)} Ko  ${perKb.toFixed(2).padStart(5)}× par Ko  ${m.reqPerSec.toFixed(0).padStart(6)} req/s  charge ${m.load.padStart(4)}  ${goal}`;
};

/** The pages of the cold table (issue 69): each kind a public page or API answer shows, its goal against 1,000. */
function coldPages({ size, rare, venue, detail, series, page50 }: ColdTargets): [string, string][] {
  return [
    ['page nue /about', '/about'],
    ['accueil', '/'],
    ['liste, page 2', '/evenements?page=2'],
    ['liste, page 50 (ancien lien)', `/evenements?page=${Math.min(50, Math.ceil(size / 20))}`],
    // What a crawler or a visitor reaches it by: « Suivant » (rel=next) of page 49, after its last result.
    ['liste, page 50 (Suivant)', page50],
    ['une catégorie (musique)', '/evenements?category=musique'],
    ['un canton (VD)', '/evenements?canton=VD'],
    ['« Autour de » Lausanne', '/evenements?autour=Lausanne'],
    ['mot courant « concert »', '/evenements?q=concert'],
    [`mot rare « ${rare} »`, `/evenements?q=${rare}`],
    ['/lieux', '/lieux'],
    ['un lieu', venue],
    ['fiche', `/evenement/${detail}`],
    ['fiche d’une série', `/evenement/${series}`],
    ['API /api/v1/events', '/api/v1/events'],
  ];
}

interface ColdTargets {
  size: number;
  rare: string;
  venue: string;
  detail: string;
  series: string;
  page50: string;
}

/** The CPU time (user + system) so far of the group's web processes alone (AGENDA_ROLE=web), in ms. */
function webCpuMs(pgid: number): number {
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      if (fields[2] !== String(pgid) || Number(entry) === pgid) continue;
      const environ = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if ((environ.find((v) => v.startsWith('AGENDA_ROLE='))?.slice(12) ?? 'web') !== 'web') continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/** The kernel's clock ticks per second (the unit of utime and stime in /proc/<pid>/stat). */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The cold path (issue 69): each page asked COLD_REQUESTS times, one request at a time, each right after a write that
 * moves the site's revision (what any approval or import does: every read memo keyed by it is stale), the page cache
 * off (PAGE_CACHE_MB=0). The CPU the web processes spent over those requests, from their own /proc/<pid>/stat, per
 * request: the machine's load does not change it, unlike the wall time.
 */
async function coldTable(server: RunningServer, dataDir: string, targets: ColdTargets) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(`${dataDir}/agenda.sqlite`);
  db.pragma('busy_timeout = 5000');
  const write = db.prepare('UPDATE site_revision SET n = n + 1 WHERE id = 1');
  const pgid = server.child.pid as number;
  console.log(
    `\nChemin froid : CPU des processus web par requête, chacune après une écriture qui vide les mémos, cache des pages coupé (moyenne de ${COLD_REQUESTS} requêtes ; objectif ≤ 30 ms à 100 000 et ≤ 1,5× son coût à 1 000)`,
  );
  try {
    for (const [name, url] of coldPages(targets)) {
      // One request first: the code of the route loaded, what a first visit after the start would pay once.
      await fetch(`${BASE}${url}`);
      let cpu = 0;
      let status = 200;
      for (let i = 0; i < COLD_REQUESTS; i++) {
        write.run();
        const before = webCpuMs(pgid);
        const response = await fetch(`${BASE}${url}`);
        await response.arrayBuffer();
        cpu += webCpuMs(pgid) - before;
        if (response.status !== 200) status = response.status;
      }
      const ms = cpu / COLD_REQUESTS;
      console.log(
        `  froid ${String(targets.size).padStart(6)}  ${name.padEnd(30)} ${ms.toFixed(1).padStart(7)} ms${status === 200 ? '' : `  ! HTTP ${status}`}  ${url}`,
      );
    }
  } finally {
    db.close();
  }
}

async function runSize(size: number) {
  ensureBuild();
  if (LIMIT_MB > 0) {
    group = memoryGroup(LIMIT_MB);
    if (!group) throw new Error('BENCH_MEMORY_MB : impossible de créer ici un groupe de contrôle de la mémoire');
    console.log(`Instance dans un groupe de contrôle de ${LIMIT_MB} Mo (comme un conteneur)`);
  }
  const dataDir = throwAwayDataDir(`scale${size}`);
  const series = Math.max(1, Math.round(size / 100));
  let started = performance.now();
  const { ids, seriesIds } = await seedManyEvents(size, series);
  const seedS = (performance.now() - started) / 1000;
  const { getServices } = await import('../app/.server/services');
  await getServices().close();
  console.log(
    `\n=== ${size.toLocaleString('fr-CH')} événements (dont ${series} séries hebdomadaires) — base remplie en ${seedS.toFixed(1)} s, ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} Mo ===`,
  );

  // The first start: migrations and the linking of events to their places; then the idle memory, the pages uncached.
  started = performance.now();
  const first = await timedStart(dataDir, { PAGE_CACHE_MB: '0', ...NO_API_LIMIT });
  let server = first.server;
  console.log(
    `Premier démarrage jusqu’au premier 200 : ${first.s.toFixed(1)} s, ${first.cpuS.toFixed(1)} s de CPU (charge ${load()})`,
  );
  const rare = String(Math.floor(size / 2) + 1);
  try {
    // A large site's places migration runs in the jobs process once the site serves (the `lieux` job): the pages are
    // measured once it is over.
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(`${dataDir}/agenda.sqlite`, { readonly: true });
    const unlinked = db.prepare('SELECT COUNT(*) AS n FROM events WHERE venue_id IS NULL OR organizer_id IS NULL');
    while ((unlinked.get() as { n: number }).n > 0) await new Promise((r) => setTimeout(r, 500));
    db.close();
    console.log(`Lieux rattachés ${((performance.now() - started) / 1000).toFixed(1)} s après le lancement`);
    await new Promise((r) => setTimeout(r, 5000));
    console.log(`Mémoire au repos (Mo) : ${describeMemory(groupMemory(server.child.pid as number))}`);
    const lieux = await (await fetch(`${BASE}/lieux`)).text();
    const venue = /href="(\/lieux\/[^"?#]+)"/.exec(lieux)?.[1] ?? '/lieux';
    const detail = ids[Math.floor(ids.length / 3)];
    const before50 = await (await fetch(`${BASE}/evenements?page=${Math.min(49, Math.ceil(size / 20) - 1)}`)).text();
    const page50 = (/<link rel="next" href="([^"]+)"/.exec(before50)?.[1] ?? '/evenements?page=50').replaceAll(
      '&amp;',
      '&',
    );
    await coldTable(server, dataDir, { size, rare, venue, detail, series: seriesIds[0], page50 });
    if (COLD_ONLY) return;
    const pages: [string, string, string][] = [
      ['accueil', '/', '≤ 1,5×'],
      ['liste', '/evenements', '≤ 1,5×'],
      ['recherche courante « concert »', '/evenements?q=concert', '≤ 1,5×'],
      [`recherche rare « ${rare} »`, `/evenements?q=${rare}`, '≤ 1,5×'],
      ['fiche', `/evenement/${detail}`, '≤ 1,5×'],
      ['fiche d’une série', `/evenement/${seriesIds[0]}`, '≤ 2×'],
      ['/lieux', '/lieux', '≤ 1,5×'],
      ['un lieu', venue, '≤ 1,5×'],
      ['API /api/v1/events', '/api/v1/events', ''],
      ['ICS d’un événement', `/evenement/${detail}/calendrier.ics`, ''],
    ];
    for (const [, p] of pages) await fetch(`${BASE}${p}`);
    console.log(
      `\nTemps CPU par requête sans cache, rapport à /about : médianes de ${SLICES.rounds} tranches alternées de ${SLICES.seconds} s chacune ; octets, req/s et mémoire d’une mesure de ${DURATION} s (${CONNECTIONS} connexions)`,
    );
    let peakMb = 0;
    let peakInstanceMb = 0;
    group?.resetPeak();
    for (const [name, p, goal] of pages) {
      const { reference, page: m } = await againstReference(server, { url: '/about' }, { url: p });
      peakMb = Math.max(peakMb, reference.peakMb, m.peakMb);
      peakInstanceMb = Math.max(peakInstanceMb, reference.peakInstanceMb, m.peakInstanceMb);
      console.log(row('page nue /about', reference, reference));
      console.log(row(name, m, reference, goal));
    }
    // Dynamic compression: the list with and without brotli, as its share of the render. A difference of a few tenths
    // of a millisecond is below what one slice of each can tell apart (−17 to 39 % from one size to the next): their
    // slices alternate, the medians of SLICES.rounds compared.
    const sampler = sampleMemory(server.child.pid as number);
    const compressed = await alternatedCpu(server, [
      { key: 'plain', url: '/evenements' },
      { key: 'br', url: '/evenements', headers: BROWSER_ENCODING },
    ]);
    const compressing = sampler.stop();
    peakMb = Math.max(peakMb, compressing.peakMb);
    peakInstanceMb = Math.max(peakInstanceMb, compressing.peakInstanceMb);
    const [plainMs, brotliMs] = [compressed('plain'), compressed('br')];
    console.log(
      `  compression brotli de la liste : ${(brotliMs - plainMs).toFixed(2)} ms, ${(((brotliMs - plainMs) / plainMs) * 100).toFixed(0)} % du rendu (objectif ≤ 10 % ; médianes de ${SLICES.rounds} tranches alternées de ${SLICES.seconds} s, ${plainMs.toFixed(2)} et ${brotliMs.toFixed(2)} ms)`,
    );
    console.log(
      `Mémoire en charge (pic, Mo) : ${peakMb.toFixed(0)} de RSS additionnée, ${peakInstanceMb.toFixed(0)} pour l’instance (objectif ≤ 450) ; après : ${describeMemory(groupMemory(server.child.pid as number))}`,
    );
    if (group) {
      const { mb, oomKills } = group.peak();
      console.log(
        `  groupe de ${LIMIT_MB} Mo : pic ${mb.toFixed(0)} Mo (fichiers lus compris, que le noyau reprend), ${oomKills} processus tué faute de mémoire`,
      );
    }
  } finally {
    await server.stop();
    if (COLD_ONLY) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (COLD_ONLY) return;

  // A restart on the same data, the page cache on (the default): the cached hits against a hashed asset.
  const restart = await timedStart(dataDir, NO_API_LIMIT);
  server = restart.server;
  console.log(
    `\nRedémarrage jusqu’au premier 200 : ${restart.s.toFixed(1)} s, ${restart.cpuS.toFixed(1)} s de CPU (charge ${load()}) (objectif ≤ 5 s)`,
  );
  try {
    await new Promise((r) => setTimeout(r, 3000));
    console.log(
      `Mémoire au repos, cache des pages par défaut (Mo) : ${describeMemory(groupMemory(server.child.pid as number))}`,
    );
    const home = await (await fetch(`${BASE}/`)).text();
    const asset = /\/assets\/shell-[^"]+\.js/.exec(home)?.[0] ?? '/widget.js';
    const hits: [string, string][] = [
      ['page en cache (liste)', '/evenements'],
      ['API en cache', '/api/v1/events'],
      ['fichier statique /favicon.svg', '/favicon.svg'],
    ];
    for (const [, p] of hits) await fetch(`${BASE}${p}`, { headers: BROWSER_ENCODING });
    console.log('\nRéponses en cache, rapport au JS à empreinte (tranches alternées, comme plus haut)');
    for (const [name, p] of hits) {
      const { reference, page } = await againstReference(
        server,
        { url: asset, headers: BROWSER_ENCODING },
        { url: p, headers: BROWSER_ENCODING },
      );
      console.log(row('JS à empreinte', reference, reference));
      console.log(row(name, page, reference));
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    removeGroup();
  }
}

const sizesArg = process.argv.indexOf('--sizes');
const sizes =
  sizesArg >= 0
    ? (process.argv[sizesArg + 1] ?? '')
        .split(',')
        .map(Number)
        .filter((n) => n > 0)
    : DEFAULT_SIZES;
if (process.env.BENCH_SCALE_SIZE) {
  try {
    await runSize(Number(process.env.BENCH_SCALE_SIZE));
  } finally {
    removeGroup();
  }
} else {
  console.log(
    `bench:scale — ${os.cpus().length} cœurs, tailles ${sizes.join(', ')}, charge ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  // Each size in a process of its own: the store opened to seed is one per process.
  for (const size of sizes)
    execFileSync(process.execPath, ['--import', 'tsx', 'bench/scale.ts'], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_SCALE_SIZE: String(size), ...(COLD_ONLY ? { BENCH_COLD_ONLY: '1' } : {}) },
    });
}
