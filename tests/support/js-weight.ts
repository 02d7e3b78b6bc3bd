// The gzip weight of the JavaScript each page loads at start, read from the production build's Remix manifest (issue
// 50): the entry, each route of the page's chain from the root, with what they import. Shared by `npm run bench:js` and
// the budget's test (tests/e2e/js-budget.spec.ts).
import fs from 'node:fs';
import zlib from 'node:zlib';

/** The most gzip JavaScript a page may load at start: on a phone, every page (issue 50). */
export const JS_BUDGET_KB = 100;
/** Issue 72's measures, replacing issue 50's: a page's own code beyond the shared entry and root (gzip)… */
export const OWN_CODE_BUDGET_KB = 22;
/** …the event form's own code (gzip)… */
export const EVENT_FORM_BUDGET_KB = 35;
/** …every page as actually sent (brotli). */
export const SENT_BUDGET_KB = 100;
/** The event form's routes (submit and edit share one module). */
export const EVENT_FORM_ROUTES = ['routes/organizer.submit-event', 'routes/organizer.edit-event.$id'];

interface ManifestRoute {
  parentId?: string;
  module: string;
  imports?: string[];
}

/**
 * The gzip weight in KB of the JavaScript each route's page loads at start, heaviest first; `brKb`, the same in brotli,
 * as this server sends it to every browser that asks (the build's `.br` files, precompressed at the best level);
 * `ownKb`, the gzip weight of the page's own code: its files beyond those of the entry and the root (React, Remix,
 * the shell), which every page shares and a browser fetches once.
 */
export function weightsFromManifest(
  client = 'build/client',
): { route: string; kb: number; brKb: number; ownKb: number; files: string[] }[] {
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
  const root = manifest.routes.root;
  const shared = new Set([manifest.entry.module, ...manifest.entry.imports, root.module, ...(root.imports ?? [])]);
  // A resource route (`evenements[.ics]`, `facture-qr[.pdf]`) is no page: it loads no script.
  return Object.entries(manifest.routes)
    .filter(([route]) => !route.includes('[.'))
    .map(([route, leaf]) => {
      const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
      for (let at: ManifestRoute | undefined = leaf; at; at = at.parentId ? manifest.routes[at.parentId] : undefined)
        for (const file of [at.module, ...(at.imports ?? [])]) files.add(file);
      const kb = [...files].reduce((sum, file) => sum + gzipped(file), 0) / 1024;
      const brKb = [...files].reduce((sum, file) => sum + brotli(file), 0) / 1024;
      const ownKb = [...files].filter((file) => !shared.has(file)).reduce((sum, file) => sum + gzipped(file), 0) / 1024;
      return { route, kb, brKb, ownKb, files: [...files] };
    })
    .sort((a, b) => b.kb - a.kb);
}

/**
 * The gzip KB a form's page loads after it, for its checks in the browser (`app/components/form/browser-check.ts` and
 * the schemas it imports, decision 129): its chunk and what it imports statically, beyond the page's `files`.
 */
export function formChecksKb(files: string[], client = 'build/client'): number {
  const start = fs.readdirSync(`${client}/assets`).find((file) => /^browser-check-[\w-]+\.js$/.test(file));
  if (!start) return 0;
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url) || files.includes(url)) return;
    seen.add(url);
    const code = fs.readFileSync(`${client}${url}`, 'utf8');
    for (const [, name] of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) visit(`/assets/${name}`);
  };
  visit(`/assets/${start}`);
  return [...seen].reduce((sum, url) => sum + zlib.gzipSync(fs.readFileSync(`${client}${url}`)).length, 0) / 1024;
}
