// The JavaScript budget of issue 19 in a minute: the gzipped size of every /assets/*.js a public page references
// (module scripts and modulepreloads, as `npm run bench` counts it), on a small throw-away store, with no load test.
// Then, without a server, every route of the build's manifest: the files the page of that route loads at start (the
// entry, each route of its chain from the root, with what they import; the manifest itself is not loaded, its routes
// are discovered as needed), against issue 50's 100 KB.
// Usage: npm run bench:js            (JS_WEIGHT_DETAIL=1 lists each file of each page)
import fs from 'node:fs';
import { JS_BUDGET_KB as BUDGET_KB, weightsFromManifest } from '../tests/support/js-weight';
import { ensureBuild, initialScripts, seedManyEvents, startServer, throwAwayDataDir } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3240);
const DETAIL = Boolean(process.env.JS_WEIGHT_DETAIL);

function manifestReport(): number {
  const weights = weightsFromManifest();
  const over = weights.filter((w) => w.kb > BUDGET_KB);
  const overInBrotli = weights.filter((w) => w.brKb > BUDGET_KB);
  console.log(
    `\nPar route du manifeste (gzip, objectif ≤ ${BUDGET_KB} Ko) : ${over.length} sur ${weights.length} au-delà ; en brotli, comme ce serveur les envoie à un navigateur qui le demande : ${overInBrotli.length}`,
  );
  for (const { route, kb, brKb, files } of weights)
    console.log(
      `  ${route.padEnd(44)} ${kb.toFixed(1).padStart(6)} Ko en ${String(files.length).padStart(2)} fichiers${kb > BUDGET_KB ? ` (+${(kb - BUDGET_KB).toFixed(1)})` : ''}  brotli ${brKb.toFixed(1).padStart(6)} Ko`,
    );
  return over.length;
}

async function main() {
  ensureBuild();
  const dataDir = throwAwayDataDir('js-weight');
  const { ids, seriesIds } = await seedManyEvents(500, 50);
  const server = await startServer(dataDir, PORT);
  const pages: [string, string][] = [
    ['accueil', '/'],
    ['liste', '/evenements'],
    ['ce week-end', '/evenements?quand=week-end'],
    ['fiche événement', `/evenement/${ids.find((id) => !seriesIds.includes(id)) ?? ids[0]}`],
    ['fiche d’une série', `/evenement/${seriesIds[0]}`],
  ];
  let over = 0;
  try {
    console.log('JavaScript chargé au démarrage (gzip) :');
    for (const [name, urlPath] of pages) {
      const scripts = await initialScripts(server.base, urlPath);
      const total = scripts.reduce((sum, s) => sum + s.kb, 0);
      if (total > BUDGET_KB) over += 1;
      console.log(
        `  ${name.padEnd(20)} ${total.toFixed(1).padStart(6)} Ko en ${String(scripts.length).padStart(2)} fichiers (objectif ≤ ${BUDGET_KB} Ko)`,
      );
      if (DETAIL) for (const s of scripts) console.log(`      ${s.kb.toFixed(1).padStart(6)} Ko  ${s.url}`);
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  over += manifestReport();
  if (over) {
    console.log(`\n${over} page(s) au-delà de ${BUDGET_KB} Ko.`);
    process.exitCode = 1;
  } else console.log(`\nToutes les pages ≤ ${BUDGET_KB} Ko.`);
}

await main();
