// Issue 50, what a hit costs the default install (production build, one serving process beside the jobs worker, page
// cache on): the server's CPU per request for the public API answered from its cache, and for the non-hashed public
// files (/favicon.svg, /manifest.webmanifest, /widget.js), each against the same run's reference: a cached page for
// the API (target ≤ 1.5×), a hashed file of the build for the public files (target ≈ 1×). Also how much the shared
// rate-limit database (limites.sqlite and its WAL) grew during the API's slices.
// Usage: node --import tsx bench/api-hit.ts   (BENCH_ROUNDS=5, BENCH_SLICE=1 second, BENCH_PORT)
import fs from 'node:fs';
import path from 'node:path';
import {
  alternatedCpu,
  ensureBuild,
  initialScripts,
  SLICES,
  seedManyEvents,
  startServer,
  throwAwayDataDir,
} from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3360);
/** Brotli asked, as browsers do. */
const BROTLI = { 'accept-encoding': 'br, gzip' };

/** The limits database's files, in KB. */
const limitsKb = (dataDir: string) =>
  ['limites.sqlite', 'limites.sqlite-wal']
    .map((name) => path.join(dataDir, name))
    .reduce((sum, file) => sum + (fs.existsSync(file) ? fs.statSync(file).size : 0), 0) / 1024;

async function main() {
  ensureBuild();
  const dataDir = throwAwayDataDir('api-hit');
  await seedManyEvents(500, 25);
  // The default install: one serving process and the jobs worker (so the limits are counted for several processes).
  const server = await startServer(dataDir, PORT, { API_RATE_PER_MINUTE: '1000000000' });
  try {
    const hashed = (await initialScripts(server.base, '/')).at(-1)?.url;
    if (!hashed) throw new Error('aucun script du build sur l’accueil');
    const urls = {
      page: '/evenements',
      api: '/api/v1/events',
      hashed: new URL(hashed, server.base).pathname,
      favicon: '/favicon.svg',
      manifest: '/manifest.webmanifest',
      widget: '/widget.js',
    };
    // Each answer once, so that the slices measure hits.
    for (const url of Object.values(urls)) await fetch(`${server.base}${url}`);
    let limitsGrowth = 0;
    const cpu = await alternatedCpu(
      server,
      Object.values(urls).map((url) => ({ key: url, url, headers: BROTLI })),
      async (url, slice) => {
        const before = limitsKb(dataDir);
        const ms = await slice();
        if (url === urls.api) limitsGrowth += limitsKb(dataDir) - before;
        return ms;
      },
    );
    console.log(
      `\n${SLICES.rounds} tranches de ${SLICES.seconds} s par adresse, alternées ; ms de CPU du serveur par requête\n`,
    );
    const line = (name: string, url: string, reference: string, target: string) =>
      console.log(
        `${name.padEnd(34)} ${cpu(url).toFixed(3).padStart(7)} ms   ${(cpu(url) / cpu(reference)).toFixed(2).padStart(5)}×  ${target}`,
      );
    line('page en cache (/evenements)', urls.page, urls.page, 'référence');
    line('API en cache (/api/v1/events)', urls.api, urls.page, 'objectif ≤ 1,5× la page en cache');
    line(`fichier du build (${path.basename(urls.hashed)})`, urls.hashed, urls.hashed, 'référence');
    for (const [name, url] of [
      ['/favicon.svg', urls.favicon],
      ['/manifest.webmanifest', urls.manifest],
      ['/widget.js', urls.widget],
    ])
      line(name, url, urls.hashed, 'objectif ≈ 1× le fichier du build');
    console.log(`\nlimites.sqlite et son WAL pendant les tranches de l’API : +${limitsGrowth.toFixed(0)} Ko`);
    if (cpu(urls.api) / cpu(urls.page) > 1.5) process.exitCode = 1;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
