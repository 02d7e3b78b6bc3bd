// npm run data:export -- --dossier export-2026-11-22 [--avec-secrets]
// Copies every collection and every uploaded file of the configured backend (DATA_BACKEND) into a folder, read from
// one consistent state; with --avec-secrets, the session secret and the push keys too (secrets.json: keep it safe).
// A refusal (a target folder that is not empty, bad arguments) is one French sentence on stderr and exit code 1, as
// `npm run backup`; the store's presence and the target folder are checked before the store is opened.
import fs from 'node:fs';
import { exportData } from '../app/.server/data-transfer/transfer';
import { getServices } from '../app/.server/services';
import { absentStoreProblem, folderCommand } from './command-args';

const USAGE = 'Usage : npm run data:export -- --dossier <dossier vide> [--avec-secrets]';

/** Why `dir` cannot receive an export, as a sentence saying what to do; null when it is absent or an empty folder. */
function targetProblem(dir: string): string | null {
  if (!fs.existsSync(dir)) return null;
  if (!fs.statSync(dir).isDirectory())
    return `${dir} n’est pas un dossier ; donnez à --dossier un dossier neuf ou vide.`;
  if (fs.readdirSync(dir).length > 0)
    return `le dossier ${dir} n’est pas vide ; donnez à --dossier un dossier neuf ou vide.`;
  return null;
}

process.exit(
  await folderCommand(USAGE, 'Export', async (dir, withSecrets) => {
    const problem = absentStoreProblem() ?? targetProblem(dir);
    if (problem) throw new Error(problem);
    const services = getServices();
    const kind = services.database.kind;
    const summary = await exportData(services, dir, { withSecrets });
    console.log(`Export ${kind} → ${dir} : ${summary}`);
  }),
);
