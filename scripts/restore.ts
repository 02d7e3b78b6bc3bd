// npm run restore -- --depuis <sauvegarde> [--dossier <DATA_DIR>] [--remplacer]
// Restores a backup (decision 063) into DATA_DIR (the variable, or --dossier), which no server may be using: checked
// first (checksum, integrity), then copied. A DATA_DIR that holds a site is refused unless --remplacer, which sets
// what it held aside in DATA_DIR/avant-restauration-<instant>. See « Sauvegardes » in docs/exploitation.md.
import path from 'node:path';
import { restoreSite } from '../app/.server/backup/restore';
import { optionsOrUsage } from './command-args';

const USAGE =
  'Usage\u00a0: npm run restore -- --depuis <dossier de la sauvegarde> [--dossier <DATA_DIR>] [--remplacer]';

const values = optionsOrUsage(
  { depuis: { type: 'string' }, dossier: { type: 'string' }, remplacer: { type: 'boolean' } },
  USAGE,
);
if (!values.depuis) {
  console.error(USAGE);
  process.exit(1);
}
// Not loadConfig(): it would create a new session secret in DATA_DIR before the backup's is restored.
const dataDir = path.resolve(values.dossier ?? process.env.DATA_DIR ?? './data');
try {
  const { manifest, copied, setAside } = restoreSite(path.resolve(values.depuis), dataDir, {
    replace: values.remplacer,
  });
  const { counts } = manifest.database;
  // What was copied, not what the manifest announced: an image missing from the backup shows here.
  const files =
    copied.files === manifest.files
      ? `${copied.files} fichiers copiés`
      : `${copied.files} fichiers copiés, la sauvegarde en annonçait ${manifest.files}`;
  console.log(
    `Restauré dans ${dataDir} : la sauvegarde du ${manifest.createdAt} (${counts.events} événements, ${counts.users} comptes, ${files}).`,
  );
  if (setAside) console.log(`Ce que DATA_DIR contenait est mis de côté dans ${setAside}.`);
} catch (error) {
  console.error(`Restauration impossible : ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
