// Secrets in exports and backups (issue 46): every SQLite column and every Firestore field is classified (secret or
// not), checked against the real schema, so that one added later cannot slip out unnoticed; an export without
// `--avec-secrets` holds none (no actor's private key, no session, no link token); exports and backups are their
// owner's only (folders 0700, files 0600); an import from such an export says, in French, what did not follow.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFirestoreStore } from '../../app/.server/adapters/firestore/store';
import { backupSite } from '../../app/.server/backup/backup';
import type { DatasetCollection } from '../../app/.server/data-transfer/dataset';
import { FIRESTORE_FIELDS, SECRET_RECORDS, SQLITE_COLUMNS } from '../../app/.server/data-transfer/secrets';
import { dumpSqlite } from '../../app/.server/data-transfer/sqlite';
import { exportData, importData, WITHOUT_SECRETS_NOTE } from '../../app/.server/data-transfer/transfer';
import { actorKeyPairs } from '../../app/.server/federation/keys';
import { createDiskFileStore } from '../../app/.server/files/disk';
import { loadConfig } from '../../app/.server/platform/config';
import type { Store } from '../../app/.server/ports';
import { sharedVapidDetails, vapidDetails } from '../../app/.server/push/vapid';
import { firestoreLimiter } from '../../app/.server/server/firestore-limits';
import { fillEveryPort } from '../support/every-port';
import { collectionIds, freshFirestore } from '../support/firestore-emulator';
import { COLLECTION_OF_TABLE, sqliteDb, transferSites } from '../support/transfer-sites';

const { cleanups, tmp, sqliteSite, firestoreSite } = transferSites('secrets');

const namesOf = (record: Record<string, unknown> | undefined) => Object.keys(record ?? {}).sort();

/** What a site has that fillEveryPort does not write: an actor's real key pair, a delivery queued with its keys. */
async function fillKeys(store: Store) {
  const [pair] = await actorKeyPairs(store.federation, 'theatre-du-jorat');
  const privateKey = await crypto.subtle.exportKey('jwk', pair.privateKey);
  await store.federation.enqueue([
    {
      id: 'livraison-1',
      payload: {
        type: 'outbox',
        keys: [{ keyId: 'https://agenda.exemple.ch/federation/acteurs/theatre-du-jorat#main-key', privateKey }],
        inbox: 'https://mastodon.exemple/inbox',
      },
      dueAt: '2030-03-01T10:00:00.000Z',
      createdAt: '2030-03-01T10:00:00.000Z',
    },
  ]);
  return pair;
}

/** The long tokens (hashes, keys' parameters) of a value, however deep. */
function tokensOf(value: unknown): string[] {
  if (typeof value === 'string') return /^[A-Za-z0-9_-]{20,}$/.test(value) ? [value] : [];
  if (value && typeof value === 'object') return Object.values(value).flatMap(tokensOf);
  return [];
}

/** Every file and folder under `dir` with its permissions. */
function modesUnder(dir: string): { file: string; mode: number; isDir: boolean }[] {
  const found = [{ file: dir, mode: fs.statSync(dir).mode & 0o777, isDir: true }];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...modesUnder(file));
    else found.push({ file, mode: fs.statSync(file).mode & 0o777, isDir: false });
  }
  return found;
}

describe('chaque colonne et chaque champ est classé : secret ou non', () => {
  it('SQLite : les tables et colonnes de la base migrée sont exactement celles du classement', () => {
    const db = sqliteDb(sqliteSite());
    const tables = (
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .all() as { name: string }[]
    ).map((t) => t.name);
    const columns = Object.fromEntries(
      tables.map((table) => [
        table,
        (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name).sort(),
      ]),
    );
    const classified = Object.fromEntries(tables.map((table) => [table, namesOf(SQLITE_COLUMNS[table])]));
    expect(classified).toEqual(columns);
    expect(Object.keys(SQLITE_COLUMNS).sort()).toEqual(tables);
  });

  it('Firestore : chaque champ que les ports écrivent est classé', async () => {
    const { db, store } = await firestoreSite('secrets-champs');
    await fillEveryPort(store);
    await fillKeys(store);
    const config = loadConfig({ DATA_DIR: tmp('firestore'), SESSION_SECRET: 's'.repeat(32) });
    await sharedVapidDetails(config, store.federation);
    await firestoreLimiter(() => db, { points: 5, duration: 60, keyPrefix: 'test' }).consume('ip');
    const unclassified: string[] = [];
    for (const collection of await collectionIds(db)) {
      for (const doc of (await db.collection(collection).get()).docs)
        for (const field of Object.keys(doc.data()))
          if (!FIRESTORE_FIELDS[collection]?.[field]) unclassified.push(`${collection}.${field}`);
    }
    expect([...new Set(unclassified)]).toEqual([]);
  }, 60_000);

  it('une table ou une collection qui a un secret dit quels enregistrements l’export laisse de côté', () => {
    const withSecret = (classified: Record<string, Record<string, string>>) =>
      Object.entries(classified)
        .filter(([, fields]) => Object.values(fields).includes('secret'))
        .map(([name]) => name);
    const handled = new Set(Object.keys(SECRET_RECORDS));
    expect(withSecret(SQLITE_COLUMNS).filter((table) => !handled.has(COLLECTION_OF_TABLE[table]))).toEqual([]);
    expect(withSecret(FIRESTORE_FIELDS).filter((collection) => !handled.has(collection))).toEqual([]);
  });
});

describe('exports et sauvegardes : sans secrets, et à leur propriétaire seul', () => {
  it('sans --avec-secrets : ni clé privée, ni session, ni jeton ; dossiers 0700, fichiers 0600', async () => {
    const source = sqliteSite();
    await fillEveryPort(source.store);
    const original = await fillKeys(source.store);
    const before = JSON.stringify(await crypto.subtle.exportKey('jwk', original.publicKey));
    const data = dumpSqlite(sqliteDb(source));
    const secrets = (Object.keys(SECRET_RECORDS) as DatasetCollection[]).flatMap((collection) =>
      data[collection].filter((record) => SECRET_RECORDS[collection]?.(record)).flatMap(tokensOf),
    );
    // What the site holds: sessions, link tokens, the actors' private keys (JWK `d`), a delivery signed with them.
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.authTokens.length).toBeGreaterThan(0);
    expect(secrets.length).toBeGreaterThan(10);

    const exported = path.join(tmp('export'), 'export');
    const summary = await exportData(source, exported);
    expect(summary).toMatch(/sans les secrets \(\d+ sessions?, .*--avec-secrets pour les emporter\)/);
    const text = modesUnder(exported)
      .filter((entry) => !entry.isDir)
      .map((entry) => fs.readFileSync(entry.file, 'latin1'))
      .join('\n');
    expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
    // The followers, the blocks, the rest of the federation's records are there.
    expect(text).toContain('https://mastodon.exemple/users/lea');
    for (const entry of modesUnder(exported))
      expect({ file: entry.file, mode: entry.mode.toString(8) }).toEqual({
        file: entry.file,
        mode: entry.isDir ? '700' : '600',
      });

    // Imported: the site says what did not follow; its actors get new keys, which sign and verify.
    const target = sqliteSite();
    expect(await importData(target, exported)).toContain(WITHOUT_SECRETS_NOTE);
    const reopened = sqliteSite(target.config.DATA_DIR);
    const [pair] = await actorKeyPairs(reopened.store.federation, 'theatre-du-jorat');
    const signed = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', pair.privateKey, Buffer.from('Accept'));
    expect(await crypto.subtle.verify('RSASSA-PKCS1-v1_5', pair.publicKey, signed, Buffer.from('Accept'))).toBe(true);
    expect(JSON.stringify(await crypto.subtle.exportKey('jwk', pair.publicKey))).not.toBe(before);
  }, 60_000);

  it('une sauvegarde : dossier 0700, base, manifeste et secrets 0600', async () => {
    const site = sqliteSite();
    await fillEveryPort(site.store);
    const { dir } = backupSite(
      { database: site.database, dataDir: site.config.DATA_DIR, uploadsDir: site.uploadsDir },
      tmp('sauvegardes'),
    );
    expect((fs.statSync(dir).mode & 0o777).toString(8)).toBe('700');
    const files = fs.readdirSync(dir).filter((name) => fs.statSync(path.join(dir, name)).isFile());
    expect(files).toContain('agenda.sqlite');
    for (const name of files)
      expect({ name, mode: (fs.statSync(path.join(dir, name)).mode & 0o777).toString(8) }).toEqual({
        name,
        mode: '600',
      });
  });

  it('avec --avec-secrets vers Firestore : les clés Web Push de l’export deviennent la paire de toutes les instances', async () => {
    const source = sqliteSite();
    await fillEveryPort(source.store);
    const vapid = vapidDetails(source.config);
    const exported = path.join(tmp('export-firestore'), 'export');
    await exportData(source, exported, { withSecrets: true });

    const { db, dispose } = await freshFirestore('secrets-import');
    cleanups.push(dispose);
    const config = loadConfig({ DATA_DIR: tmp('instance'), SESSION_SECRET: 's'.repeat(32) });
    const summary = await importData(
      {
        database: { kind: 'firestore', db },
        files: createDiskFileStore(tmp('fichiers')),
        config,
        close: async () => {},
      },
      exported,
      { withSecrets: true },
    );
    expect(summary).toContain('clés Web Push de l’export enregistrées dans le stockage, pour toutes les instances');
    const store = createFirestoreStore(db);
    cleanups.push(() => store.close());
    expect(await sharedVapidDetails(config, store.federation)).toMatchObject({
      publicKey: vapid.publicKey,
      privateKey: vapid.privateKey,
    });
  }, 60_000);
});
