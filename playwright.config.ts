// End-to-end tests: Debian's Chromium against the production build on a throw-away DATA_DIR, on SQLite by default or
// on Firestore with E2E_BACKEND=firestore (`npm run test:firebase` starts the emulators and runs the @journey tests so).
import { defineConfig } from '@playwright/test';
import { chromiumForTests } from './tests/support/chromium';
import { e2eHosting, e2eServerEnv, e2eTransportPort, prepareE2eRun } from './tests/support/e2e-backend';
// TEST_CLOCK=<instant>: the runner, its workers and every server they start read the time from that instant on.
import { SERVER_ARGS } from './tests/support/test-clock';

// Evaluated once in the runner, then inherited by the workers through the environment.
const { backend, baseURL } = prepareE2eRun();
const onFirestore = backend === 'firestore';
// E2E_HOSTING=1 (in `npm run test:firebase`): the journeys tagged @hosting through the Hosting proxy and two instances.
const hosting = e2eHosting();
/** The proxy's cut (60 s on Hosting), short here so that the live count's reconnection is seen within a test. */
const HOSTING_CUT_MS = '8000';

export default defineConfig({
  testDir: 'tests/e2e',
  // Each run its own folder: `npm run test:firebase` runs the Firestore journeys and the Hosting ones side by side, and
  // a run empties its folder when it starts.
  outputDir: hosting ? 'test-results/hosting' : onFirestore ? 'test-results/firestore' : 'test-results/sqlite',
  fullyParallel: true,
  // On Firestore, one worker: the emulator, the server and Chromium share the machine; two workers were no faster.
  workers: onFirestore ? 1 : process.env.CI ? 2 : 3,
  // One retry, with a trace (below): a test that passes only the second time is named at the end of the run
  // (« réessayé : … », tests/support/timing-reporter.ts) as a defect to fix, never counted silently as a pass.
  retries: 1,
  forbidOnly: true,
  // After the list, the time of each spec file per project and the retried tests (docs/testing.md).
  reporter: [['list'], ['./tests/support/timing-reporter.ts']],
  // Firestore (an emulator in one Node process, listeners in every server and worker) answers more slowly.
  timeout: onFirestore ? 90_000 : 45_000,
  // Account steps hash passwords (Argon2id) and send mails: generous on a busy 2-core machine; more so on Firestore.
  expect: { timeout: onFirestore ? 20_000 : 10_000 },
  use: {
    baseURL,
    locale: 'fr-CH',
    timezoneId: 'Europe/Zurich',
    // Debian's headless shell of the same Chromium, on every store: a third less processor per test (docs/testing.md);
    // notifications.spec and service-worker.spec ask for the full one (push, permissions). On Firestore and behind
    // Hosting too: the journeys took 234 s instead of 295, Hosting 116 instead of 169, without a retry (issue 49).
    launchOptions: chromiumForTests,
    // A trace records every test's screencast and DOM snapshots: on every test it would cost a quarter of the browser's
    // work for files nobody reads, so CI records it only for the retry of a failed test, where it serves. Locally, on
    // failure: npx playwright show-trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // Behind the Hosting proxy, https with a certificate made for the run (tests/support/hosting-stack.ts).
    ignoreHTTPSErrors: hosting,
  },
  projects: hosting
    ? [
        // Through the proxy, as Firebase Hosting serves the app: only `__session` reaches it, public pages come from
        // the proxy's cache, and each request may reach either instance.
        { name: 'hosting', use: { javaScriptEnabled: true }, grep: /@hosting(?!-nojs)/, grepInvert: /@nojs-only/ },
        { name: 'hosting-nojs', use: { javaScriptEnabled: false }, grep: /@hosting-nojs/ },
      ]
    : [
        // Tests tagged @js-only or @nojs-only describe behaviour that exists only with or without JavaScript; @http ones
        // speak HTTP to the server without rendering a page (headers, guards, concurrency), so a second run adds nothing;
        // @once ones render pages, but without JavaScript they would take the same way to the server and get the same
        // page (a guard, a refusal, a page read, a layout): the no-JavaScript run keeps the journeys where JavaScript
        // changes what happens, forms, navigation and disclosure (docs/testing.md lists each test and why).
        // On Firestore (the @journey tests, see package.json), what the server does is the same with or without
        // JavaScript for most pages: without it, only the @nojs-only tests and the journeys tagged @journey-nojs run, whose
        // pages take another way to the server without JavaScript (an image sent with the form, a consent saved by a form).
        // @sqlite-only tests are about the SQLite installation itself (servers of their own): never on Firestore.
        // @hosting-only tests need the Hosting proxy (E2E_HOSTING=1).
        {
          name: 'js',
          use: { javaScriptEnabled: true },
          grepInvert: onFirestore ? /@nojs-only|@sqlite-only|@hosting-only/ : /@nojs-only|@hosting-only/,
        },
        {
          name: 'nojs',
          use: { javaScriptEnabled: false },
          ...(onFirestore ? { grep: /@nojs-only|@journey-nojs/ } : {}),
          grepInvert: onFirestore
            ? /@js-only|@http|@once|@sqlite-only|@hosting-only/
            : /@js-only|@http|@once|@hosting-only/,
        },
      ],
  webServer: [
    // The timetable of « Dernier retour » (docs/dernier-retour.md): a recorded answer served on this machine.
    {
      command: 'node --import tsx tests/support/transport-stand-in-server.ts',
      url: `http://127.0.0.1:${e2eTransportPort()}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { TRANSPORT_STAND_IN_PORT: String(e2eTransportPort()) },
    },
    hosting
      ? {
          command: 'node --import tsx tests/support/hosting-stack.ts',
          url: `${baseURL}/healthz`,
          ignoreHTTPSErrors: true,
          reuseExistingServer: false,
          timeout: 180_000,
          stdout: 'ignore',
          stderr: 'pipe',
          env: { ...e2eServerEnv(), E2E_HOSTING_PORT: process.env.E2E_SERVER_PORT ?? '', HOSTING_CUT_MS },
        }
      : {
          command: `node ${SERVER_ARGS.join(' ')}`,
          url: `${baseURL}/`,
          reuseExistingServer: false,
          // On Firestore the first start seeds the demo on the emulator: events, then their venues and organizers (issue 36).
          timeout: onFirestore ? 180_000 : 60_000,
          stdout: 'ignore',
          stderr: 'pipe',
          env: e2eServerEnv(),
        },
  ],
});
