// The JavaScript budget of issue 19 in a minute: the gzipped size of every /assets/*.js a public page references
// (module scripts and modulepreloads, as `npm run bench` counts it), on a small throw-away store, with no load test.
// Usage: npm run bench:js            (JS_WEIGHT_DETAIL=1 lists each file of each page)
import fs from 'node:fs';
import { ensureBuild, initialScripts, seedManyEvents, startServer, throwAwayDataDir } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3240);
const BUDGET_KB = 110;
const DETAIL = Boolean(process.env.JS_WEIGHT_DETAIL);

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
  if (over) {
    console.log(`\n${over} page(s) au-delà de ${BUDGET_KB} Ko.`);
    process.exitCode = 1;
  } else console.log(`\nToutes les pages ≤ ${BUDGET_KB} Ko.`);
}

await main();
