// Issue 46, item 5: what the feeds cost the other pages. On the production build with 600 events (feeds hold 500):
// the CPU one feed costs the server (each request a new selection, so never from a cache), then a cached /about alone
// and during a loop of ~3 feed requests per second with varied `q` (spellings of the same words, and selections never
// asked before), same run: its p99 during the flood must stay within 2× its p99 alone.
// Usage: npm run bench:feeds      (BENCH_DURATION=5 for a quicker run; BENCH_PORT for another port)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { LIMITS_FILE } from '../app/.server/platform/limiter';
import { ensureBuild, type RunningServer, seedManyEvents, startServer, throwAwayDataDir } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3270);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const FEEDS_PER_SECOND = 3;
/** What a subscriber or a curl loop types: the same words in every spelling (issue 46), and other words. */
const SPELLINGS = ['de', 'De', 'DE', 'de%20', 'd%C3%A9', 'concert', 'Concert', 'CONCERT', 'f%C3%AAte', 'FETE', 'jazz'];

/** CPU seconds used so far by the server's process group (primary and workers), from /proc. */
function groupCpuSeconds(server: RunningServer): number {
  const pids = execFileSync('ps', ['-o', 'pid=', '-g', String(server.child.pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = execFileSync('cat', [`/proc/${pid}/stat`], { encoding: 'utf8' });
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {}
  }
  return total;
}

async function about(base: string) {
  const result = await autocannon({ url: `${base}/about`, connections: CONNECTIONS, duration: DURATION });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function main() {
  ensureBuild();
  const dataDir = throwAwayDataDir('feeds');
  await seedManyEvents(600, 12);
  // Two servers in turn on the same store: one for the CPU of a feed, one for /about (the allowance of feeds made per
  // minute and address is each process's: the first measure does not use up the flood's).
  const one = { WEB_CONCURRENCY: '1', SESSION_SECRET: 'f'.repeat(48) };
  let server: RunningServer = await startServer(dataDir, PORT, one);
  try {
    let base = server.base;
    // The CPU of one feed at 500 events: each request a selection never asked before (its own `au=`), one at a time.
    const first = await fetch(`${base}/evenements.ics`);
    const size = (await first.text()).length;
    const count = 20;
    const before = groupCpuSeconds(server);
    for (let i = 0; i < count; i++) {
      const answer = await fetch(`${base}/evenements.ics?au=2031-0${1 + (i % 9)}-${10 + i}`);
      if (answer.status !== 200) throw new Error(`flux : ${answer.status}`);
      await answer.arrayBuffer();
    }
    const cpuMs = ((groupCpuSeconds(server) - before) * 1000) / count;
    const ics = await (await fetch(`${base}/evenements.ics?au=2031-12-31`)).text();
    const vevents = ics.split('BEGIN:VEVENT').length - 1;
    console.log(
      `Flux iCal : ${vevents} événements, ${Math.round(size / 1024)} Ko, ${cpuMs.toFixed(0)} ms de CPU par requête (objectif ≤ 50 ms)`,
    );

    await server.stop();
    // The allowance of feeds per address is counted in DATA_DIR (limites.sqlite): the flood starts from a new one.
    for (const file of fs.readdirSync(dataDir)) if (file.startsWith(LIMITS_FILE)) fs.rmSync(path.join(dataDir, file));
    server = await startServer(dataDir, PORT + 1, one);
    base = server.base;
    await fetch(`${base}/about`);
    // The flood: ~3 feed requests per second, by a single loop, while /about is measured.
    const statuses = new Map<string, number>();
    let n = 0;
    async function duringFlood() {
      let flooding = true;
      const flood = (async () => {
        while (flooding) {
          const q = SPELLINGS[n % SPELLINGS.length];
          // Every other request a selection never asked before: a new feed to make, not one kept.
          const path =
            n % 2 === 0
              ? `/evenements.ics?q=${q}`
              : `/evenements.${n % 4 === 1 ? 'rss' : 'ics'}?q=${q}&du=2026-12-${10 + (n % 18)}&n=${n}`;
          n += 1;
          const started = Date.now();
          fetch(`${base}${path}`)
            .then(async (answer) => {
              await answer.arrayBuffer();
              const key = `${answer.status} ${answer.headers.get('x-page-cache') ?? '-'}`;
              statuses.set(key, (statuses.get(key) ?? 0) + 1);
            })
            .catch(() => statuses.set('erreur', (statuses.get('erreur') ?? 0) + 1));
          await new Promise((r) => setTimeout(r, Math.max(0, 1000 / FEEDS_PER_SECOND - (Date.now() - started))));
        }
      })();
      const measured = await about(base);
      flooding = false;
      await flood;
      return measured;
    }
    // Alone, during, during, alone: the machine's own load weighs the same on both (a shared machine).
    const a1 = await about(base);
    const d1 = await duringFlood();
    const d2 = await duringFlood();
    const a2 = await about(base);
    const mean = (x: { rps: number; p99: number; errors: number }, y: typeof x) => ({
      rps: Math.round((x.rps + y.rps) / 2),
      p99: (x.p99 + y.p99) / 2,
      errors: x.errors + y.errors,
    });
    const alone = mean(a1, a2);
    const during = mean(d1, d2);
    const ratio = during.p99 / Math.max(1, alone.p99);
    console.table([
      { mesure: '/about seul', 'req/s': alone.rps, 'p99 (ms)': alone.p99, erreurs: alone.errors },
      {
        mesure: `/about pendant ~${FEEDS_PER_SECOND} flux/s`,
        'req/s': during.rps,
        'p99 (ms)': during.p99,
        erreurs: during.errors,
      },
    ]);
    console.log(`Flux envoyés : ${n} ; réponses (statut, cache) : ${JSON.stringify(Object.fromEntries(statuses))}`);
    console.log(`p99 de /about pendant les flux / seul : ${ratio.toFixed(2)}× (objectif ≤ 2×)`);
    if (ratio > 2 || cpuMs > 50) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
