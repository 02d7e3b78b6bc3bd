// Where an uncached render spends its time (issue 35): the production server in one process (WEB_CONCURRENCY=1, the
// jobs elsewhere off), profiled by V8 (`--cpu-prof`) while autocannon asks one page for a few seconds; then the
// samples summed per part (React's rendering, Remix, SQLite, our code, the garbage collector…) and the heaviest
// functions. The same seeded store as `npm run bench`, a fresh server (and profile) per page.
// Usage: node --import tsx bench/profile-pages.ts [series]      (PROFILE_DURATION=5, BENCH_PORT)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureBuild, renderedPages, seedManyEvents, startServer, throwAwayDataDir } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.PROFILE_DURATION ?? 5);
const series = process.argv[2] === 'series' ? 1000 : 0;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The part of the stack a sample's function belongs to, from its file. */
function partOf(url: string, name: string): string {
  if (name === '(garbage collector)') return 'ramasse-miettes';
  if (name === '(idle)' || name === '(program)') return name;
  if (url.includes('react-dom')) return 'React (rendu serveur)';
  if (url.includes('@remix-run') || url.includes('react-router')) return 'Remix';
  if (url.includes('better-sqlite3') || name === 'all' || name === 'get' || name === 'prepare') return 'SQLite';
  if (url.includes('express') || url.includes('compression') || url.includes('helmet')) return 'Express';
  if (url.includes('node_modules')) return `autres modules (${url.split('node_modules/').pop()?.split('/')[0]})`;
  if (url.startsWith('node:') || url === '') return 'Node (interne)';
  if (url.includes('build/server')) return 'code de l’app';
  return url;
}

/** The profile's parts and heaviest functions, as shares of the busy time and as CPU ms per request. */
function summarise(profile: CpuProfile, requests: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // Only the load: the samples after the longest idle stretch (the pause before autocannon), not the start.
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  let from = 0;
  let longest = 0;
  for (let i = 0, runStart = 0, run = 0; i < profile.samples.length; i++) {
    if (!idle.has(profile.samples[i])) {
      run = 0;
      runStart = i + 1;
      continue;
    }
    run += profile.timeDeltas[i] ?? 0;
    if (run > longest) [longest, from] = [run, runStart];
  }
  const self = new Map<number, number>();
  for (let i = from; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const parts = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = (byId.get(id) as ProfileNode).callFrame;
    const part = partOf(url, functionName);
    if (part === '(idle)') continue;
    busy += us;
    parts.set(part, (parts.get(part) ?? 0) + us);
    const key = `${functionName || '(anonyme)'} ${path.basename(url)}:${lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
  }
  const pct = (us: number) =>
    `${((us / busy) * 100).toFixed(1).padStart(5)} %  ${(us / 1000 / requests).toFixed(3).padStart(6)} ms/req`;
  console.log(`  temps CPU : ${(busy / 1000 / requests).toFixed(2)} ms par requête (${requests} requêtes)`);
  console.log('  par partie :');
  for (const [part, us] of [...parts].sort((a, b) => b[1] - a[1]).slice(0, 9)) console.log(`    ${pct(us)}  ${part}`);
  console.log('  fonctions les plus lourdes (temps propre) :');
  for (const [fn, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`    ${pct(us)}  ${fn}`);
}

async function main() {
  ensureBuild();
  const dataDir = throwAwayDataDir('profile');
  const { ids, seriesIds } = await seedManyEvents(undefined, series);
  const pages = renderedPages(ids, seriesIds);
  const only = process.env.PROFILE_PAGES?.split(',');
  for (const [name, page] of pages) {
    if (only && !only.includes(name)) continue;
    const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-cpuprof-'));
    const server = await startServer(dataDir, PORT, {
      PAGE_CACHE_MB: '0',
      WEB_CONCURRENCY: '1',
      JOBS_IN_PROCESS: 'false',
      API_RATE_PER_MINUTE: '1000000000',
      NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}`,
    });
    await fetch(`${BASE}${page}`);
    await new Promise((r) => setTimeout(r, 2000)); // the pause that separates the start from the load in the profile
    const result = await autocannon({ url: `${BASE}${page}`, connections: 10, duration: DURATION });
    await server.stop();
    // The profiles are written as the processes leave: wait until none of the group is left.
    for (let i = 0; i < 300; i++) {
      try {
        process.kill(-(server.child.pid as number), 0);
      } catch {
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const files = fs.readdirSync(profileDir).map((f) => path.join(profileDir, f));
    // The serving process is the one with most samples (a primary that only supervises has few).
    const profile = files
      .map((f) => JSON.parse(fs.readFileSync(f, 'utf8')) as CpuProfile)
      .sort((a, b) => b.samples.length - a.samples.length)[0];
    console.log(`\n${name} (${page}) : ${result.requests.average.toFixed(0)} req/s sous le profileur`);
    if (profile) summarise(profile, result.requests.total);
    // PROFILE_OUT=dir keeps each profile (open it in Chrome's DevTools, Performance panel).
    if (profile && process.env.PROFILE_OUT) {
      fs.mkdirSync(process.env.PROFILE_OUT, { recursive: true });
      const file = path.join(process.env.PROFILE_OUT, `${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(profile));
    }
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
