import { defineConfig } from 'vitest/config';

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
    // The security log's JSON lines (thousands under the fuzz tests) are checked by spies, not read on the console.
    onConsoleLog: (log) => !log.startsWith('{"at":"') || !log.includes('"log":"audit"'),
  },
});
