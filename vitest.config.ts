import { configDefaults, defineConfig } from 'vitest/config';
import { formShapePlugin } from './scripts/form-shape-plugin';
import { LongestFirstSequencer } from './tests/support/vitest-sequencer';
import { VitestTimingReporter } from './tests/support/vitest-timing-reporter';

// Pure code (dates, texts, components rendered to a string): no module of theirs keeps state between files, so they
// share their workers' modules instead of loading them again for each file. Measured on these 31 files, on a loaded
// 2-core machine: 15 s of processor isolated, 5 s shared. The other files keep one module graph each: the in-process
// Firestore emulator, the services of getServices() and the limiters live in modules, and tests set the environment.
const ALL = [
  'app/**/*.test.{ts,tsx}',
  'tests/unit/**/*.test.ts',
  'tests/contract/**/*.test.ts',
  'scripts/**/*.test.ts',
];
const SHARED_MODULES = ['app/domain/**/*.test.ts', 'app/components/**/*.test.{ts,tsx}'];

export default defineConfig({
  // The forms' shapes (`?schema=…&form-shape`), as in the app's build.
  plugins: [formShapePlugin()],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    environment: 'node',
    setupFiles: ['tests/unit/setup-env.ts'],
    testTimeout: 20_000,
    // Three workers on a 2-core machine (vitest's default there is one): the two halves of the Firestore property test
    // start first, side by side (see the sequencer), and wait on the emulator's loopback a tenth of their time, which
    // a third worker fills with the other files (318 s → 293 s for the stage, 181 % → 196 % of the two cores).
    maxWorkers: 3,
    sequence: { sequencer: LongestFirstSequencer },
    // The usual report, then each file's time (tests/support/vitest-timing-reporter.ts).
    reporters: ['default', new VitestTimingReporter()],
    // The security log's JSON lines (thousands under the fuzz tests) are checked by spies, not read on the console.
    onConsoleLog: (log) => !log.startsWith('{"at":"') || !log.includes('"log":"audit"'),
    projects: [
      {
        extends: true,
        test: { name: 'isolés', include: ALL, exclude: [...configDefaults.exclude, ...SHARED_MODULES] },
      },
      { extends: true, test: { name: 'partagés', include: SHARED_MODULES, isolate: false } },
    ],
  },
});
