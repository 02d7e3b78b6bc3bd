import { vitePlugin as remix } from '@remix-run/dev';
import type { ManualChunksOption } from 'rollup';
import { defineConfig, type Plugin } from 'vite';
import { domainPurePlugin } from './scripts/domain-pure-plugin';
import { formShapePlugin } from './scripts/form-shape-plugin';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The browser's bundle (issue 50): a module of app/domain/ whose exports a page does not use is left out of it whole
 * (a route imports a schema for its action only; top-level calls such as `z.object()` would keep it otherwise). Those
 * modules set nothing up when loaded, save zod.ts (French messages for every schema, kept with any schema that uses it).
 */
const domainWithoutSideEffects = (id: string) => !/\/app\/domain\/(?!zod\.ts$)[^?]*\.tsx?$/.test(id);

/**
 * The browser's `~/components/Link` is Remix's own, re-exported: the bundle is the same as with Remix's import (the
 * module would otherwise make a chunk of its own, one request more on every page). The server's is lighter to render
 * (decision 131).
 */
const browserLink: Plugin = {
  name: 'agenda:browser-link',
  load(id, options) {
    if (!options?.ssr && id.endsWith('/app/components/Link.tsx')) return "export { Link } from '@remix-run/react';";
  },
};

/**
 * What the root imports, every page loads: the site's own modules go in one chunk beside the root, the packages (React,
 * Remix) in another, instead of a dozen small files (each a request, a gzip stream and its imports: 2 to 3 KB on
 * every page, issue 50). The packages stay apart from the site's code, so that a deployment leaves them in the browser's
 * cache. What the root loads on demand (`import()`) stays apart too.
 */
const withTheRoot: ManualChunksOption = (id, { getModuleInfo }) => {
  if (!rootGraph) {
    const found = new Set<string>();
    const visit = (at: string) => {
      if (found.has(at)) return;
      found.add(at);
      for (const next of getModuleInfo(at)?.importedIds ?? []) visit(next);
    };
    if (!getModuleInfo(ROOT)) return undefined;
    visit(ROOT);
    rootGraph = found;
  }
  if (!rootGraph.has(id) && FORM_KIT.some((part) => id.includes(part))) return 'forms';
  // The root's module stays its route's chunk (in the manual chunk, it would leave a file that only re-exports it).
  if (!rootGraph.has(id) || id === ROOT) return undefined;
  return id.startsWith(APP_DIR) ? 'shell' : 'vendor';
};
/**
 * conform and the form pieces that only pages with conform load, in one file rather than five (issue 72): the event
 * form 0.8 KB lighter as sent, most pages with a form 0.6 to 0.8; four pages that load a piece without conform 1 KB
 * heavier, all far under their budget.
 */
const FORM_KIT = [
  '/node_modules/@conform-to/dom/',
  '/node_modules/@conform-to/react/',
  '/app/components/form/use-app-form.ts',
  '/app/components/form/Field.tsx',
  '/app/components/form/FieldNotes.tsx',
  '/app/components/form/ErrorSummary.tsx',
  '/app/components/useFormKey.ts',
];
const APP_DIR = new URL('./app/', import.meta.url).pathname;
const ROOT = `${APP_DIR}root.tsx`;
let rootGraph: Set<string> | null = null;

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  build: {
    target: 'es2022',
    // terser rather than esbuild for the browser's code: 4 KB of gzip less on every page (vendor 83.7 → 79.9), for a few
    // seconds of build (issue 50). The server's build is not minified.
    minify: isSsrBuild ? false : 'terser',
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: isSsrBuild
      ? {}
      : {
          treeshake: { moduleSideEffects: domainWithoutSideEffects },
          output: { manualChunks: withTheRoot },
        },
  },
  // date-fns as a package is its index, every function in its own module: about 1,000 modules, 3–4 s and 300 MB for
  // each process that loads the app (issue 50). Bundled, the server build holds only the few functions it uses.
  ssr: { noExternal: ['date-fns'] },
  plugins: [
    // A form's constraints read from its schema at build time: the page renders them without zod (issue 50).
    formShapePlugin(),
    domainPurePlugin(),
    browserLink,
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
}));
