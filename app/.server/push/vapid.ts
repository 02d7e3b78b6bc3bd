// The VAPID key pair of the Web Push transport: from the environment, or generated once into DATA_DIR.
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { type Config, createExclusively } from '../platform/config';

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const KEY_FILE = '.vapid-keys.json';

export function vapidDetails(config: Config): VapidDetails {
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.CONTACT_TO}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  return { ...persistedKeys(config.DATA_DIR), subject };
}

/** Like the session secret: generated on first start, kept beside the data (a new pair would orphan every device). */
function persistedKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, KEY_FILE);
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Created exclusively and whole: of two processes starting together, one writes and the other reads what it wrote.
  const written = createExclusively(file, JSON.stringify(webpush.generateVAPIDKeys()));
  return JSON.parse(written) as { publicKey: string; privateKey: string };
}
