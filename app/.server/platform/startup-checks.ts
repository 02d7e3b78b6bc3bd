// What the server checks before it serves (decision 062): a DATA_DIR it can write with room left, a database it can
// read, secrets it can trust. A problem stops the start with one French sentence that names it and says what to do,
// never a stack trace of SQLite or of Node.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A start refused for a reason the operator can fix; its message is shown as is. */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/** Free bytes for this user on the file system of `dir`. */
export function freeBytes(dir: string): number {
  const stats = fs.statfsSync(dir);
  return stats.bavail * stats.bsize;
}

export const formatMegabytes = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} Mo`;

/** The French sentence for a file system error on `where`, or null when it is not one we know. */
export function fileSystemProblem(error: unknown, where: string, variable = 'DATA_DIR'): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'EROFS':
      return `${where} est en lecture seule : le site ne peut rien y enregistrer. Remontez le disque en écriture, ou donnez un autre ${variable}.`;
    case 'EACCES':
    case 'EPERM':
      return `${where} n’est pas accessible en écriture pour l’utilisateur du serveur : corrigez ses droits (chown, chmod), ou donnez un autre ${variable}.`;
    case 'ENOSPC':
    case 'EDQUOT':
      return `le disque qui porte ${where} est plein : libérez de la place (anciennes sauvegardes, journaux), puis relancez.`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `${where} n’est pas un dossier : ${variable} doit désigner un dossier.`;
    default:
      return null;
  }
}

/** `dir` exists (created if need be) and a file can be written there (created, flushed and removed). */
function checkWritableDir(dir: string, where: string, variable: string): void {
  const probe = path.join(dir, `.essai-ecriture-${process.pid}`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    const fd = fs.openSync(probe, 'wx', 0o600);
    try {
      fs.writeSync(fd, 'ok');
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
      fs.rmSync(probe, { force: true });
    }
  } catch (error) {
    const problem = fileSystemProblem(error, where, variable);
    if (problem) throw new StartupError(problem, { cause: error });
    throw error;
  }
}

/**
 * BACKUP_DIR, when set, is a folder the server can write: a file in its place, or a folder it may not write, stopped
 * the daily backup in the jobs' log only, the site saying nothing (an operator's finding).
 */
export function checkBackupDir(dir: string | undefined): void {
  if (dir) checkWritableDir(dir, `le dossier des sauvegardes BACKUP_DIR (${dir})`, 'BACKUP_DIR');
}

/**
 * Nothing else listens on PORT: taken, each serving process failed at its start and was replaced, for ever, each time
 * with a stack trace (an operator's finding). Checked once by the primary, before any worker starts. A server just
 * stopped may hold it a moment longer (its workers leave after their primary): taken, it is asked again for `waitMs`.
 */
export async function checkPortFree(port: number, host: string, waitMs = 5000): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await probePort(port, host);
    } catch (error) {
      const taken = (error as { cause?: NodeJS.ErrnoException }).cause?.code === 'EADDRINUSE';
      if (!taken || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

function probePort(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        reject(
          new StartupError(
            `le port ${port} de ${host} est déjà pris (un autre serveur, ou une instance de ce site déjà lancée) : arrêtez-le, ou choisissez un autre PORT.`,
            { cause: error },
          ),
        );
      else if (error.code === 'EACCES')
        reject(
          new StartupError(
            `le port ${port} est réservé aux administrateurs du système : choisissez un PORT au-dessus de 1023, ou placez un proxy devant.`,
            { cause: error },
          ),
        );
      else if (error.code === 'EADDRNOTAVAIL')
        reject(new StartupError(`l’adresse HOST ${host} n’est pas une adresse de cette machine.`, { cause: error }));
      else reject(error);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** DATA_DIR exists, can be written (a file created, flushed and removed), and has at least `minFreeBytes` left. */
export function checkDataDir(dir: string, minFreeBytes: number): void {
  checkWritableDir(dir, `le dossier de données DATA_DIR (${dir})`, 'DATA_DIR');
  const free = freeBytes(dir);
  if (free < minFreeBytes)
    throw new StartupError(
      `il ne reste que ${formatMegabytes(free)} sur le disque de DATA_DIR (${dir}) ; le site en demande au moins ${formatMegabytes(minFreeBytes)} (MIN_FREE_DISK_MB) pour démarrer. Libérez de la place, puis relancez.`,
    );
}

/** The French sentence of a SQLite error on the database file, or null. */
export function databaseProblem(error: unknown, file: string): string | null {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const restore = 'Restaurez la dernière sauvegarde (npm run restore, voir « Sauvegardes » dans docs/exploitation.md).';
  if (code === 'SQLITE_NOTADB')
    return `la base de données ${file} est illisible : ce n’est pas (ou plus) un fichier SQLite, son en-tête est endommagé. ${restore}`;
  if (code.startsWith('SQLITE_CORRUPT'))
    return `la base de données ${file} est endommagée (des pages sont illisibles ou écrasées). ${restore}`;
  if (code.startsWith('SQLITE_READONLY'))
    return `la base de données ${file} est en lecture seule : le site ne peut rien y enregistrer. Vérifiez les droits du fichier et du disque.`;
  if (code === 'SQLITE_FULL')
    return `le disque de la base de données ${file} est plein : libérez de la place, puis relancez.`;
  if (code.startsWith('SQLITE_CANTOPEN'))
    return `la base de données ${file} ne peut pas être ouverte : vérifiez que DATA_DIR existe et que le serveur peut y écrire.`;
  if (code.startsWith('SQLITE_IOERR'))
    return `erreur de lecture ou d’écriture du disque sur la base de données ${file} (${code}) : vérifiez le disque.`;
  return null;
}

/** What the operator reads when the server cannot start: our sentence, or the error as it came. */
export function describeStartupFailure(error: unknown): string {
  if (error instanceof StartupError) return `Démarrage impossible : ${error.message}`;
  if (error instanceof Error && /^Configuration/.test(error.message)) return error.message;
  const problem = fileSystemProblem(error, 'le dossier de données DATA_DIR') ?? databaseProblem(error, 'du site');
  if (problem) return `Démarrage impossible : ${problem}`;
  return `Démarrage impossible : ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}
