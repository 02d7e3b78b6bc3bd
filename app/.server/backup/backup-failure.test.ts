// A backup to a full disk says so in French and names the folder (issue 46), and leaves no half backup behind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupSite } from './backup';
import { backupFailure } from './backup-failure';

/** A database whose copy fails as SQLite does when the disk it writes to is full. */
const fullDisk = {
  kind: 'sqlite',
  db: {
    prepare: () => ({
      run: () => {
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      },
    }),
  },
} as unknown as Parameters<typeof backupSite>[0]['database'];

describe('sauvegarde impossible', () => {
  it('un disque plein : une phrase en français qui nomme le dossier, aucune sauvegarde à moitié', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-plein-'));
    let failure: unknown;
    try {
      backupSite({ database: fullDisk, dataDir: root, uploadsDir: null }, root);
    } catch (error) {
      failure = error;
    }
    expect(backupFailure(failure, root)).toBe(
      `le disque du dossier des sauvegardes (${root}) est plein : libérez de la place (les plus anciennes sauvegardes, par exemple), puis relancez. Rien n’y a été laissé à moitié.`,
    );
    expect(fs.readdirSync(root)).toEqual([]);
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, copyfile'), { code: 'ENOSPC' });
    expect(backupFailure(enospc, root)).toContain(`(${root}) est plein`);
    expect(backupFailure(Object.assign(new Error('x'), { code: 'EACCES' }), root)).toBe(
      `le dossier des sauvegardes (${root}) n’est pas accessible en écriture pour l’utilisateur du serveur : corrigez ses droits (chown, chmod), ou donnez un autre --dossier (ou BACKUP_DIR).`,
    );
  });
});
