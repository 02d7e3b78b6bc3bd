// Moving a site: SQLite → export → Firestore → export → SQLite loses nothing, files included, and the Firestore
// store then answers like the SQLite one (search, sign-in by email, moderation numbering).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirestoreStore } from '../../app/.server/adapters/firestore/store';
import { openDatabase } from '../../app/.server/adapters/sqlite/db';
import { createSqliteStore } from '../../app/.server/adapters/sqlite/store';
import { putFiles, readExport, sortedDataset, writeExport } from '../../app/.server/data-transfer/dataset';
import { dumpFirestore, loadFirestore } from '../../app/.server/data-transfer/firestore';
import { dumpSqlite, loadSqlite } from '../../app/.server/data-transfer/sqlite';
import { createDiskFileStore } from '../../app/.server/files/disk';
import { createStorageFileStore } from '../../app/.server/files/storage';
import type { Donation } from '../../app/.server/ports';
import { seedCategories, seedDemo } from '../../app/.server/seed/seed';
import { makeDonation } from '../support/factories';
import { freshFirestore } from '../support/firestore-emulator';
import { type StorageStandIn, startStorageStandIn } from '../support/storage-stand-in';

const tmp = (label: string) => fs.mkdtempSync(path.join(os.tmpdir(), `agenda-transfer-${label}-`));

describe('déménager un site entre SQLite et Firestore', () => {
  let standIn: StorageStandIn;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    standIn = await startStorageStandIn();
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = standIn.host;
  });
  afterAll(async () => {
    await cleanup?.();
    await standIn.close();
    delete process.env.FIREBASE_STORAGE_EMULATOR_HOST;
  });

  it('aller-retour sans perte : collections, champs, fichiers, puis les mêmes réponses', async () => {
    // A lived-in SQLite site: demo content, and a bit of everything else.
    const sourceDb = openDatabase(':memory:');
    const source = createSqliteStore(sourceDb);
    await seedCategories({ store: source });
    const { users } = await seedDemo({ store: source }, new Date('2030-03-01T10:00:00Z'));
    const organizer = users.find((u) => u.role === 'organizer')!;
    const admin = users.find((u) => u.role === 'admin')!;
    const submitted = await source.events.createSubmission({
      uid: organizer.uid,
      submissionKey: 'cle-de-soumission-24-car',
      event: {
        ...(
          await source.events.search({ status: ['approved'], endsAfter: '2030-03-01T10:00:00Z', limit: 1, offset: 0 })
        ).items[0],
        id: 'soumis1',
        title: 'Fête de la courge à Môtier',
        status: 'pending',
        createdBy: organizer.uid,
        image: { path: 'events/abc123', width: 1600, height: 900, alt: 'Une courge' },
        pendingChanges: ['title'],
      },
    });
    await source.events.transition({
      seen: submitted.event.updatedAt,
      next: { ...submitted.event, status: 'approved', pendingChanges: [], updatedAt: '2030-03-01T11:00:00.000Z' },
      entry: { adminUid: admin.uid, action: 'approve', reason: '', createdAt: '2030-03-01T11:00:00.000Z' },
    });
    // Moved once published: a new version for calendars (SEQUENCE 1, issue 52).
    const approved = (await source.events.findById('soumis1'))!;
    await source.events.transition({
      seen: approved.updatedAt,
      next: { ...approved, venueName: 'Grande salle', updatedAt: '2030-03-01T11:10:00.000Z' },
    });
    // A deleted event leaves its decisions behind, under the title it had.
    const doomed = (
      await source.events.search({ status: ['approved'], endsAfter: '2030-03-01T10:00:00Z', limit: 1, offset: 5 })
    ).items[0];
    await source.events.remove({
      id: doomed.id,
      seen: doomed.updatedAt,
      entry: { adminUid: admin.uid, action: 'delete', reason: '', createdAt: '2030-03-01T11:30:00.000Z' },
    });
    await source.sessions.create({
      id: 'session-hash',
      uid: organizer.uid,
      createdAt: '2030-03-01T10:00:00.000Z',
      lastSeenAt: '2030-03-01T10:05:00.000Z',
      expiresAt: '2030-03-31T10:00:00.000Z',
      userAgent: 'Firefox',
    });
    await source.authTokens.issue({
      id: 'token-hash',
      uid: organizer.uid,
      purpose: 'verify-email',
      createdAt: '2030-03-01T10:00:00.000Z',
      expiresAt: '2030-03-08T10:00:00.000Z',
    });
    await source.contactMessages.add({
      id: 'm1',
      name: 'Léa',
      email: 'lea@exemple.ch',
      subject: 'Bonjour',
      message: 'Une question « accentuée »',
      createdAt: '2030-03-01T10:00:00.000Z',
    });
    await source.notifications.addForAdmins({
      id: 'n1',
      title: 'Nouvel événement à modérer',
      body: 'Fête de la courge',
      data: { type: 'event_pending', eventId: 'soumis1' },
      timestamp: '2030-03-01T10:00:00.000Z',
    });
    await source.donations.recordPaid(
      makeDonation({
        id: 'd1',
        uid: organizer.uid,
        amount: 42.5,
        providerRef: 'cs_test_1',
        publicName: 'Orga',
        createdAt: '2030-03-01T10:00:00.000Z',
      }),
    );
    // Page views and an admin's push device (docs/specification.md §3 fcmTokens, fcmToken, fcmTokenUpdatedAt).
    await source.stats.recordPageView({ path: '/', title: 'Accueil', viewedAt: '2030-03-01T10:00:00.000Z' });
    await source.stats.recordPageView({
      path: '/evenements',
      title: 'Événements',
      viewedAt: '2030-03-01T10:01:00.000Z',
    });
    await source.users.savePushToken(admin.uid, 'abcdef0123456789', {
      token: 'tok',
      updatedAt: '2030-03-01T10:00:00.000Z',
      userAgent: 'UA',
      platform: 'Linux',
    });
    const sourceFiles = createDiskFileStore(tmp('source-files'));
    await sourceFiles.put('events/abc123-800.webp', Buffer.from('RIFF....WEBPimage'), 'image/webp');
    await sourceFiles.put('partners/logo1-400.webp', Buffer.from([0, 1, 2, 255]), 'image/webp');

    // SQLite → folder → Firestore (+ Storage).
    const first = tmp('export-sqlite');
    const original = dumpSqlite(sourceDb);
    await writeExport(first, original, sourceFiles, 'sqlite');
    const { db: firestore, dispose } = await freshFirestore('transfer');
    const app = initializeApp({ projectId: 'demo-transfer', storageBucket: 'demo-transfer.appspot.com' }, 'transfer');
    const bucketFiles = createStorageFileStore(getStorage(app).bucket());
    cleanup = async () => {
      await dispose();
      await deleteApp(app);
    };
    const exported = await readExport(first);
    await loadFirestore(firestore, exported.data);
    await putFiles(bucketFiles, exported.files);

    // Firestore → folder → a new SQLite.
    const second = tmp('export-firestore');
    await writeExport(second, await dumpFirestore(firestore), bucketFiles, 'firestore');
    const back = await readExport(second);
    const targetDb = openDatabase(':memory:');
    loadSqlite(targetDb, back.data);
    const targetFiles = createDiskFileStore(tmp('target-files'));
    await putFiles(targetFiles, back.files);

    // Nothing lost on the way: the same records, field for field, and the same bytes.
    for (const file of fs.readdirSync(first).filter((f) => f.endsWith('.jsonl'))) {
      expect(fs.readFileSync(path.join(second, file), 'utf8'), file).toBe(
        fs.readFileSync(path.join(first, file), 'utf8'),
      );
    }
    expect(sortedDataset(dumpSqlite(targetDb))).toEqual(sortedDataset(original));
    expect(original.pageViews).toHaveLength(2);
    // The lifecycle moved too: a withdrawn event, a pending revision, the title of a deleted event in the log.
    expect(original.events.some((e) => e.status === 'withdrawn' && e.previousStatus === 'pending')).toBe(true);
    expect(original.events.some((e) => e.status === 'approved' && e.revision !== null)).toBe(true);
    expect(original.moderationLog).toContainEqual(
      expect.objectContaining({ eventId: doomed.id, action: 'delete', eventTitle: doomed.title }),
    );
    expect(original.users.find((u) => u.uid === admin.uid)?.fcmToken).toBe('tok');
    expect(await targetFiles.get('events/abc123-800.webp')).toEqual(Buffer.from('RIFF....WEBPimage'));
    expect(await targetFiles.get('partners/logo1-400.webp')).toEqual(Buffer.from([0, 1, 2, 255]));

    // And the moved site works on Firestore as it did on SQLite.
    const moved = createFirestoreStore(firestore);
    await moved.ready();
    try {
      const query = { status: ['approved' as const], endsAfter: '2030-03-01T10:00:00Z', limit: 30, offset: 0 };
      const ids = async (store: typeof source, words?: string[]) =>
        (await store.events.search({ ...query, words })).items.map((e) => e.id);
      expect(await ids(moved)).toEqual(await ids(source));
      expect(await ids(moved, ['courge', 'motier'])).toEqual(['soumis1']);
      // Series keep their schedule, their cancelled date and the same stored dates (decision 041).
      const series = original.events.filter((e) => e.schedule);
      expect(series.length).toBeGreaterThanOrEqual(5);
      expect(series.some((e) => (e.cancelledDates as string[]).length === 1)).toBe(true);
      for (const e of series) {
        const id = String(e.id);
        expect(await moved.events.occurrences(id), id).toEqual(await source.events.occurrences(id));
      }
      expect(await moved.users.findByEmailWithPassword(organizer.email.toUpperCase())).toMatchObject({
        uid: organizer.uid,
      });
      expect(await moved.events.findSubmission(organizer.uid, 'cle-de-soumission-24-car')).toBe('soumis1');
      // Its calendar version too: a calendar that has it takes the next change.
      expect((await moved.events.findById('soumis1'))?.icalSequence).toBe(1);
      expect(
        await moved.donations.recordPaid({ ...(original.donations[0] as unknown as Donation), id: 'autre' }),
      ).toMatchObject({
        created: false,
      });
      const current = (await moved.events.findById('soumis1'))!;
      await moved.events.transition({
        seen: current.updatedAt,
        next: { ...current, featured: true, updatedAt: '2030-03-01T12:00:00.000Z' },
        entry: { adminUid: admin.uid, action: 'feature', reason: '', createdAt: '2030-03-01T12:00:00.000Z' },
      });
      // Page views and push devices moved too, readable through the ports on Firestore.
      expect(await moved.stats.topPages('2030-03-01T00:00:00Z', '2030-03-02T00:00:00Z', 5)).toEqual(
        expect.arrayContaining([
          { path: '/', title: 'Accueil', views: 1 },
          { path: '/evenements', title: 'Événements', views: 1 },
        ]),
      );
      expect(await moved.users.listAdminPushDevices()).toEqual([
        expect.objectContaining({ uid: admin.uid, deviceId: 'abcdef0123456789', token: 'tok' }),
      ]);
      const history = await moved.events.moderationHistory('soumis1');
      expect(history.map((h) => h.action)).toEqual(['feature', 'approve']);
      // Numbered after every imported decision (from its instant, no shared counter: issue 35), so the log keeps its order.
      const maxBefore = Math.max(...original.moderationLog.map((m) => Number(m.id)));
      expect(history[0].id).toBeGreaterThan(maxBefore);
    } finally {
      await moved.close();
    }
    // Demo accounts hash their passwords (scrypt, 128 MB): slow on a busy 2-core machine.
  }, 120_000);
});
