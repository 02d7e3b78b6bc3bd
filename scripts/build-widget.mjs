// Builds the embeddable agenda (app/widget/agenda-romand.ts) into build/client/widget.js, served at /widget.js: one
// small script for other sites, without the app's framework (decision 047). Vite's library mode, its own config.
// scripts/build-widget.test.ts builds it with these same options and holds it to its budget.
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

/** The budget for /widget.js: at most 10 KB once gzipped. */
export const WIDGET_MAX_GZIP_BYTES = 10 * 1024;

/** @type {import('vite').InlineConfig} */
export const WIDGET_BUILD = {
  configFile: false,
  logLevel: 'warn',
  build: {
    outDir: 'build/client',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2022',
    minify: true,
    lib: { entry: 'app/widget/agenda-romand.ts', formats: ['iife'], name: 'AgendaRomand', fileName: () => 'widget.js' },
  },
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await build(WIDGET_BUILD);
