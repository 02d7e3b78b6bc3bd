// FileStore on the local disk, under `${DATA_DIR}/uploads` (served at /uploads by server.ts, except `pending/`).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR, PRIVATE_FILE } from '../platform/private-files';
import { assertSafeKey } from './keys';
import type { FileStore } from './ports';

export { assertSafeKey };

export function createDiskFileStore(root: string): FileStore {
  const base = path.resolve(root);

  function fileFor(key: string): string {
    assertSafeKey(key);
    const file = path.resolve(base, ...key.split('/'));
    // Belt and braces: whatever the checks above missed, never leave the root.
    if (!file.startsWith(base + path.sep)) throw new Error(`Clé de fichier refusée : ${JSON.stringify(key)}`);
    return file;
  }

  return {
    async put(key, data) {
      const file = fileFor(key);
      // An upload waiting for its event keeps its original bytes (EXIF and all): its folder and file are the site's own.
      const waiting = key.startsWith('pending/');
      await fs.mkdir(path.dirname(file), { recursive: true, mode: waiting ? PRIVATE_DIR : undefined });
      if (waiting) await fs.chmod(path.dirname(file), PRIVATE_DIR);
      // Write beside the target (same file system), flush, then rename: the target is either absent or complete.
      // Temp names start with a dot, which the static server refuses to serve.
      const temp = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${crypto.randomBytes(6).toString('hex')}.tmp`,
      );
      try {
        const handle = await fs.open(temp, 'wx', waiting ? PRIVATE_FILE : 0o644);
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

    async list(prefix) {
      const found: { key: string; modifiedAt: number }[] = [];
      const walk = async (dir: string, relative: string) => {
        let entries: import('node:fs').Dirent[];
        try {
          entries = await fs.readdir(dir, { withFileTypes: true });
        } catch (error) {
          if (isMissing(error)) return;
          throw error;
        }
        for (const entry of entries) {
          // Dot files are temporary writes in progress, never keys.
          if (entry.name.startsWith('.')) continue;
          const key = relative ? `${relative}/${entry.name}` : entry.name;
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) await walk(full, key);
          else if (entry.isFile() && key.startsWith(prefix)) {
            found.push({ key, modifiedAt: (await fs.stat(full)).mtimeMs });
          }
        }
      };
      await walk(base, '');
      return found.sort((a, b) => (a.key < b.key ? -1 : 1));
    },
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
