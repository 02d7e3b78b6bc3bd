// Backups of the default install (decision 063): the SQLite database copied online (`VACUUM INTO`: one read
// transaction, so one consistent state while writes go on), the uploaded images around it (listed before and after,
// so every image the copy refers to is there), and the secrets that keep sessions, alert links and push devices
// valid. A backup is a folder `agenda-<instant>` with a manifest; it is written under another name and renamed when
// complete, so a backup cut short never looks like one. On Firebase, Firestore's managed export and the Storage
// bucket's own copies are the backups (docs/exploitation.md, « Sauvegardes »).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makePrivateDir, PRIVATE_FILE } from '../data-transfer/dataset';
import type { Database as StoreDatabase } from '../database';

export const BACKUP_FORMAT = 'agenda-romand-sauvegarde/1';
export const BACKUP_DATABASE = 'agenda.sqlite';
export const BACKUP_UPLOADS = 'uploads';
/** The secrets kept beside the data when the environment does not give them (platform/config.ts, push/vapid.ts). */
export const SECRET_FILES = ['.session-secret', '.vapid-keys.json'] as const;
const NAME = /^agenda-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:-\d{3})?Z)$/;
const PARTIAL = '.partielle';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: { file: string; bytes: number; sha256: string; schemaVersion: number; counts: Record<string, number> };
  files: number;
  secrets: string[];
}

export interface BackupSource {
  database: StoreDatabase;
  dataDir: string;
  uploadsDir: string | null;
}

export const sha256File = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** Copies the files of `from` missing in `to` (a hard link when both are on one disk: images never change in place). */
export function copyMissingFiles(from: string, to: string): number {
  if (!fs.existsSync(from)) return 0;
  let copied = 0;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copied += copyMissingFiles(source, target);
    else if (entry.isFile() && !entry.name.endsWith('.tmp') && !fs.existsSync(target)) {
      fs.mkdirSync(to, { recursive: true });
      try {
        fs.linkSync(source, target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') continue; // removed meanwhile: the copy of the database does not refer to it
        fs.copyFileSync(source, target);
      }
      copied++;
    }
  }
  return copied;
}

const countFiles = (dir: string): number =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .reduce((n, e) => n + (e.isDirectory() ? countFiles(path.join(dir, e.name)) : 1), 0)
    : 0;

/** Checks a copy of the database: integrity, schema version, what it holds. Throws in French when it is not sound. */
export function inspectDatabaseCopy(file: string): BackupManifest['database'] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`La copie de la base ${file} n’est pas intègre : ${integrity}`);
    const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    return {
      file: BACKUP_DATABASE,
      bytes: fs.statSync(file).size,
      sha256: sha256File(file),
      schemaVersion: db.pragma('user_version', { simple: true }) as number,
      counts: { events: count('events'), users: count('users'), partners: count('partners'), alerts: count('alerts') },
    };
  } finally {
    db.close();
  }
}

const stampOf = (now: Date) => now.toISOString().replace(/[:.]/g, '-');

/** Makes one backup under `root`; answers its folder and manifest. */
export function backupSite(
  source: BackupSource,
  root: string,
  now = new Date(),
): { dir: string; manifest: BackupManifest } {
  if (source.database.kind !== 'sqlite')
    throw new Error(
      'Sur Firebase, les sauvegardes sont l’export géré de Firestore et le bucket Storage : voir « Sauvegardes » dans docs/exploitation.md.',
    );
  const dir = path.join(root, `agenda-${stampOf(now)}`);
  const partial = `${dir}${PARTIAL}`;
  // What backups cut short left (an interrupted `npm run backup`: as big as the base), this one's name included.
  removePartials(root);
  // Accounts, password hashes, secrets: the backup's folder is its owner's only (the images in it are hard links to the
  // site's own, public anyway, and keep their mode), and so are the files it writes.
  makePrivateDir(partial);
  try {
    const uploadsCopy = path.join(partial, BACKUP_UPLOADS);
    if (source.uploadsDir) copyMissingFiles(source.uploadsDir, uploadsCopy);
    const copy = path.join(partial, BACKUP_DATABASE);
    source.database.db.prepare('VACUUM INTO ?').run(copy);
    fs.chmodSync(copy, PRIVATE_FILE);
    // Images saved while the database was copied, which the copy may refer to.
    if (source.uploadsDir) copyMissingFiles(source.uploadsDir, uploadsCopy);
    const secrets = SECRET_FILES.filter((name) => fs.existsSync(path.join(source.dataDir, name)));
    for (const name of secrets) {
      fs.copyFileSync(path.join(source.dataDir, name), path.join(partial, name));
      fs.chmodSync(path.join(partial, name), PRIVATE_FILE);
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      database: inspectDatabaseCopy(copy),
      files: countFiles(uploadsCopy),
      secrets,
    };
    fs.writeFileSync(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: PRIVATE_FILE,
    });
    fs.renameSync(partial, dir);
    return { dir, manifest };
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** The complete backups under `root`, oldest first. */
export function listBackups(root: string): { dir: string; createdAt: string }[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((name) => NAME.test(name) && fs.existsSync(path.join(root, name, 'manifest.json')))
    .sort()
    .map((name) => ({
      dir: path.join(root, name),
      createdAt: JSON.parse(fs.readFileSync(path.join(root, name, 'manifest.json'), 'utf8')).createdAt as string,
    }));
}

/** Keeps the `keep` newest backups (and removes what a backup cut short left); answers how many went. */
export function pruneBackups(root: string, keep: number): number {
  const backups = listBackups(root);
  const old = backups.slice(0, Math.max(0, backups.length - keep));
  for (const backup of old) fs.rmSync(backup.dir, { recursive: true, force: true });
  removePartials(root);
  return old.length;
}

/** Removes the folders of backups cut short under `root`. */
function removePartials(root: string): void {
  if (!fs.existsSync(root)) return;
  for (const name of fs.readdirSync(root))
    if (name.endsWith(PARTIAL)) fs.rmSync(path.join(root, name), { recursive: true, force: true });
}
