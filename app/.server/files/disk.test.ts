import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { files, listFiles, outer, setUpUploadDir } from './images-fixture';

setUpUploadDir();

describe('disk file store', () => {
  it('writes, reads and deletes, creating directories and leaving no temp file', async () => {
    await files.put('events/abc-400.webp', Buffer.from('un'), 'image/webp');
    await files.put('events/abc-400.webp', Buffer.from('deux'), 'image/webp');
    expect((await files.get('events/abc-400.webp'))?.toString()).toBe('deux');
    expect(listFiles()).toEqual(['events/abc-400.webp']);
    await files.delete('events/abc-400.webp');
    await files.delete('events/abc-400.webp');
    expect(await files.get('events/abc-400.webp')).toBeNull();
    expect(await files.get('nowhere/at/all')).toBeNull();
    expect(listFiles()).toEqual([]);
  });

  it.each([
    '../escape',
    'events/../../escape',
    'events/..',
    '/etc/passwd',
    'C:\\Windows\\win.ini',
    'events\\x.webp',
    'events/x\0.webp',
    '',
    'events//x.webp',
    './x',
    'events/',
  ])('refuses the key %j', async (key) => {
    await expect(files.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow();
    await expect(files.get(key)).rejects.toThrow();
    await expect(files.delete(key)).rejects.toThrow();
    expect(fs.readdirSync(outer).filter((name) => name !== 'uploads')).toEqual([]);
    expect(listFiles()).toEqual([]);
  });
});
