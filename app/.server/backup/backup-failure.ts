// Why a backup failed, in French and naming the folder (issue 46): a full disk answered SQLite's English « database or
// disk is full » without saying which disk.
import { databaseProblem, fileSystemProblem } from '../platform/startup-checks';

/** The sentence for a failed backup into `root`, or the error's own message when it is none of the known ones. */
export function backupFailure(error: unknown, root: string): string {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT')
    return `le disque du dossier des sauvegardes (${root}) est plein : libérez de la place (les plus anciennes sauvegardes, par exemple), puis relancez. Rien n’y a été laissé à moitié.`;
  const where = `le dossier des sauvegardes (${root})`;
  return (
    fileSystemProblem(error, where, '--dossier (ou BACKUP_DIR)') ??
    databaseProblem(error, 'du site') ??
    (error instanceof Error ? error.message : String(error))
  );
}
