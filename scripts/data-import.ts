// npm run data:import -- --dossier export-2026-11-22 [--avec-secrets]
// Loads an export into the configured backend (DATA_BACKEND), which must be empty: e.g. SQLite → Firestore. With
// --avec-secrets, the export's secrets too, so that links already mailed and push devices keep working.
// The export folder is checked before the store is opened: a refused import leaves DATA_DIR as it was (no new empty
// database, no new session secret). A refusal is one French sentence on stderr and exit code 1, as `npm run restore`.
import fs from 'node:fs';
import path from 'node:path';
import { SECRETS_FILE } from '../app/.server/data-transfer/dataset';
import { importData } from '../app/.server/data-transfer/transfer';
import { getServices } from '../app/.server/services';
import { folderCommand } from './command-args';

const USAGE = 'Usage : npm run data:import -- --dossier <dossier d’export> [--avec-secrets]';
// The format readExport (app/.server/data-transfer/dataset.ts) reads.
const EXPORT_FORMAT = 'agenda-romand/1';
const FROM_EXPORT = 'donnez à --dossier le dossier écrit par npm run data:export';

/** Why `dir` cannot be imported, as a sentence saying what to do; null when its manifest is there and readable. */
function exportProblem(dir: string, withSecrets: boolean): string | null {
  if (!fs.existsSync(dir)) return `le dossier ${dir} n’existe pas ; ${FROM_EXPORT}.`;
  if (!fs.statSync(dir).isDirectory()) return `${dir} n’est pas un dossier ; ${FROM_EXPORT}.`;
  const file = path.join(dir, 'manifest.json');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return `${dir} n’est pas un export d’Agenda romand (manifest.json manque) ; ${FROM_EXPORT}.`;
    return `${file} ne se lit pas (${code ?? String(error)}) ; vérifiez ses droits, ou refaites l’export.`;
  }
  let format: unknown;
  try {
    format = JSON.parse(text)?.format;
  } catch {
    return `${file} n’est pas du JSON valide ; refaites l’export avec npm run data:export.`;
  }
  if (format !== EXPORT_FORMAT)
    return `${file} annonce un format d’export inconnu (${String(format)}) ; refaites l’export avec npm run data:export de cette version.`;
  if (withSecrets && !fs.existsSync(path.join(dir, SECRETS_FILE)))
    return `l’export ${dir} ne contient pas de secrets ; refaites-le avec --avec-secrets, ou importez sans.`;
  return null;
}

process.exit(
  await folderCommand(USAGE, 'Import', async (dir, withSecrets) => {
    // Checked before the store is opened: a refused import leaves DATA_DIR as it was.
    const problem = exportProblem(dir, withSecrets);
    if (problem) throw new Error(problem);
    const services = getServices();
    const kind = services.database.kind;
    const summary = await importData(services, dir, { withSecrets });
    console.log(`Import ${dir} → ${kind} : ${summary}`);
    // What docs/firebase.md says of an import without the export's secrets (« Déménager les données »).
    if (!withSecrets)
      console.log(
        'Sans --avec-secrets, les secrets du site exporté ne sont pas repris : ses sessions ouvertes et les liens déjà envoyés par email (alertes, désabonnement) ne valent pas ici, et les appareils abonnés à ses notifications Web Push devront se réabonner.',
      );
  }),
);
