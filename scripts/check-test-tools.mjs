// What `npm test` needs beside Node (issue 68): Debian's Chromium for the end-to-end tests (tests/support/chromium.ts).
// Without it the suite ran 11 minutes for 371 failures; it stops here first, with one French line that names the
// package and how to install it.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The browser the tests launch: CHROMIUM_PATH when set, else Debian's (tests/support/chromium.ts). */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * Why the tests cannot run on this machine, in one French sentence; null when nothing is missing.
 * @param {{ CHROMIUM_PATH?: string }} env
 * @param {(file: string) => boolean} exists
 */
export function missingTestTool(env = process.env, exists = fs.existsSync) {
  if (env.CHROMIUM_PATH) {
    return exists(env.CHROMIUM_PATH)
      ? null
      : `CHROMIUM_PATH (${env.CHROMIUM_PATH}) ne mène à aucun fichier\u00a0: donnez le chemin d’un Chromium, ou retirez CHROMIUM_PATH pour prendre celui de Debian (sudo apt-get install chromium chromium-headless-shell).`;
  }
  return exists(DEBIAN_CHROMIUM)
    ? null
    : `Les tests de bout en bout demandent Chromium (paquets Debian chromium et chromium-headless-shell), absent de ${DEBIAN_CHROMIUM}\u00a0: installez-le avec sudo apt-get install chromium chromium-headless-shell, puis relancez npm test.`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const missing = missingTestTool();
  if (missing) {
    console.error(missing);
    process.exit(1);
  }
}
