// What an idle instance holds at default settings (issue 72: ≤ 150 MB PSS in all): the production build started as
// `npm start` starts it (SQLite, the demo content, WEB_CONCURRENCY unset, the V8 flags of package.json), then, some
// seconds after the first 200, each process's PSS, private and shared memory (/proc/<pid>/smaps_rollup), and the sums.
// PSS divides the pages of Node's binary with every process of the machine that runs the same binary: on a shared
// machine it says less than a container would hold (the « instance » figure counts the shared pages once).
// Usage: npm run bench:idle-memory                 (BENCH_PORT=3230, BENCH_IDLE_S=20 seconds after the first 200)
//        npm run bench:idle-memory -- --runs 3     (three starts in a row, each measured; the median total at the end)
//        BENCH_SERVER_ENV='SEED_DEMO=false' npm run bench:idle-memory   (settings of the server, space-separated)
//        BENCH_APP_DIR=/tmp/other npm run bench:idle-memory   (another build: a copy of its build/, node_modules linked)
import fs from 'node:fs';
import os from 'node:os';
import { ensureBuild, median, startServer, throwAwayDataDir } from './lib';
import { describeMemory, groupMemory, instanceMb } from './process-memory';

const PORT = Number(process.env.BENCH_PORT ?? 3230);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 20);
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 1;
/** The flags `npm start` gives Node (package.json); the bench's startServer adds BENCH_NODE_ARGS to its command. */
process.env.BENCH_NODE_ARGS ??= '--max-semi-space-size=16 --heap-growing-percent=100';
const serverEnv = Object.fromEntries(
  (process.env.BENCH_SERVER_ENV ?? '')
    .split(/\s+/)
    .filter((pair) => pair.includes('='))
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

// BENCH_APP_DIR: a copy of another build/ (bench/lib.ts), measured as it is.
if (!process.env.BENCH_APP_DIR) ensureBuild();
console.log(`bench:idle-memory — ${RUNS} démarrage(s), ${IDLE_S} s après le premier 200, charge ${load()}`);
const totals: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  const dataDir = throwAwayDataDir('idle');
  const server = await startServer(dataDir, PORT, { SEED_DEMO: 'true', ...serverEnv });
  try {
    for (let i = 0; i < 600; i++) {
      if ((await fetch(`${server.base}/about`).catch(() => null))?.status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, IDLE_S * 1000));
    const memory = groupMemory(server.child.pid as number);
    const pss = memory.reduce((s, m) => s + m.pssMb, 0);
    totals.push(pss);
    console.log(`\nPassage ${run} (charge ${load()})`);
    for (const m of memory)
      console.log(
        `  ${m.role.padEnd(12)} PSS ${m.pssMb.toFixed(1).padStart(6)}  privé ${m.privateMb.toFixed(1).padStart(6)}  partagé ${m.sharedMb.toFixed(1).padStart(6)}  RSS ${m.rssMb.toFixed(1).padStart(6)}`,
      );
    console.log(
      `  ${'en tout'.padEnd(12)} PSS ${pss.toFixed(1).padStart(6)}  privé ${memory
        .reduce((s, m) => s + m.privateMb, 0)
        .toFixed(1)
        .padStart(6)}  instance ${instanceMb(memory).toFixed(1)} (objectif : PSS ≤ 150)`,
    );
    console.log(`  ${describeMemory(memory)}`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
if (RUNS > 1) console.log(`\nPSS en tout, médiane de ${RUNS} : ${median(totals).toFixed(1)} Mo (charge ${load()})`);
