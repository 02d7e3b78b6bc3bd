// What compressing costs the server (issue 50), production build, one process, no page cache, no jobs: the CPU per
// request of uncached pages asked for in brotli, in gzip and without compression, each coding's share against the same
// run's page sent as it is (target ≤ 10 %); and the non-hashed public files (/favicon.svg, /manifest.webmanifest,
// /widget.js) against a hashed asset of the build, both in brotli (target: the same cost).
// Usage: node --import tsx bench/compression.ts   (BENCH_EVENTS=2000, BENCH_ROUNDS=5, BENCH_SLICE=1 second)
import fs from 'node:fs';
import zlib from 'node:zlib';
import {
  alternatedCpu,
  ensureBuild,
  initialScripts,
  median,
  type RunningServer,
  renderedPages,
  SLICES,
  seedManyEvents,
  startServer,
  throwAwayDataDir,
} from './lib';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const PORT = Number(process.env.BENCH_PORT ?? 3340);
const CODINGS = { aucune: 'identity', brotli: 'br', gzip: 'gzip' } as const;

/** The median CPU per request of each URL in each coding, the slices alternated so that the machine's noise is shared. */
async function measure(server: RunningServer, urls: string[], codings: string[]) {
  const cpu = await alternatedCpu(
    server,
    urls.flatMap((url) =>
      codings.map((coding) => ({ key: `${url} ${coding}`, url, headers: { 'accept-encoding': coding } })),
    ),
  );
  return (url: string, coding: string) => cpu(`${url} ${coding}`);
}

/** ms to compress `body` in this process: each level the server could use, the median of alternated rounds. */
function inProcess(body: Buffer): [string, number, number][] {
  const brotli = (quality: number) => () =>
    zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });
  const levels: [string, () => Buffer][] = [
    ['brotli 1 (pages rendues)', brotli(1)],
    ['brotli 4 (défaut de compression)', brotli(4)],
    ['brotli 5 (pages gardées)', brotli(5)],
    ['gzip 1 (pages rendues)', () => zlib.gzipSync(body, { level: 1 })],
    ['gzip 6 (défaut de compression)', () => zlib.gzipSync(body)],
  ];
  const times = levels.map(() => [] as number[]);
  for (let round = 0; round < 9; round++)
    levels.forEach(([, compress], i) => {
      const start = performance.now();
      for (let n = 0; n < 20; n++) compress();
      times[i].push((performance.now() - start) / 20);
    });
  return levels.map(([name, compress], i) => [name, median(times[i]), compress().length]);
}

async function main() {
  ensureBuild();
  const dataDir = throwAwayDataDir('compression');
  const { ids, seriesIds } = await seedManyEvents(EVENTS, Math.floor(EVENTS / 20));
  const env = { PAGE_CACHE_MB: '0', WEB_CONCURRENCY: '1', JOBS_IN_PROCESS: 'false', API_RATE_PER_MINUTE: '1000000000' };
  const server = await startServer(dataDir, PORT, env);
  try {
    const pages = renderedPages(ids, seriesIds, { home: true }).slice(1);
    const cpu = await measure(
      server,
      pages.map(([, url]) => url),
      Object.values(CODINGS),
    );
    console.log(
      `\n${EVENTS} événements, ${SLICES.rounds} tranches de ${SLICES.seconds} s par page et par codage, alternées`,
    );
    console.log('\npage rendue               sans ms/req   brotli   (part)     gzip   (part)   objectif ≤ 10 %');
    for (const [name, url] of pages) {
      const plain = cpu(url, CODINGS.aucune);
      const share = (coding: string) =>
        `${cpu(url, coding).toFixed(2).padStart(8)} ${`(${(((cpu(url, coding) - plain) / plain) * 100).toFixed(0)} %)`.padStart(8)}`;
      console.log(
        `${name.padEnd(24)} ${plain.toFixed(2).padStart(12)} ${share(CODINGS.brotli)} ${share(CODINGS.gzip)}`,
      );
    }

    const list = pages.find(([name]) => name === 'liste')?.[1] ?? '/evenements';
    const html = Buffer.from(await (await fetch(`${server.base}${list}`)).arrayBuffer());
    const render = cpu(list, CODINGS.aucune);
    console.log(
      `\nla liste (${(html.length / 1024).toFixed(0)} Ko) compressée dans ce processus, rapportée à son rendu sans compression`,
    );
    for (const [name, ms, bytes] of inProcess(html))
      console.log(
        `${name.padEnd(34)} ${ms.toFixed(3).padStart(7)} ms ${`${((ms / render) * 100).toFixed(0)} %`.padStart(6)}   ${(bytes / 1024).toFixed(1)} Ko`,
      );

    const hashed = (await initialScripts(server.base, '/')).at(-1)?.url;
    if (!hashed) throw new Error('aucun script du build sur l’accueil');
    const files = [new URL(hashed, server.base).pathname, '/favicon.svg', '/manifest.webmanifest', '/widget.js'];
    const fileCpu = await measure(server, files, ['br']);
    const reference = fileCpu(files[0], 'br');
    console.log('\nfichier (brotli)                              ms/req   rapport au fichier du build (objectif ≈ 1)');
    for (const file of files)
      console.log(
        `${file.padEnd(44)} ${fileCpu(file, 'br').toFixed(3).padStart(8)}   ${(fileCpu(file, 'br') / reference).toFixed(2)}`,
      );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
