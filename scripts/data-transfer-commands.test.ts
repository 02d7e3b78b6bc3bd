// `npm run data:import`, `npm run data:export` (and `npm run backup` on a DATA_DIR without a database) as the operator runs them (the scripts themselves, in a child
// process): a refusal is one French sentence on stderr, exit code 1, no stack trace, and a refused import leaves
// DATA_DIR as it was (no new empty database, no new session secret). An import without --avec-secrets says what the
// exported site's secrets were for.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exportData } from '../app/.server/data-transfer/transfer';
import { loadConfig } from '../app/.server/platform/config';
import { seedCategories } from '../app/.server/seed/seed';
import { createServices } from '../app/.server/services';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const tmp = (label: string) => fs.mkdtempSync(path.join(os.tmpdir(), `agenda-commande-${label}-`));

/** Runs `scripts/<script>.ts` with DATA_DIR, as `npm run data:…` runs its build. */
function run(script: 'data-import' | 'data-export' | 'backup', args: string[], dataDir: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', DATA_BACKEND: 'sqlite' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A site with its categories, in a fresh DATA_DIR. */
async function siteWithCategories(): Promise<string> {
  const dataDir = tmp('site');
  const services = createServices(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }));
  await seedCategories(services);
  await services.close();
  return dataDir;
}

/** An export of a site with its categories, made without secrets. */
async function anExport(): Promise<string> {
  const dataDir = await siteWithCategories();
  const dir = path.join(tmp('export'), 'export');
  await exportData(createServices(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' })), dir);
  return dir;
}

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('npm run data:import', () => {
  it('refuse un dossier qui n’existe pas, sans pile d’appels, et ne crée rien dans DATA_DIR', async () => {
    const dataDir = path.join(tmp('cible'), 'data');
    const missing = path.join(tmp('rien'), 'nonexistent');
    const { code, stdout, stderr } = await run('data-import', ['--dossier', missing], dataDir);
    expect(stderr).toBe(
      `Import impossible${NBSP}: le dossier ${missing} n’existe pas${NNBSP}; donnez à --dossier le dossier écrit par npm run data:export.\n`,
    );
    expect(stdout).toBe('');
    expect(code).toBe(1);
    expect(fs.existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('refuse un dossier sans manifest.json et laisse un DATA_DIR vide tel quel (ni base, ni secret)', async () => {
    const dataDir = tmp('cible');
    const notAnExport = tmp('pas-un-export');
    fs.writeFileSync(path.join(notAnExport, 'users.jsonl'), '');
    const { code, stderr } = await run('data-import', ['--dossier', notAnExport], dataDir);
    expect(stderr).toBe(
      `Import impossible${NBSP}: ${notAnExport} n’est pas un export d’Agenda romand (manifest.json manque)${NNBSP}; donnez à --dossier le dossier écrit par npm run data:export.\n`,
    );
    expect(code).toBe(1);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  it('avec --avec-secrets, refuse un export sans secrets avant d’ouvrir le stockage', async () => {
    const exported = await anExport();
    const dataDir = tmp('cible');
    const { code, stderr } = await run('data-import', ['--dossier', exported, '--avec-secrets'], dataDir);
    expect(stderr).toBe(
      `Import impossible${NBSP}: l’export ${exported} ne contient pas de secrets${NNBSP}; refaites-le avec --avec-secrets, ou importez sans.\n`,
    );
    expect(code).toBe(1);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  it('refuse un stockage qui n’est pas vide d’une phrase qui dit quoi faire, sans pile d’appels', async () => {
    const exported = await anExport();
    const dataDir = await siteWithCategories();
    const { code, stderr } = await run('data-import', ['--dossier', exported], dataDir);
    expect(stderr).toBe(
      `Import impossible${NBSP}: Le stockage sqlite n’est pas vide (categories)${NBSP}: import refusé${NNBSP}; donnez à DATA_DIR un dossier neuf.\n`,
    );
    expect(code).toBe(1);
  }, 60_000);

  it('sans --avec-secrets, importe et dit que les sessions, les liens envoyés et les abonnements push ne suivent pas', async () => {
    const exported = await anExport();
    const dataDir = path.join(tmp('cible'), 'data');
    const { code, stdout, stderr } = await run('data-import', ['--dossier', exported], dataDir);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^Import ${exported} → sqlite${NBSP}: users 0, .*categories [1-9]`));
    expect(lines.at(-1)).toBe(
      `Sans --avec-secrets, les secrets du site exporté ne sont pas repris${NBSP}: ses sessions ouvertes et les liens déjà envoyés par email (alertes, désabonnement) ne valent pas ici, et les appareils abonnés à ses notifications Web Push devront se réabonner.`,
    );
  }, 60_000);

  it('répond à une option inconnue en la nommant, puis par l’usage, sans pile d’appels', async () => {
    const { code, stderr } = await run('data-import', ['--dosier', 'export'], tmp('cible'));
    expect(stderr).toBe(
      `Option non comprise${NBSP}: --dosier.\nUsage${NBSP}: npm run data:import -- --dossier <dossier d’export> [--avec-secrets]\n`,
    );
    expect(code).toBe(1);
  }, 60_000);
});

describe('npm run data:export', () => {
  it('refuse un dossier qui n’est pas vide, sans pile d’appels, et n’y écrit rien', async () => {
    const target = tmp('plein');
    fs.writeFileSync(path.join(target, 'notes.txt'), 'à garder');
    const { code, stdout, stderr } = await run('data-export', ['--dossier', target], await siteWithCategories());
    expect(stderr).toBe(
      `Export impossible${NBSP}: le dossier ${target} n’est pas vide${NNBSP}; donnez à --dossier un dossier neuf ou vide.\n`,
    );
    expect(stdout).toBe('');
    expect(code).toBe(1);
    expect(fs.readdirSync(target)).toEqual(['notes.txt']);
  }, 60_000);
});

describe('une commande qui copie le site (data:export, backup) sur un DATA_DIR sans base', () => {
  // A misspelt DATA_DIR: an empty export with exit code 0, and a new empty database and secret left there.
  it.each([
    ['data-export', 'Export'],
    ['backup', 'Sauvegarde'],
  ] as const)(
    '%s refuse d’une phrase, et ne crée rien, ni dans DATA_DIR ni dans le dossier visé',
    async (script, verb) => {
      const dataDir = tmp('vide');
      const target = path.join(tmp('cible'), 'copie');
      const { code, stdout, stderr } = await run(script, ['--dossier', target], dataDir);
      expect(stderr).toBe(
        `${verb} impossible${NBSP}: aucune base agenda.sqlite dans DATA_DIR (${dataDir})${NNBSP}; vérifiez DATA_DIR.\n`,
      );
      expect(stdout).toBe('');
      expect(code).toBe(1);
      expect(fs.readdirSync(dataDir)).toEqual([]);
      expect(fs.existsSync(target)).toBe(false);
    },
    60_000,
  );
});

describe('npm run backup', () => {
  it('refuse un --dossier qui est un fichier d’une phrase, sans message système', async () => {
    const target = path.join(tmp('fichier'), 'sauvegardes');
    fs.writeFileSync(target, 'pas un dossier');
    const { code, stdout, stderr } = await run('backup', ['--dossier', target], await siteWithCategories());
    expect(stderr).toBe(
      `Sauvegarde impossible${NBSP}: ${target} n’est pas un dossier${NNBSP}; donnez à --dossier (ou BACKUP_DIR) le dossier des sauvegardes.\n`,
    );
    expect(stdout).toBe('');
    expect(code).toBe(1);
  }, 60_000);
});
