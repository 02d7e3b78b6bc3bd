// The Firebase Storage file adapter against a local stand-in of the Cloud Storage API.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorageStandIn, startStorageStandIn } from '../../../tests/support/storage-stand-in';
import type { FileStore } from './ports';
import { createStorageFileStore } from './storage';

describe('fichiers sur Firebase Storage', () => {
  let standIn: StorageStandIn;
  let files: FileStore;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    standIn = await startStorageStandIn();
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = standIn.host;
    const app = initializeApp({ projectId: 'demo-storage', storageBucket: 'demo-storage.appspot.com' }, 'storage-test');
    files = createStorageFileStore(getStorage(app).bucket());
    dispose = async () => {
      await deleteApp(app);
      await standIn.close();
      delete process.env.FIREBASE_STORAGE_EMULATOR_HOST;
    };
  });
  afterAll(() => dispose());

  it('écrit, relit, liste puis efface une image, avec son type et un cache immuable', async () => {
    const bytes = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0, 255]);
    await files.put('events/abc-800.webp', bytes, 'image/webp');
    await files.put('pending/tok', Buffer.from('x'), 'application/octet-stream');
    expect(await files.get('events/abc-800.webp')).toEqual(bytes);
    const stored = standIn.objects.get('demo-storage.appspot.com/events/abc-800.webp');
    expect(stored).toMatchObject({ contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' });
    const listed = await files.list('events/');
    expect(listed.map((f) => f.key)).toEqual(['events/abc-800.webp']);
    expect(listed[0].modifiedAt).toBeGreaterThan(Date.now() - 60_000);
    expect((await files.list('')).map((f) => f.key)).toEqual(['events/abc-800.webp', 'pending/tok']);
    await files.delete('events/abc-800.webp');
    expect(await files.get('events/abc-800.webp')).toBeNull();
    await files.delete('events/abc-800.webp');
  });

  it('refuse une clé qui sortirait de son dossier', async () => {
    await expect(files.put('../secret', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Clé de fichier refusée/);
    await expect(files.get('/etc/passwd')).rejects.toThrow(/Clé de fichier refusée/);
  });
});
