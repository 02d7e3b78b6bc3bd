// Two builds of the site compared page by page (issue 35), for a change too small for the machine's noise: both
// production servers run side by side on copies of one seeded store (one process each, no page cache, no jobs), and
// the load alternates between them second by second (A B B A…), so that whatever else the machine does falls on both.
// Prints, per page, the median CPU time per request of each build, B against A, and each page against the bare
// Remix page of the same build (the ratio of `npm run bench`).
// Usage: BENCH_A=dir BENCH_B=dir node --import tsx bench/ab-builds.ts [series]
//        (each dir holds a `build/` and a link to `node_modules`; AB_ROUNDS=12, AB_SLICE=1 second, AB_PAGES=liste,fiche)
import fs from 'node:fs';
import path from 'node:path';
import { cpuPerRequest, median, renderedPages, seedManyEvents, startServer, throwAwayDataDir } from './lib';

const ROUNDS = Number(process.env.AB_ROUNDS ?? 12);
const SLICE = Number(process.env.AB_SLICE ?? 1);
const PORT = Number(process.env.BENCH_PORT ?? 3330);
const series = process.argv[2] === 'series' ? 1000 : 0;
const builds = { A: process.env.BENCH_A ?? '', B: process.env.BENCH_B ?? '' };

async function main() {
  for (const dir of Object.values(builds))
    if (!fs.existsSync(path.join(dir, 'build/server.js'))) throw new Error(`BENCH_A et BENCH_B : ${dir || '(vide)'}`);
  const dataDir = throwAwayDataDir('ab');
  const { ids, seriesIds } = await seedManyEvents(undefined, series);
  const copy = `${dataDir}-b`;
  fs.cpSync(dataDir, copy, { recursive: true });
  const env = { PAGE_CACHE_MB: '0', WEB_CONCURRENCY: '1', JOBS_IN_PROCESS: 'false', API_RATE_PER_MINUTE: '1000000000' };
  const servers = {
    A: await startServer(dataDir, PORT, env, builds.A),
    B: await startServer(copy, PORT + 1, env, builds.B),
  };
  const pages = renderedPages(ids, seriesIds, { home: true, places: true });
  const only = process.env.AB_PAGES?.split(',');
  if (only) pages.splice(1, pages.length, ...pages.slice(1).filter(([name]) => only.includes(name)));
  try {
    const figures = new Map<string, { A: number; B: number }>();
    for (const [name, page] of pages) {
      const cpu = { A: [] as number[], B: [] as number[] };
      for (let i = 0; i < 3; i++)
        for (const side of ['A', 'B'] as const) await cpuPerRequest(servers[side], page, SLICE); // warm-up
      for (let round = 0; round < ROUNDS; round++)
        for (const side of round % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const))
          cpu[side].push(await cpuPerRequest(servers[side], page, SLICE));
      figures.set(name, { A: median(cpu.A), B: median(cpu.B) });
      if (process.env.AB_VERBOSE)
        console.log(
          name,
          'A',
          cpu.A.map((v) => v.toFixed(1)).join(' '),
          '| B',
          cpu.B.map((v) => v.toFixed(1)).join(' '),
        );
    }
    const bare = figures.get(pages[0][0]) as { A: number; B: number };
    console.log(
      `\nA = ${builds.A}\nB = ${builds.B}\n${ROUNDS} tranches de ${SLICE} s par build et par page, alternées`,
    );
    console.log('\npage                   A ms CPU/req  B ms CPU/req   B/A     page minimale / page : A      B');
    for (const [name, { A, B }] of figures)
      console.log(
        `${name.padEnd(22)} ${A.toFixed(2).padStart(12)}  ${B.toFixed(2).padStart(12)}  ${((B / A) * 100).toFixed(0).padStart(4)} %` +
          `${' '.repeat(24)}${((bare.A / A) * 100).toFixed(0).padStart(4)} % ${((bare.B / B) * 100).toFixed(0).padStart(5)} %`,
      );
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
    for (const dir of [dataDir, copy]) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
