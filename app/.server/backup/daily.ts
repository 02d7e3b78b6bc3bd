// The daily backup (decision 063), a job of the jobs worker: with BACKUP_DIR set, a backup once a day, the
// BACKUP_KEEP newest kept.
import path from 'node:path';
import type { Database } from '../database';
import type { Config } from '../platform/config';
import { backupSite, listBackups, pruneBackups } from './backup';

/** A backup is due when the newest is older than this (the job looks every hour). */
const DUE_AFTER_MS = 23.5 * 60 * 60_000;

/** What the daily backup uses: the database and the uploads' folder it copies, and where backups go. */
export interface DailyBackupDeps {
  database: Database;
  uploadsDir: string | null;
  config: Pick<Config, 'BACKUP_DIR' | 'BACKUP_KEEP' | 'DATA_DIR'>;
}

export async function dailyBackup(services: DailyBackupDeps, now: Date): Promise<string> {
  const { config } = services;
  if (!config.BACKUP_DIR) return 'aucune sauvegarde automatique (BACKUP_DIR n’est pas défini)';
  if (services.database.kind !== 'sqlite')
    return 'sur Firebase, les sauvegardes sont l’export géré de Firestore (docs/exploitation.md, « Sauvegardes »)';
  const last = listBackups(config.BACKUP_DIR).at(-1);
  if (last && now.getTime() - Date.parse(last.createdAt) < DUE_AFTER_MS)
    return `dernière sauvegarde : ${path.basename(last.dir)}`;
  const { dir, manifest } = backupSite(
    { database: services.database, dataDir: config.DATA_DIR, uploadsDir: services.uploadsDir },
    config.BACKUP_DIR,
    now,
  );
  const pruned = pruneBackups(config.BACKUP_DIR, config.BACKUP_KEEP);
  return `sauvegarde ${path.basename(dir)} (${manifest.database.counts.events} événements, ${manifest.files} fichiers), ${pruned} ancienne${pruned > 1 ? 's' : ''} supprimée${pruned > 1 ? 's' : ''}`;
}
