// `npm run restore` (decision 063): a backup checked (manifest, checksum, integrity), then copied into a DATA_DIR no
// server uses (its lock is taken for the duration). A DATA_DIR that already holds a site is refused, unless asked to
// replace it: what was there is then set aside in `DATA_DIR/avant-restauration-<instant>`, never deleted.
import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir } from '../platform/data-dir-lock';
import {
  BACKUP_DATABASE,
  BACKUP_FORMAT,
  BACKUP_UPLOADS,
  type BackupManifest,
  copyMissingFiles,
  inspectDatabaseCopy,
  SECRET_FILES,
} from './backup';

const DATABASE_FILES = [BACKUP_DATABASE, `${BACKUP_DATABASE}-wal`, `${BACKUP_DATABASE}-shm`];

/** Reads and checks a backup folder; throws in French when it is not a complete, sound backup. */
export function checkBackup(dir: string): BackupManifest {
  const manifestFile = path.join(dir, 'manifest.json');
  if (!fs.existsSync(manifestFile))
    throw new Error(`${dir} n’est pas une sauvegarde complète d’Agenda romand (manifest.json manque).`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`Format de sauvegarde inconnu : ${manifest.format}`);
  const inspected = inspectDatabaseCopy(path.join(dir, BACKUP_DATABASE));
  if (inspected.sha256 !== manifest.database.sha256)
    throw new Error(
      `La base de la sauvegarde ${dir} ne correspond plus à son empreinte : elle a été modifiée ou abîmée.`,
    );
  // What the database holds, as read now.
  return { ...manifest, database: inspected };
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** What was really copied (never the manifest's word for it): the images, and the secret files. */
  copied: { files: number; secrets: number };
  /** Where what DATA_DIR held before went, when it was replaced. */
  setAside: string | null;
}

export function restoreSite(
  backupDir: string,
  dataDir: string,
  { replace = false, now = new Date() } = {},
): RestoreResult {
  const manifest = checkBackup(backupDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir, 'la restauration');
  try {
    const present = [...DATABASE_FILES, BACKUP_UPLOADS, ...SECRET_FILES].filter((name) =>
      fs.existsSync(path.join(dataDir, name)),
    );
    let setAside: string | null = null;
    if (present.some((name) => DATABASE_FILES.includes(name) || name === BACKUP_UPLOADS)) {
      if (!replace)
        throw new Error(
          `DATA_DIR (${dataDir}) contient déjà un site. Restaurez dans un dossier vide, ou ajoutez --remplacer : ce qu’il contient sera mis de côté dans DATA_DIR, pas effacé.`,
        );
    }
    if (present.length > 0 && replace) {
      setAside = path.join(dataDir, `avant-restauration-${now.toISOString().replace(/[:.]/g, '-')}`);
      fs.mkdirSync(setAside);
      for (const name of present) fs.renameSync(path.join(dataDir, name), path.join(setAside, name));
    }
    // The database last, under a temporary name first: a restore cut short leaves no database that looks whole.
    const files = copyMissingFiles(path.join(backupDir, BACKUP_UPLOADS), path.join(dataDir, BACKUP_UPLOADS));
    for (const name of manifest.secrets) {
      fs.copyFileSync(path.join(backupDir, name), path.join(dataDir, name));
      fs.chmodSync(path.join(dataDir, name), 0o600);
    }
    const temp = path.join(dataDir, `${BACKUP_DATABASE}.restauration`);
    fs.copyFileSync(path.join(backupDir, BACKUP_DATABASE), temp);
    fs.renameSync(temp, path.join(dataDir, BACKUP_DATABASE));
    return { manifest, copied: { files, secrets: manifest.secrets.length }, setAside };
  } finally {
    lock.release();
  }
}
