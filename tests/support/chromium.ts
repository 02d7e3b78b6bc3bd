// The Chromium every browser run uses (Playwright's tests, the Lighthouse bench): Debian's, with the same flags.
import fs from 'node:fs';

/** Debian's `chromium-headless-shell`: Chromium's old headless mode, a build without the browser's windows. */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';

/** Offline and quiet: no updates, sync or background requests that would reach the internet or skew a measurement. */
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Launch options in Playwright's shape (`launchOptions`); chrome-launcher takes the same path and flags. */
export const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? FULL_CHROMIUM,
  args,
};

/**
 * The end-to-end tests' browser: the headless shell when Debian's package is installed (`.ci/run` installs it), as
 * Playwright runs headless Chromium by default. Same engine and version as `chromium`, a third less processor per
 * test: measured on 25 tests (accounts, admin-categories, both projects, one worker), 63 s of processor against 91 and
 * 97 s with the full Chromium (docs/testing.md). Without the package, the full Chromium.
 */
export const chromiumForTests = {
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM),
  args,
};
