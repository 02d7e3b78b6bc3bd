// File keys are built by our code only; every adapter refuses anything that could leave its root.
import path from 'node:path';

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
    throw new Error(`Clé de fichier refusée : ${JSON.stringify(key)}`);
  }
}
