// `npm test` checks its tools first (issue 68): without Chromium it stops at once with one French line naming the
// package and its install command, instead of running the suite into hundreds of failures.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json';
import { DEBIAN_CHROMIUM, missingTestTool } from './check-test-tools.mjs';

describe('les outils des tests', () => {
  it('sans Chromium : une phrase qui nomme le paquet et la commande qui l’installe', () => {
    const missing = missingTestTool({}, () => false);
    expect(missing).toContain('chromium');
    expect(missing).toContain('sudo apt-get install chromium chromium-headless-shell');
    expect(missing).not.toContain('\n');
    expect(missingTestTool({}, (file) => file === DEBIAN_CHROMIUM)).toBeNull();
  });

  it('npm test s’arrête sur elle avant tout le reste', () => {
    expect(packageJson.scripts.test).toMatch(
      /^node scripts\/check-node\.mjs && node scripts\/check-test-tools\.mjs && /,
    );
    // Run as npm test runs it, with a CHROMIUM_PATH that leads nowhere: exit 1 and the one line.
    let output = '';
    let status = 0;
    try {
      execFileSync(process.execPath, [path.join(__dirname, 'check-test-tools.mjs')], {
        env: { ...process.env, CHROMIUM_PATH: '/nulle/part/chromium' },
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      const failed = error as { status: number; stderr: string };
      status = failed.status;
      output = failed.stderr;
    }
    expect(status).toBe(1);
    expect(output.trim().split('\n')).toEqual([expect.stringContaining('CHROMIUM_PATH (/nulle/part/chromium)')]);
  });
});
