// Builds the embeddable agenda (app/widget/agenda-romand.ts) into build/client/widget.js, served at /widget.js: one
// small script for other sites, without the app's framework (decision 047). Vite's library mode, its own config.
import { build } from 'vite';

await build({
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
});
