// FileStore on Firebase Storage (a Cloud Storage bucket) through firebase-admin. The browser never reads the bucket:
// server.ts serves /uploads from this store, so storage.rules deny every client (docs/decisions/018).
import type { Bucket } from '@google-cloud/storage';
import { assertSafeKey } from './keys';
import type { FileStore } from './ports';

const isNotFound = (error: unknown) => (error as { code?: unknown } | null)?.code === 404;

export function createStorageFileStore(bucket: Bucket): FileStore {
  const file = (key: string) => {
    assertSafeKey(key);
    return bucket.file(key);
  };
  return {
    async put(key, data, contentType) {
      // A single request (not resumable): the object appears whole or not at all.
      await file(key).save(data, {
        resumable: false,
        contentType,
        metadata: { cacheControl: 'public, max-age=31536000, immutable' },
      });
    },
    async get(key) {
      try {
        const [bytes] = await file(key).download();
        return bytes;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await file(key).delete({ ignoreNotFound: true });
    },
    async list(prefix) {
      const [files] = await bucket.getFiles({ prefix, autoPaginate: true });
      return files
        .map((f) => ({ key: f.name, modifiedAt: Date.parse(String(f.metadata.updated ?? 0)) || 0 }))
        .sort((a, b) => (a.key < b.key ? -1 : 1));
    },
  };
}
