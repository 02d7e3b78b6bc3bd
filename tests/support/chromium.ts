// The Chromium every browser run uses (Playwright's tests, the Lighthouse bench): Debian's, with the same flags.

/** Launch options in Playwright's shape (`launchOptions`); chrome-launcher takes the same path and flags. */
export const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // Offline and quiet: no updates, sync or background requests that would reach the internet or skew a measurement.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
