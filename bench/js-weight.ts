// The JavaScript budget of issue 19 in a minute: the gzipped size of every /assets/*.js a public page references
// (module scripts and modulepreloads, as `npm run bench` counts it), on a small throw-away store, with no load test.
// Then, without a server, every route of the build's manifest: the files the page of that route loads at start (the
// entry, each route of its chain from the root, with what they import; the manifest itself is not loaded, its routes
// are discovered as needed), against issue 72's three measures, which replace issue 50's 100 KB of gzip: (a) the
// page's own code beyond the shared entry and root, gzip, ≤ 22 KB; (b) the event form's, ≤ 35 KB; (c) all of it as
// sent (brotli), ≤ 100 KB. The live pages' gzip total is printed for reference only.
// Usage: npm run bench:js            (JS_WEIGHT_DETAIL=1 lists each file of each page)
import fs from 'node:fs';
import {
  JS_BUDGET_KB as BUDGET_KB,
  EVENT_FORM_BUDGET_KB,
  EVENT_FORM_ROUTES,
  formChecksKb,
  OWN_CODE_BUDGET_KB,
  SENT_BUDGET_KB,
  weightsFromManifest,
} from '../tests/support/js-weight';
import { ensureBuild, initialScripts, seedManyEvents, startServer, throwAwayDataDir } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3240);
const DETAIL = Boolean(process.env.JS_WEIGHT_DETAIL);

function manifestReport(): number {
  const weights = weightsFromManifest().sort((a, b) => b.ownKb - a.ownKb);
  const ownBudget = (route: string) => (EVENT_FORM_ROUTES.includes(route) ? EVENT_FORM_BUDGET_KB : OWN_CODE_BUDGET_KB);
  const ownOver = weights.filter((w) => w.ownKb > ownBudget(w.route));
  const sentOver = weights.filter((w) => w.brKb > SENT_BUDGET_KB);
  console.log(
    `\nPar route du manifeste (issue 72) : (a) son propre code, au-delà de l’entrée et de la racine partagées, en gzip, objectif ≤ ${OWN_CODE_BUDGET_KB} Ko : ${ownOver.filter((w) => !EVENT_FORM_ROUTES.includes(w.route)).length} au-delà ; (b) le formulaire d’événement, ≤ ${EVENT_FORM_BUDGET_KB} Ko : ${ownOver.filter((w) => EVENT_FORM_ROUTES.includes(w.route)).length} au-delà ; (c) tout ce que la page charge, en brotli comme ce serveur l’envoie, ≤ ${SENT_BUDGET_KB} Ko : ${sentOver.length} au-delà (sur ${weights.length} pages)`,
  );
  console.log(
    `  ${'route'.padEnd(44)} ${'propre gzip'.padStart(12)} ${'envoyé brotli'.padStart(14)} ${'tout gzip'.padStart(10)}`,
  );
  for (const { route, kb, brKb, ownKb, files } of weights) {
    const ownMark = ownKb > ownBudget(route) ? ` (+${(ownKb - ownBudget(route)).toFixed(1)})` : '';
    const sentMark = brKb > SENT_BUDGET_KB ? ` (+${(brKb - SENT_BUDGET_KB).toFixed(1)})` : '';
    console.log(
      `  ${route.padEnd(44)} ${`${ownKb.toFixed(1)} Ko`.padStart(12)}${ownMark} ${`${brKb.toFixed(1)} Ko`.padStart(14)}${sentMark} ${`${kb.toFixed(1)} Ko`.padStart(10)}  (${files.length} fichiers)`,
    );
  }
  const form = weights.find((w) => w.route === EVENT_FORM_ROUTES[0]);
  if (form) {
    const checks = formChecksKb(form.files);
    console.log(
      `\nLe formulaire d’événement : ${form.ownKb.toFixed(1)} Ko au démarrage, puis ${checks.toFixed(1)} Ko après la page pour ses vérifications (Zod et les schémas, décision 129) : ${(form.ownKb + checks).toFixed(1)} Ko en tout (gzip).`,
    );
  }
  return ownOver.length + sentOver.length;
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
  try {
    console.log('JavaScript chargé au démarrage (gzip) :');
    for (const [name, urlPath] of pages) {
      const scripts = await initialScripts(server.base, urlPath);
      const total = scripts.reduce((sum, s) => sum + s.kb, 0);
      console.log(
        `  ${name.padEnd(20)} ${total.toFixed(1).padStart(6)} Ko en ${String(scripts.length).padStart(2)} fichiers (pour mémoire : l’ancien objectif de l’issue 50, ${BUDGET_KB} Ko)`,
      );
      if (DETAIL) for (const s of scripts) console.log(`      ${s.kb.toFixed(1).padStart(6)} Ko  ${s.url}`);
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const over = manifestReport();
  if (over) {
    console.log(`\n${over} dépassement(s) d’un objectif.`);
    process.exitCode = 1;
  } else console.log('\nToutes les pages dans leurs objectifs.');
}

await main();
