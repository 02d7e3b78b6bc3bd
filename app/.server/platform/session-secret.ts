// The session secret kept beside the data when SESSION_SECRET is not given, and files created whole and once
// (the secret, the push keys). A start that fails after creating the secret takes it back (issue 46): a first start
// that never served leaves DATA_DIR as it found it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from './startup-checks';

/** The secrets this process created, with what it wrote: taken back if its start fails. */
const createdHere = new Map<string, string>();

function created(file: string, secret: string): string {
  createdHere.set(file, secret);
  return secret;
}

/**
 * After a failed start: the session secrets this process created are removed, unless another process has written
 * its own in their place since (then it is theirs).
 */
export function forgetCreatedSecrets(): void {
  for (const [file, secret] of createdHere) {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === secret) fs.rmSync(file, { force: true });
    } catch {
      // Gone already, or unreadable: nothing of ours to take back.
    }
  }
  createdHere.clear();
}

export const SESSION_SECRET_FILE = '.session-secret';

/**
 * Without SESSION_SECRET, one is generated on first start and kept beside the data. Created exclusively and whole (a
 * full file linked into place): of two processes starting at once, one writes it and both use it; nobody ever reads
 * half of one. A secret file that is empty or too short stops the start rather than sign cookies with it.
 */
export function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  const secret =
    readSecret(file) ?? created(file, createExclusively(file, crypto.randomBytes(48).toString('base64url')));
  if (secret.length < 32)
    throw new StartupError(
      `le secret de session ${file} est vide ou trop court (${secret.length} caractères, 32 au moins). Restaurez-le depuis une sauvegarde, ou supprimez-le pour en créer un neuf (les sessions ouvertes et les liens déjà envoyés par email ne vaudront plus).`,
    );
  return secret;
}

function readSecret(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Writes `content` to `file` unless it exists: the winner's content is returned either way. */
export function createExclusively(file: string, content: string): string {
  const temp = `${file}.${process.pid}-${crypto.randomBytes(4).toString('hex')}.tmp`;
  const fd = fs.openSync(temp, 'wx', 0o600);
  try {
    fs.writeSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(temp, file);
    return content;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fs.readFileSync(file, 'utf8').trim();
  } finally {
    fs.rmSync(temp, { force: true });
  }
}
