// What DATA_DIR keeps for the site alone (issue 68): the base and its journal, the limits' counts, the outbox's mails
// (their links sign in and reset passwords) and the uploads waiting for their event (the original, EXIF and all). Their
// files are their owner's only (0600), their folders too (0700), as exports and backups already are; the public images
// keep their mode.
import fs from 'node:fs';
import path from 'node:path';

/** Folders and files for their owner only: the live data (here) as exports and backups (data-transfer/dataset.ts). */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/**
 * A SQLite file made (empty) or set to 0600 before it is opened, its journal files too: SQLite gives the journal files
 * it makes later the mode of the base.
 */
export function privateDatabaseFile(file: string): void {
  if (file === ':memory:') return;
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE));
  for (const name of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    try {
      fs.chmodSync(name, PRIVATE_FILE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** A folder made if missing, and its owner's only (whoever made it before). */
export function privateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  fs.chmodSync(dir, PRIVATE_DIR);
}

/**
 * A folder an older version left readable by all (the outbox's mails, the uploads waiting for their event): the folder
 * and the files directly in it become their owner's only, at start.
 */
export function closePrivateFolder(dir: string): void {
  privateDir(dir);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }))
    if (entry.isFile()) fs.chmodSync(path.join(dir, entry.name), PRIVATE_FILE);
}
