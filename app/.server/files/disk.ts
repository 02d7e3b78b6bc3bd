// FileStore on the local disk, under `${DATA_DIR}/uploads` (served at /uploads by server.ts, except `pending/`).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { getConfig } from '../config';
import { singleton } from '../singleton';
import type { FileStore } from './ports';

/** Throws unless `key` is a plain relative POSIX path: no absolute path, `..`, backslash, NUL or empty segment. */
export function assertSafeKey(key: string): void {
  if (
    typeof key !== 'string' ||
    key === '' ||
    key.includes('\0') ||
    key.includes('\\') ||
    key.includes('..') ||
    path.posix.isAbsolute(key) ||
    path.win32.isAbsolute(key) ||
    key.split('/').some((segment) => segment === '' || segment === '.')
  ) {
    throw new Error(`Clé de fichier refusée : ${JSON.stringify(key)}`);
  }
}

export function createDiskFileStore(root: string): FileStore {
  const base = path.resolve(root);

  function fileFor(key: string): string {
    assertSafeKey(key);
    const file = path.resolve(base, ...key.split('/'));
    // Belt and braces: whatever the checks above missed, never leave the root.
    if (!file.startsWith(base + path.sep)) throw new Error(`Clé de fichier refusée : ${JSON.stringify(key)}`);
    return file;
  }

  return {
    async put(key, data) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write beside the target (same file system), flush, then rename: the target is either absent or complete.
      // Temp names start with a dot, which the static server refuses to serve.
      const temp = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${crypto.randomBytes(6).toString('hex')}.tmp`,
      );
      try {
        const handle = await fs.open(temp, 'wx', 0o644);
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true }).catch(() => {});
        throw error;
      }
    },

    async get(key) {
      const file = fileFor(key);
      try {
        return await fs.readFile(file);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await fs.rm(fileFor(key), { force: true });
    },
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Root directory of the disk store (also what server.ts serves at /uploads). */
export function uploadsRoot(): string {
  return path.join(getConfig().DATA_DIR, 'uploads');
}

export function getFileStore(): FileStore {
  return singleton('fileStore', () => createDiskFileStore(uploadsRoot()));
}
