// One server per DATA_DIR (decision 062): the primary process holds an exclusive lock on `DATA_DIR/agenda.lock` for
// its whole life. The lock is SQLite's own (a write transaction never committed on a file of its own), so the system
// releases it whenever the process ends, even by kill -9: no stale lock file to remove by hand. A second server, or
// `npm run restore` while a server runs, is told so in French.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { StartupError } from './startup-checks';

export const LOCK_FILE = 'agenda.lock';
const PID_FILE = 'agenda.lock.pid';

export interface DataDirLock {
  release(): void;
}

/** Takes the lock of `dir`, or throws a StartupError saying who holds it. `purpose` names the one asking. */
export function lockDataDir(dir: string, purpose = 'ce serveur'): DataDirLock {
  const db = new Database(path.join(dir, LOCK_FILE), { timeout: 0 });
  try {
    // Nothing is ever written: no journal file beside it.
    db.pragma('journal_mode = MEMORY');
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
    const holder = readHolder(dir);
    throw new StartupError(
      `un autre serveur Agenda romand utilise déjà DATA_DIR (${dir})${holder ? ` : processus ${holder}` : ''}. Un seul serveur par dossier de données : arrêtez l’autre avant de lancer ${purpose}, ou donnez-lui un autre DATA_DIR.`,
    );
  }
  fs.writeFileSync(path.join(dir, PID_FILE), `${process.pid}\n`);
  return {
    release() {
      if (!db.open) return;
      db.exec('ROLLBACK');
      db.close();
      fs.rmSync(path.join(dir, PID_FILE), { force: true });
    },
  };
}

function readHolder(dir: string): string | null {
  try {
    const pid = fs.readFileSync(path.join(dir, PID_FILE), 'utf8').trim();
    return /^\d+$/.test(pid) ? pid : null;
  } catch {
    return null;
  }
}
