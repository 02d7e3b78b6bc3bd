import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '~/domain/images';
import {
  discardPendingImage,
  prunePendingImages,
  stashPendingImage,
  storeEventImage,
  takePendingImage,
} from './images';
import { files, fixtures, listFiles, root, setUpImageFixtures, setUpUploadDir } from './images-fixture';
import type { FileStore } from './ports';

setUpUploadDir();
setUpImageFixtures();

describe('pending images', () => {
  const pendingFile = (token: string) => listFiles().find((f) => f.startsWith('pending/') && f.endsWith(`-${token}`));

  it('stash keeps the original bytes under an opaque token; take reads them; discard removes them', async () => {
    const token = await stashPendingImage(files, fixtures.jpeg, 'lea');
    expect(token).toMatch(/^[a-z0-9]{24}$/);
    expect(listFiles()).toEqual([pendingFile(token)]);
    // The file's name shows the token, never the account's id.
    expect(pendingFile(token)).not.toContain('lea');
    const taken = await takePendingImage(files, 'lea', token);
    expect(taken?.equals(fixtures.jpeg)).toBe(true);
    // Still there for another round of form errors.
    expect((await takePendingImage(files, 'lea', token))?.length).toBe(fixtures.jpeg.length);

    const stored = await storeEventImage(files, taken!, 'Affiche');
    await discardPendingImage(files, 'lea', token);
    expect(await takePendingImage(files, 'lea', token)).toBeNull();
    expect(listFiles()).toEqual(IMAGE_WIDTHS.map((w) => `${stored.path}-${w}.webp`).sort());
  });

  it('the token of another account’s upload gives nothing, and cannot discard it', async () => {
    const token = await stashPendingImage(files, fixtures.jpeg, 'lea');
    expect(await takePendingImage(files, 'intrus', token)).toBeNull();
    await discardPendingImage(files, 'intrus', token);
    expect((await takePendingImage(files, 'lea', token))?.equals(fixtures.jpeg)).toBe(true);
    await discardPendingImage(files, 'lea', token);
  });

  it('an unknown token gives null', async () => {
    expect(await takePendingImage(files, 'lea', 'abcdefghijkmnopqrstuvwxy')).toBeNull();
  });

  it('a malformed token gives null without touching the store', async () => {
    const calls: string[] = [];
    const spy: FileStore = {
      put: async (key) => {
        calls.push(`put ${key}`);
      },
      get: async (key) => {
        calls.push(`get ${key}`);
        return null;
      },
      delete: async (key) => {
        calls.push(`delete ${key}`);
      },
      list: async (prefix) => {
        calls.push(`list ${prefix}`);
        return [];
      },
    };
    for (const token of [
      '../events/x',
      'ABCDEFGHIJKLMNOPQRSTUVWX',
      'short',
      `${'a'.repeat(24)}/x`,
      '',
      'a'.repeat(25),
    ]) {
      expect(await takePendingImage(spy, 'lea', token)).toBeNull();
      await discardPendingImage(spy, 'lea', token);
    }
    expect(calls).toEqual([]);
  });

  it('prunePendingImages removes files older than the limit only', async () => {
    const oldToken = await stashPendingImage(files, fixtures.png, 'lea');
    const freshToken = await stashPendingImage(files, fixtures.png, 'lea');
    // Both ages set from the clock the code reads (Date.now()), not left to the file system's clock.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const aMinuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(root, pendingFile(oldToken) as string), twoDaysAgo, twoDaysAgo);
    fs.utimesSync(path.join(root, pendingFile(freshToken) as string), aMinuteAgo, aMinuteAgo);
    expect(await prunePendingImages(root)).toBe(1);
    expect(listFiles()).toEqual([pendingFile(freshToken)]);
    expect(await prunePendingImages(path.join(root, 'nothing-here'))).toBe(0);
  });
});
