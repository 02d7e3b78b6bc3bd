import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './tests/support/vitest-sequencer';
import { VitestTimingReporter } from './tests/support/vitest-timing-reporter';

export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'tests/unit/**/*.test.ts',
      'tests/contract/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['tests/unit/setup-env.ts'],
    testTimeout: 20_000,
    // Two workers even on a 2-core machine (vitest's default there is one): the Firestore property test alone takes
    // about four minutes, and the other files now run beside it instead of after it (see the sequencer).
    maxWorkers: 2,
    sequence: { sequencer: LongestFirstSequencer },
    // The usual report, then each file's time (tests/support/vitest-timing-reporter.ts).
    reporters: ['default', new VitestTimingReporter()],
    // The security log's JSON lines (thousands under the fuzz tests) are checked by spies, not read on the console.
    onConsoleLog: (log) => !log.startsWith('{"at":"') || !log.includes('"log":"audit"'),
  },
});
