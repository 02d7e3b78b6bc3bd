// Export and import carry everything (issue 32): the tables and collections are listed from the stores themselves, so
// that one added later cannot be forgotten; a round trip with every table non-empty loses nothing, the secrets
// included when asked.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventParams } from '../../app/.server/adapters/sqlite/event-rows';
import { alertToken, hashAlertToken } from '../../app/.server/alerts/alerts';
import {
  DATASET_COLLECTIONS,
  DERIVED_FIRESTORE_COLLECTIONS,
  DERIVED_SQLITE_TABLES,
  readExport,
  sortedDataset,
} from '../../app/.server/data-transfer/dataset';
import { dumpFirestore, loadFirestore } from '../../app/.server/data-transfer/firestore';
import { dumpSqlite, TABLES } from '../../app/.server/data-transfer/sqlite';
import { exportData, importData } from '../../app/.server/data-transfer/transfer';
import { vapidDetails } from '../../app/.server/push/vapid';
import type { Services } from '../../app/.server/services';
import type { AgendaEvent } from '../../app/domain/event';
import { fillEveryPort } from '../support/every-port';
import { collectionIds, freshFirestore } from '../support/firestore-emulator';
import { COLLECTION_OF_TABLE, sqliteDb, transferSites } from '../support/transfer-sites';

const { cleanups, tmp, sqliteSite, firestoreSite } = transferSites('all');

const tablesOf = (services: Services) =>
  (
    sqliteDb(services)
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string }[]
  ).map((t) => t.name);
const countOf = (services: Services, table: string) =>
  (sqliteDb(services).prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('l’export emporte tout le stockage', () => {
  it('SQLite : chaque table est une collection de l’export, ou déduite ; chaque colonne est exportée', () => {
    const site = sqliteSite();
    const derived = new Set<string>(DERIVED_SQLITE_TABLES);
    const forgotten = tablesOf(site).filter((t) => !derived.has(t) && !(t in COLLECTION_OF_TABLE));
    expect(forgotten).toEqual([]);
    // And the other way round: every collection of the export has its table.
    expect(Object.values(COLLECTION_OF_TABLE).sort()).toEqual([...DATASET_COLLECTIONS].sort());
    // The tables read column by column: none left out (a column added later would be lost on the way).
    const columnsOf = (table: string) =>
      (sqliteDb(site).prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name).sort();
    for (const [table, fields] of Object.values(TABLES))
      expect(columnsOf(table), table).toEqual(fields.map(([, c]) => c).sort());
    // last_ends_ts: kept by the dates' triggers from the dates themselves (decision 142), never written as such.
    const eventColumns = [
      ...Object.keys(eventParams({ accessibility: {} } as AgendaEvent)),
      'occurrences_until',
      'last_ends_ts',
    ];
    expect(columnsOf('events')).toEqual(eventColumns.sort());
  });

  it('Firestore : chaque collection qu’écrivent les ports est une collection de l’export, ou déduite', async () => {
    const { db, store } = await firestoreSite('tout-lister');
    await fillEveryPort(store);
    const listed = await collectionIds(db);
    const known = new Set<string>([...DATASET_COLLECTIONS, ...DERIVED_FIRESTORE_COLLECTIONS]);
    expect(listed.filter((c) => !known.has(c))).toEqual([]);
    // Every collection of the export was written by the ports: the fill leaves none empty.
    expect([...DATASET_COLLECTIONS].filter((c) => !listed.includes(c))).toEqual([]);
  }, 60_000);

  it('aller-retour avec chaque table non vide : SQLite → dossier → SQLite et Firestore, secrets compris', async () => {
    const sourceDir = tmp('source');
    const source = sqliteSite(sourceDir);
    await fillEveryPort(source.store);
    const vapid = vapidDetails(source.config);
    for (const table of tablesOf(source)) expect(countOf(source, table), table).toBeGreaterThan(0);
    const original = sortedDataset(dumpSqlite(sqliteDb(source)));
    const secret = source.config.SESSION_SECRET;

    const exported = path.join(tmp('export'), 'export');
    await exportData(source, exported, { withSecrets: true });
    const targetDir = tmp('cible');
    const summary = await importData(sqliteSite(targetDir), exported, { withSecrets: true });
    expect(summary).toContain(`secret de session de l’export écrit dans ${path.join(targetDir, '.session-secret')}`);
    const target = sqliteSite(targetDir);
    for (const table of tablesOf(target).filter((t) => t !== 'health_checks'))
      expect(countOf(target, table), table).toBeGreaterThan(0);
    expect(sortedDataset(dumpSqlite(sqliteDb(target)))).toEqual(original);
    // Links already mailed (alerts, unsubscribe) and push devices keep working: the same secrets.
    expect(target.config.SESSION_SECRET).toBe(secret);
    expect(vapidDetails(target.config)).toMatchObject({ publicKey: vapid.publicKey, privateKey: vapid.privateKey });

    // And on Firestore: every collection filled, the same records back.
    const { db, dispose } = await freshFirestore('aller-retour');
    cleanups.push(dispose);
    await loadFirestore(db, (await readExport(exported)).data);
    const listed = await collectionIds(db);
    expect([...DATASET_COLLECTIONS].filter((c) => !listed.includes(c))).toEqual([]);
    expect(sortedDataset(await dumpFirestore(db))).toEqual(original);
  }, 120_000);

  it('sans --avec-secrets, aucun secret ne sort ; un import qui en demande refuse un export qui n’en a pas', async () => {
    const source = sqliteSite();
    await fillEveryPort(source.store);
    const exported = path.join(tmp('export2'), 'export');
    await exportData(source, exported);
    expect(fs.existsSync(path.join(exported, 'secrets.json'))).toBe(false);
    await expect(importData(sqliteSite(), exported, { withSecrets: true })).rejects.toThrow(
      /ne contient pas de secrets/,
    );
    // Imported without them, into a site with its own secret: the letters it sends next carry links derived from that
    // secret (the digest's alertToken), and those links find their alert. They led nowhere before (an operator's
    // import: the links of the letters to come would have been dead).
    const targetDir = tmp('cible-sans-secrets');
    const target = sqliteSite(targetDir);
    expect(target.config.SESSION_SECRET).not.toBe(source.config.SESSION_SECRET);
    await importData(target, exported);
    const reopened = sqliteSite(targetDir);
    const alerts = await reopened.store.alerts.listActive();
    expect(alerts.length).toBeGreaterThan(0);
    for (const alert of alerts) {
      const link = alertToken(reopened.config.SESSION_SECRET, alert);
      expect((await reopened.store.alerts.findByTokenHash(hashAlertToken(link)))?.id).toBe(alert.id);
    }
  }, 60_000);
});
