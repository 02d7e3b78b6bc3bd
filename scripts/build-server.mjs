// The Express shell (server.ts) and the operator's commands (scripts/*.ts run by `npm run user:create`, `data:*`…)
// compiled to plain JavaScript at build time, so that production runs `node build/server.js` with no TypeScript loader
// (docs/decisions/071-serveur-compile.md). Packages stay imports (node_modules is there at run time); the app's own
// modules a command uses are bundled in, with the `~` alias the app is written with.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** The commands an operator runs in production, each `scripts/<name>.ts` → `build/cli/<name>.js`. */
export const COMMANDS = ['user-create', 'data-export', 'data-import', 'backup', 'restore', 'occurrences-extend'];

const common = {
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  alias: { '~': path.resolve('app') },
  logLevel: 'warning',
  // The app's modules import JSON (localities) and CSS-free server code only; a stray import of a browser asset would
  // be a mistake in a command, so none is configured.
};

await build({ ...common, entryPoints: ['server.ts'], outfile: 'build/server.js' });
await build({
  ...common,
  entryPoints: Object.fromEntries(COMMANDS.map((name) => [name, `scripts/${name}.ts`])),
  outdir: 'build/cli',
  // ESM bundles of CommonJS code may call require(): give them one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

for (const name of COMMANDS) {
  if (!fs.existsSync(`build/cli/${name}.js`)) throw new Error(`build/cli/${name}.js manque`);
}
