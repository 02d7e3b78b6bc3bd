// Tests that need the Firebase emulators: run by `npm run test:firebase`, which starts them first.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    include: ['tests/firebase/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/unit/setup-env.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
