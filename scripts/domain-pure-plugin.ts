// Vite plugin (issue 50): in the browser's bundle, the top-level values of app/domain/ modules (schemas built with zod,
// a link finder…) are marked pure, so a page that imports a constant from a module keeps neither its unused schemas nor
// zod. The same rule as vite.config.ts's moduleSideEffects: a module of app/domain/ sets nothing up when loaded (save
// zod.ts, left alone). The server's build is not touched.
import type { Plugin } from 'vite';

const DOMAIN = /\/app\/domain\/(?!zod\.ts$)[^?]*\.tsx?$/;

/**
 * A top-level `const name = …` (exported or not, typed or not) whose value is a call or a `new`, possibly chained over
 * lines (`z\n  .object(…)`): the pure mark goes before it.
 */
const TOP_LEVEL_CALL = /^((?:export )?const [\w$]+(?:: [^=\n]+)? = )(?=(?:new )?[\w$]+\s*[.(<])/gm;

export function markTopLevelPure(source: string): string {
  return source.replace(TOP_LEVEL_CALL, '$1/* @__PURE__ */ ');
}

export function domainPurePlugin(): Plugin {
  return {
    name: 'agenda-domain-pure',
    enforce: 'pre',
    transform(code, id, options) {
      if (options?.ssr || !DOMAIN.test(id)) return null;
      return { code: markTopLevelPure(code), map: null };
    },
  };
}
