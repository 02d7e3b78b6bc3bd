// npm run backup [-- --dossier <dossier>]
// A backup of the running site (decision 063): the SQLite database copied online (consistent while writes go on), the
// uploaded images and the secrets, into `<dossier>/agenda-<instant>` (BACKUP_DIR by default). See « Sauvegardes ».
import fs from 'node:fs';
import path from 'node:path';
import { backupSite } from '../app/.server/backup/backup';
import { backupFailure } from '../app/.server/backup/backup-failure';
import { getServices } from '../app/.server/services';
import { absentStoreProblem, optionsOrUsage } from './command-args';

const USAGE = 'Usage\u00a0: npm run backup -- --dossier <dossier des sauvegardes> (ou BACKUP_DIR)';

const values = optionsOrUsage({ dossier: { type: 'string' } }, USAGE);
// A DATA_DIR without its database: nothing to back up, and nothing created there.
const absent = absentStoreProblem();
if (absent) {
  console.error(`Sauvegarde impossible\u00a0: ${absent}`);
  process.exit(1);
}
const services = getServices();
const root = values.dossier ?? services.config.BACKUP_DIR;
if (!root) {
  console.error(USAGE);
  process.exit(1);
}
if (fs.existsSync(root) && !fs.statSync(root).isDirectory()) {
  console.error(
    `Sauvegarde impossible\u00a0: ${path.resolve(root)} n’est pas un dossier\u202f; donnez à --dossier (ou BACKUP_DIR) le dossier des sauvegardes.`,
  );
  await services.close();
  process.exit(1);
}
try {
  const { dir, manifest } = backupSite(
    { database: services.database, dataDir: services.config.DATA_DIR, uploadsDir: services.uploadsDir },
    path.resolve(root),
  );
  const { counts, bytes } = manifest.database;
  console.log(
    `Sauvegarde ${dir} : base ${Math.ceil(bytes / 1024)} Ko (${counts.events} événements, ${counts.users} comptes), ${manifest.files} fichiers, secrets : ${manifest.secrets.join(', ') || 'aucun'}.`,
  );
  if (process.env.SESSION_SECRET)
    console.log(
      'SESSION_SECRET vient de l’environnement : gardez-le aussi, sans lui les sessions et les liens déjà envoyés par email ne valent plus.',
    );
} catch (error) {
  console.error(`Sauvegarde impossible : ${backupFailure(error, path.resolve(root))}`);
  process.exitCode = 1;
} finally {
  await services.close();
}
