// The JavaScript budget of issue 19 in a minute: the gzipped size of every /assets/*.js a public page references
// (module scripts and modulepreloads, as `npm run bench` counts it), on a small throw-away store, with no load test.
// Then, without a server, every route of the build's manifest: the files the page of that route loads at start (the
// entry, each route of its chain from the root, with what they import; the manifest itself is not loaded, its routes
// are discovered as needed), against issue 50's 100 KB.
// Usage: npm run bench:js            (JS_WEIGHT_DETAIL=1 lists each file of each page)
import fs from 'node:fs';
import zlib from 'node:zlib';
import { ensureBuild, initialScripts, seedManyEvents, startServer, throwAwayDataDir } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3240);
const BUDGET_KB = 100;
const DETAIL = Boolean(process.env.JS_WEIGHT_DETAIL);

interface ManifestRoute {
  parentId?: string;
  module: string;
  imports?: string[];
}

/** The gzip weight in KB of the JavaScript each route's page loads at start, read from the build's Remix manifest. */
export function weightsFromManifest(client = 'build/client'): { route: string; kb: number; files: string[] }[] {
  const name = fs.readdirSync(`${client}/assets`).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error(`pas de manifeste dans ${client}/assets`);
  const manifest = JSON.parse(
    fs
      .readFileSync(`${client}/assets/${name}`, 'utf8')
      .replace(/^window\.__remixManifest=/, '')
      .replace(/;\s*$/, ''),
  ) as { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };
  const gzipped = (url: string) =>
    fs.existsSync(`${client}${url}.gz`)
      ? fs.statSync(`${client}${url}.gz`).size
      : zlib.gzipSync(fs.readFileSync(`${client}${url}`)).length;
  // A resource route (`evenements[.ics]`, `facture-qr[.pdf]`) is no page: it loads no script.
  return Object.entries(manifest.routes)
    .filter(([route]) => !route.includes('[.'))
    .map(([route, leaf]) => {
      const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
      for (let at: ManifestRoute | undefined = leaf; at; at = at.parentId ? manifest.routes[at.parentId] : undefined)
        for (const file of [at.module, ...(at.imports ?? [])]) files.add(file);
      const kb = [...files].reduce((sum, file) => sum + gzipped(file), 0) / 1024;
      return { route, kb, files: [...files] };
    })
    .sort((a, b) => b.kb - a.kb);
}

function manifestReport(): number {
  const weights = weightsFromManifest();
  const over = weights.filter((w) => w.kb > BUDGET_KB);
  console.log(
    `\nPar route du manifeste (gzip, objectif ≤ ${BUDGET_KB} Ko) : ${over.length} sur ${weights.length} au-delà`,
  );
  for (const { route, kb, files } of weights)
    console.log(
      `  ${route.padEnd(44)} ${kb.toFixed(1).padStart(6)} Ko en ${String(files.length).padStart(2)} fichiers${kb > BUDGET_KB ? ` (+${(kb - BUDGET_KB).toFixed(1)})` : ''}`,
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
