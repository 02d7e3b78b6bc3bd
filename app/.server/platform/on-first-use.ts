// A heavy package loaded when the code that needs it first runs, not when the app loads (issue 50): each process that
// loads the app (the one that serves, the jobs' one) would otherwise hold Fedify, firebase-admin, pdfkit, nodemailer…
// whether the site uses them or not (docs/exploitation-memoire.md). Node's require() loads it synchronously, into the
// same module cache as `import`; the server build keeps the package external.
import fs from 'node:fs';
import { createRequire, findPackageJSON } from 'node:module';
import path from 'node:path';

const load = createRequire(import.meta.url);

/**
 * The package `specifier` as require() gives it, loaded on the first call and then kept. The type is written at the
 * call site: `const nodemailer = onFirstUse<typeof import('nodemailer')>('nodemailer')`, then
 * `nodemailer().createTransport(…)`.
 */
export function onFirstUse<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= load(specifier) as T;
    return loaded;
  };
}

/**
 * The same, for a package published as ESM and CommonJS whose classes are checked with `instanceof` (Fedify's
 * activities, keys and errors): its ESM build, the very module `import` gives elsewhere (Fedify's own modules, the
 * tests), never the CommonJS twin, whose classes would be others.
 */
export function esmOnFirstUse<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => {
    if (loaded) return loaded;
    const manifest = findPackageJSON(specifier, import.meta.url);
    if (!manifest) throw new Error(`${specifier} introuvable`);
    const { name, exports } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
      name: string;
      exports: Record<string, Esm | Esm[]>;
    };
    // The `import` condition: a path, or `{ default }`; the first of a list (the Temporal polyfill's).
    const { import: esm } = [exports[`.${specifier.slice(name.length)}`]].flat()[0];
    loaded = load(path.join(path.dirname(manifest), typeof esm === 'string' ? esm : esm.default)) as T;
    return loaded;
  };
}
type Esm = { import: string | { default: string } };
