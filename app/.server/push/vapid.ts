// The VAPID key pair of the Web Push transport: from the environment, else generated once and kept where every
// process of the site finds it — beside the data in DATA_DIR on SQLite (one server), in the store on Firestore
// (instances side by side share no disk: each would make its own pair, and a push sent by another is refused).
import fs from 'node:fs';
import path from 'node:path';
import { type Config, createExclusively } from '../platform/config';
import type { FederationRecord, FederationStore } from '../ports';
import { type VapidDetails, webpush } from './web-push';

type KeyPair = { publicKey: string; privateKey: string };

const KEY_FILE = '.vapid-keys.json';

/** The record that holds the pair on Firestore, in the store's record collection beside the actors' keys. */
export const VAPID_RECORD = { kind: 'vapid', key: 'web-push' } as const;

const subjectOf = (config: Config) => config.VAPID_SUBJECT ?? `mailto:${config.CONTACT_TO}`;

const configured = (config: Config): KeyPair | null =>
  config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
    ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
    : null;

/** The pair of a server on SQLite: the environment's, or the one of DATA_DIR. */
export function vapidDetails(config: Config): VapidDetails {
  return { ...(configured(config) ?? persistedKeys(config.DATA_DIR)), subject: subjectOf(config) };
}

/**
 * The pair of a site on Firestore: the environment's, or the one of the store, made by the first instance that needs
 * it (putIfAbsent in a transaction: of two instances starting together, both keep the one written first).
 */
export async function sharedVapidDetails(config: Config, store: FederationStore): Promise<VapidDetails> {
  const subject = subjectOf(config);
  const fromConfig = configured(config);
  if (fromConfig) return { ...fromConfig, subject };
  const now = new Date().toISOString();
  const kept = await store.get<KeyPair>(VAPID_RECORD.kind, VAPID_RECORD.key, now);
  if (kept) return { ...kept.value, subject };
  const fresh: FederationRecord<KeyPair> = {
    ...VAPID_RECORD,
    value: webpush().generateVAPIDKeys(),
    expiresAt: null,
    updatedAt: now,
  };
  const { value } = await store.putIfAbsent(fresh, now);
  return { publicKey: value.publicKey, privateKey: value.privateKey, subject };
}

/** Like the session secret: generated on first start, kept beside the data (a new pair would orphan every device). */
function persistedKeys(dataDir: string): KeyPair {
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
  const written = createExclusively(file, JSON.stringify(webpush().generateVAPIDKeys()));
  return JSON.parse(written) as KeyPair;
}
