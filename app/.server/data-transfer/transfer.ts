// npm run data:export / data:import: the configured backend to or from a folder, files included, and with
// `--avec-secrets` the secrets that links already mailed (alerts, unsubscribe) and push devices depend on.
import fs from 'node:fs';
import path from 'node:path';
import type { Alert } from '~/domain/alert';
import { alertToken, hashAlertToken } from '../alerts/alerts';
import type { Database } from '../database';
import type { FileStore } from '../files/ports';
import { type Config, createExclusively, SESSION_SECRET_FILE } from '../platform/config';
import { VAPID_RECORD } from '../push/vapid';
import { DATASET_COLLECTIONS, type Dataset, type ExportSecrets, putFiles, readExport, writeExport } from './dataset';
import { dumpFirestore, loadFirestore } from './firestore';
import { withoutSecrets } from './secrets';
import { dumpSqlite, loadSqlite } from './sqlite';

const VAPID_FILE = '.vapid-keys.json';

/** What the transfer uses: the database and the files it copies, the settings whose secrets it carries, and `close`. */
export interface TransferDeps {
  database: Database;
  files: FileStore;
  config: Pick<Config, 'DATA_DIR' | 'SESSION_SECRET' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>;
  close(): Promise<void>;
}

interface Backend {
  dump(): Promise<Dataset>;
  load(data: Dataset): Promise<void>;
}

function openBackend(services: TransferDeps): Backend {
  const { database } = services;
  if (database.kind === 'firestore') {
    const { db } = database;
    return { dump: () => dumpFirestore(db), load: (data) => loadFirestore(db, data) };
  }
  const { db } = database;
  return { dump: async () => dumpSqlite(db), load: async (data) => loadSqlite(db, data) };
}

const summary = (data: Dataset) => DATASET_COLLECTIONS.map((c) => `${c} ${data[c].length}`).join(', ');

const readJson = (file: string) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);

type KeyPair = NonNullable<ExportSecrets['vapidKeys']>;

/**
 * The secrets this site signs and encrypts with: the session secret, and the push keys (environment, else the store's
 * on Firestore — in the data read — or DATA_DIR's on SQLite).
 */
function currentSecrets({ config, database }: TransferDeps, data: Dataset): ExportSecrets {
  const fromEnvironment =
    config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
      ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
      : null;
  const inStore = data.federationRecords.find((r) => r.kind === VAPID_RECORD.kind && r.key === VAPID_RECORD.key);
  return {
    sessionSecret: config.SESSION_SECRET,
    vapidKeys:
      fromEnvironment ??
      (database.kind === 'firestore'
        ? ((inStore?.value as KeyPair | undefined) ?? null)
        : readJson(path.join(config.DATA_DIR, VAPID_FILE))),
  };
}

/** What an export without secrets left out, in French, or nothing. */
function leftOutNote(left: ReturnType<typeof withoutSecrets>['left']): string {
  const parts = [
    left.sessions && `${left.sessions} session${left.sessions > 1 ? 's' : ''}`,
    left.authTokens && `${left.authTokens} lien${left.authTokens > 1 ? 's' : ''} de connexion en cours`,
    left.federationRecords && `${left.federationRecords} paire${left.federationRecords > 1 ? 's' : ''} de clés`,
    left.federationQueue &&
      `${left.federationQueue} envoi${left.federationQueue > 1 ? 's' : ''} de la fédération en attente`,
  ].filter(Boolean);
  return parts.length ? `, sans les secrets (${parts.join(', ')} : --avec-secrets pour les emporter)` : '';
}

export async function exportData(services: TransferDeps, dir: string, { withSecrets = false } = {}): Promise<string> {
  const backend = openBackend(services);
  let left: ReturnType<typeof withoutSecrets>['left'] = {};
  try {
    const data = await writeExport(
      dir,
      async () => {
        const all = await backend.dump();
        if (withSecrets) return all;
        const kept = withoutSecrets(all);
        left = kept.left;
        return kept.data;
      },
      services.files,
      services.database.kind,
      withSecrets ? (all) => currentSecrets(services, all) : null,
    );
    return `${summary(data)}${withSecrets ? ', secrets' : leftOutNote(left)}`;
  } finally {
    await services.close();
  }
}

/** What an import from an export made without its secrets cannot bring back, and what follows. */
export const WITHOUT_SECRETS_NOTE =
  'export sans secrets : les sessions et les liens de connexion en cours n’ont pas suivi (chacun se reconnecte, un lien ' +
  'déjà envoyé se redemande) ; les acteurs ActivityPub reçoivent de nouvelles clés à leur premier usage, que leur ' +
  'profil publie (un serveur qui les suit relit ce profil quand une signature ne correspond plus à la clé qu’il ' +
  'gardait, comme Mastodon) ; sans VAPID_PUBLIC_KEY, les appareils des admins se réabonnent aux notifications';

/**
 * Puts the export's secrets in place: into DATA_DIR where this site keeps its own there (a fresh store has just made
 * them); where they come from the environment, says which to set. Answers what the operator must know.
 */
function applySecrets({ config, database }: TransferDeps, secrets: ExportSecrets): string[] {
  const notes: string[] = [];
  const secretFile = path.join(config.DATA_DIR, SESSION_SECRET_FILE);
  if (config.SESSION_SECRET !== secrets.sessionSecret) {
    const fromFile = fs.existsSync(secretFile) && fs.readFileSync(secretFile, 'utf8').trim() === config.SESSION_SECRET;
    if (fromFile) {
      fs.rmSync(secretFile);
      createExclusively(secretFile, secrets.sessionSecret);
      notes.push(`secret de session de l’export écrit dans ${secretFile}`);
    } else
      notes.push(
        'SESSION_SECRET vient de l’environnement et diffère de celui de l’export : donnez-lui la valeur « sessionSecret » de secrets.json, sinon les liens déjà envoyés par email ne valent plus',
      );
  }
  if (secrets.vapidKeys && config.VAPID_PUBLIC_KEY !== secrets.vapidKeys.publicKey) {
    // On Firestore the pair travels in the store (importData), not in a DATA_DIR of one instance.
    if (database.kind === 'firestore' && !config.VAPID_PUBLIC_KEY)
      notes.push('clés Web Push de l’export enregistrées dans le stockage, pour toutes les instances');
    else if (config.VAPID_PUBLIC_KEY)
      notes.push(
        'VAPID_PUBLIC_KEY et VAPID_PRIVATE_KEY diffèrent de l’export : reprenez « vapidKeys » de secrets.json',
      );
    else {
      const file = path.join(config.DATA_DIR, VAPID_FILE);
      fs.rmSync(file, { force: true });
      createExclusively(file, JSON.stringify(secrets.vapidKeys));
      notes.push(`clés Web Push de l’export écrites dans ${file}`);
    }
  }
  return notes;
}

/** Into an empty backend only: a move never mixes two sites. */
export async function importData(services: TransferDeps, dir: string, { withSecrets = false } = {}): Promise<string> {
  const { data, files, secrets } = await readExport(dir);
  if (withSecrets && !secrets)
    throw new Error(`L’export ${dir} ne contient pas de secrets : refaites-le avec --avec-secrets.`);
  const backend = openBackend(services);
  try {
    const existing = await backend.dump();
    const filled = DATASET_COLLECTIONS.filter((c) => existing[c].length > 0);
    if (filled.length > 0) {
      const kind = services.database.kind;
      const elsewhere =
        kind === 'sqlite' ? 'donnez à DATA_DIR un dossier neuf' : 'importez dans une base Firestore vide';
      throw new Error(`Le stockage ${kind} n’est pas vide (${filled.join(', ')}) : import refusé ; ${elsewhere}.`);
    }
    // Without the export's secret, the letters to come carry links derived from this site's (alertToken): each
    // alert's stored token hash follows, or every « Gérer » and « Se désabonner » they carry would lead nowhere. The
    // links already mailed, made with the old secret, no longer open (as docs/firebase.md says).
    if (!(withSecrets && secrets))
      data.alerts = data.alerts.map((alert) => ({
        ...alert,
        tokenHash: hashAlertToken(
          alertToken(services.config.SESSION_SECRET, alert as unknown as Pick<Alert, 'id' | 'createdAt'>),
        ),
      }));
    // Into Firestore, the export's push keys become the store's pair, which every instance reads (push/vapid.ts).
    const vapid = withSecrets && services.database.kind === 'firestore' ? secrets?.vapidKeys : null;
    if (vapid && !data.federationRecords.some((r) => r.kind === VAPID_RECORD.kind && r.key === VAPID_RECORD.key))
      data.federationRecords.push({
        ...VAPID_RECORD,
        value: vapid,
        expiresAt: null,
        updatedAt: new Date().toISOString(),
      });
    await backend.load(data);
    await putFiles(services.files, files);
    const notes = withSecrets && secrets ? applySecrets(services, secrets) : secrets ? [] : [WITHOUT_SECRETS_NOTE];
    return [`${summary(data)}, fichiers ${files.length}`, ...notes].join(' ; ');
  } finally {
    await services.close();
  }
}
