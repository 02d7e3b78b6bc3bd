// The gzip weight of the JavaScript each page loads at start, read from the production build's Remix manifest (issue
// 50): the entry, each route of the page's chain from the root, with what they import. Shared by `npm run bench:js` and
// the budget's test (tests/e2e/js-budget.spec.ts).
import fs from 'node:fs';
import zlib from 'node:zlib';

/** The most gzip JavaScript a page may load at start: on a phone, every page (issue 50). */
export const JS_BUDGET_KB = 100;

interface ManifestRoute {
  parentId?: string;
  module: string;
  imports?: string[];
}

/** The gzip weight in KB of the JavaScript each route's page loads at start, heaviest first. */
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
