// The Express shell (server.ts) and the operator's commands (scripts/*.ts run by `npm run user:create`, `data:*`…)
// compiled to plain JavaScript at build time, so that production runs `node build/server.js` with no TypeScript loader
// (docs/decisions/071-serveur-compile.md). Packages stay imports (node_modules is there at run time), date-fns aside;
// the app's own modules a command uses are bundled in, with the `~` alias the app is written with. The jobs worker has
// its bundle too (`build/jobs.js`), without the server build's routes, React and Remix (issue 50).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** The commands an operator runs in production, each `scripts/<name>.ts` → `build/cli/<name>.js`. */
export const COMMANDS = ['user-create', 'data-export', 'data-import', 'backup', 'restore', 'occurrences-extend'];

/** Packages stay imports, but date-fns: as a package it is its index, about 1,000 modules and ~120 MB for a process
 * that imports it (issue 50); bundled, as vite.config.ts does for the server build, only the functions used. */
const packagesExceptDateFns = {
  name: 'packages-except-date-fns',
  setup(build) {
    build.onResolve({ filter: /^[^./~]/ }, ({ path: specifier }) =>
      /^date-fns(\/|$)/.test(specifier) ? undefined : { path: specifier, external: true },
    );
  },
};

const common = {
  bundle: true,
  plugins: [packagesExceptDateFns],
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  alias: { '~': path.resolve('app') },
  logLevel: 'warning',
  // The app's modules import JSON (localities) and CSS-free server code only; a stray import of a browser asset would
  // be a mistake in a command, so none is configured.
};

// ESM bundles of CommonJS code may call require(): give them one.
const requireBanner = {
  js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
};

await build({ ...common, entryPoints: ['server.ts'], outfile: 'build/server.js' });
await build({
  ...common,
  entryPoints: Object.fromEntries(COMMANDS.map((name) => [name, `scripts/${name}.ts`])),
  outdir: 'build/cli',
  banner: requireBanner,
});
// The jobs worker's own bundle (server/primary.ts JOBS_ENTRY): the services and the jobs, not the server build with
// its routes, React and Remix (issue 50).
await build({
  ...common,
  entryPoints: ['app/.server/server/jobs-main.ts'],
  outfile: 'build/jobs.js',
  banner: requireBanner,
});

for (const name of [...COMMANDS.map((name) => `cli/${name}`), 'jobs']) {
  if (!fs.existsSync(`build/${name}.js`)) throw new Error(`build/${name}.js manque`);
}
