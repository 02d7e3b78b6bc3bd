import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { processSettings } from './process-settings';

/** What the supervisor decides its processes by, as config.ts reads it. */
function fromConfig(env: Record<string, string>) {
  const config = loadConfig(env);
  return {
    NODE_ENV: config.NODE_ENV,
    PORT: config.PORT,
    WEB_CONCURRENCY: config.WEB_CONCURRENCY,
    DATA_DIR: config.DATA_DIR,
    sqlite: config.DATA_BACKEND === 'sqlite',
    JOBS_IN_PROCESS: config.JOBS_IN_PROCESS,
    MIN_FREE_DISK_MB: config.MIN_FREE_DISK_MB,
  };
}

describe('les réglages que lit la supervision, sans Zod', () => {
  it('valent ce qu’en lit la configuration complète, valeurs par défaut comprises', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-settings-'));
    const cases: Record<string, string>[] = [
      {},
      { NODE_ENV: 'production', PORT: '8080', WEB_CONCURRENCY: '3', JOBS_IN_PROCESS: 'false', MIN_FREE_DISK_MB: '250' },
      { WEB_CONCURRENCY: '1', JOBS_IN_PROCESS: '1', MIN_FREE_DISK_MB: '0' },
      { JOBS_IN_PROCESS: '0', PORT: '65535', WEB_CONCURRENCY: '64' },
      { JOBS_IN_PROCESS: 'true', MIN_FREE_DISK_MB: '12.5' },
    ];
    for (const env of cases) {
      const withDir = { ...env, DATA_DIR: path.join(dir, 'donnees') };
      expect(processSettings(withDir)).toEqual(fromConfig(withDir));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('une valeur que la configuration refuse est lue comme sa valeur par défaut : le processus qui prépare arrête le démarrage', () => {
    const refused = { WEB_CONCURRENCY: 'trois', PORT: '99999', JOBS_IN_PROCESS: 'oui', MIN_FREE_DISK_MB: '-5' };
    expect(() => loadConfig(refused)).toThrow(/^Configuration invalide/);
    expect(processSettings(refused)).toMatchObject({
      WEB_CONCURRENCY: undefined,
      PORT: 3000,
      JOBS_IN_PROCESS: undefined,
      MIN_FREE_DISK_MB: 100,
    });
  });
});
