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

/**
 * The gzip weight in KB of the JavaScript each route's page loads at start, heaviest first; `brKb`, the same in brotli,
 * as this server sends it to every browser that asks (the build's `.br` files, precompressed at the best level).
 */
export function weightsFromManifest(
  client = 'build/client',
): { route: string; kb: number; brKb: number; files: string[] }[] {
  const name = fs.readdirSync(`${client}/assets`).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error(`pas de manifeste dans ${client}/assets`);
  const manifest = JSON.parse(
    fs
      .readFileSync(`${client}/assets/${name}`, 'utf8')
      .replace(/^window\.__remixManifest=/, '')
      .replace(/;\s*$/, ''),
  ) as { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };
  const compressed = (url: string, extension: 'gz' | 'br', compress: (bytes: Buffer) => Buffer) =>
    fs.existsSync(`${client}${url}.${extension}`)
      ? fs.statSync(`${client}${url}.${extension}`).size
      : compress(fs.readFileSync(`${client}${url}`)).length;
  const gzipped = (url: string) => compressed(url, 'gz', (bytes) => zlib.gzipSync(bytes));
  const brotli = (url: string) => compressed(url, 'br', (bytes) => zlib.brotliCompressSync(bytes));
  // A resource route (`evenements[.ics]`, `facture-qr[.pdf]`) is no page: it loads no script.
  return Object.entries(manifest.routes)
    .filter(([route]) => !route.includes('[.'))
    .map(([route, leaf]) => {
      const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
      for (let at: ManifestRoute | undefined = leaf; at; at = at.parentId ? manifest.routes[at.parentId] : undefined)
        for (const file of [at.module, ...(at.imports ?? [])]) files.add(file);
      const kb = [...files].reduce((sum, file) => sum + gzipped(file), 0) / 1024;
      const brKb = [...files].reduce((sum, file) => sum + brotli(file), 0) / 1024;
      return { route, kb, brKb, files: [...files] };
    })
    .sort((a, b) => b.kb - a.kb);
}
