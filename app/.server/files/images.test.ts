import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageUrl } from '~/domain/images';
import { createDiskFileStore } from './disk';
import {
  discardPendingImage,
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  ImageRejected,
  processImage,
  prunePendingImages,
  sniffImageType,
  stashPendingImage,
  storeEventImage,
  takePendingImage,
} from './images';
import type { FileStore } from './ports';

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>';

function canvas(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
}

/** Random pixels, so that the encoded file has a real body (half of it is really missing data). */
function noise(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: 'black', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  });
}

let outer: string;
let root: string;
let files: FileStore;

/** Every file under the store's root, relative, sorted (temp files included). */
function listFiles(dir = root): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

beforeEach(() => {
  outer = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-uploads-'));
  root = path.join(outer, 'uploads');
  files = createDiskFileStore(root);
});

afterEach(() => {
  fs.rmSync(outer, { recursive: true, force: true });
});

const fixtures: Record<string, Buffer> = {};

beforeAll(async () => {
  // 2000×1200 stored sideways (EXIF orientation 6 → displayed 1200×2000), with EXIF, ICC and XMP to strip.
  fixtures.jpeg = await noise(2000, 1200)
    .jpeg({ quality: 70 })
    .withMetadata({ orientation: 6 })
    .withXmp(XMP)
    .toBuffer();
  fixtures.png = await canvas(1000, 600).png().toBuffer();
  fixtures.webp = await canvas(1800, 900).webp().toBuffer();
  fixtures.avif = await canvas(640, 480).avif().toBuffer();
  fixtures.gif = await canvas(40, 30).gif().toBuffer();
});

describe('sniffImageType', () => {
  it('recognises the accepted types by their magic bytes only', () => {
    expect(sniffImageType(fixtures.jpeg)).toBe('jpeg');
    expect(sniffImageType(fixtures.png)).toBe('png');
    expect(sniffImageType(fixtures.webp)).toBe('webp');
    expect(sniffImageType(fixtures.avif)).toBe('avif');
  });

  it('reads AVIF brands from a hand-made ftyp box (major or compatible brand)', () => {
    const ftyp = (major: string, ...compatible: string[]) => {
      const box = Buffer.alloc(16 + 4 * compatible.length);
      box.writeUInt32BE(box.length, 0);
      box.write('ftyp', 4, 'latin1');
      box.write(major, 8, 'latin1');
      compatible.forEach((brand, i) => {
        box.write(brand, 16 + 4 * i, 'latin1');
      });
      return Buffer.concat([box, Buffer.alloc(32)]);
    };
    expect(sniffImageType(ftyp('avif', 'mif1'))).toBe('avif');
    expect(sniffImageType(ftyp('mif1', 'miaf', 'avis'))).toBe('avif');
    expect(sniffImageType(ftyp('heic', 'mif1', 'heic'))).toBeNull();
    expect(sniffImageType(ftyp('isom', 'mp41'))).toBeNull();
  });

  it('refuses everything else', () => {
    expect(sniffImageType(fixtures.gif)).toBeNull();
    expect(sniffImageType(Buffer.from('<!doctype html><html><script>alert(1)</script></html>'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});

async function expectWebpVariants(stored: { path: string }, expectedWidths: number[]) {
  // An event form's image waits for review: stored under `review/`, previewed through /apercu-image (decision 031).
  expect(stored.path).toMatch(/^review\/[a-z0-9]{16}$/);
  expect(imageUrl(stored.path, 800)).toBe(`/apercu-image/${stored.path.slice('review/'.length)}-800.webp`);
  expect(listFiles()).toEqual(IMAGE_WIDTHS.map((w) => `${stored.path}-${w}.webp`).sort());
  const sizes: { width: number; height: number }[] = [];
  for (const [i, nominal] of IMAGE_WIDTHS.entries()) {
    const data = await files.get(`${stored.path}-${nominal}.webp`);
    expect(data).not.toBeNull();
    const meta = await sharp(data!).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(expectedWidths[i]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    sizes.push({ width: meta.width!, height: meta.height! });
  }
  return sizes;
}

describe('storeEventImage: accepted formats', () => {
  it('JPEG: orientation applied, metadata stripped, three WebP widths, never enlarged', async () => {
    const before = await sharp(fixtures.jpeg).metadata();
    expect([before.orientation, Boolean(before.exif), Boolean(before.icc), Boolean(before.xmp)]).toEqual([
      6,
      true,
      true,
      true,
    ]);

    const stored = await storeEventImage(files, fixtures.jpeg, '  Affiche du concert ');
    expect(stored.path).toMatch(/^review\/[a-z0-9]{16}$/);
    expect(stored.alt).toBe('Affiche du concert');
    // Displayed 1200×2000: portrait; the 1600 variant stays 1200 wide.
    const sizes = await expectWebpVariants(stored, [400, 800, 1200]);
    expect(sizes).toEqual([
      { width: 400, height: 667 },
      { width: 800, height: 1333 },
      { width: 1200, height: 2000 },
    ]);
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 1200, height: 2000 });
  });

  it('PNG smaller than 1600 px still gives three files', async () => {
    const stored = await storeEventImage(files, fixtures.png, 'Logo');
    await expectWebpVariants(stored, [400, 800, 1000]);
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 1000, height: 600 });
  });

  it('WebP', async () => {
    const stored = await storeEventImage(files, fixtures.webp, 'Vue du lac');
    await expectWebpVariants(stored, [400, 800, 1600]);
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 1600, height: 800 });
  });

  it('AVIF (encoded by this sharp build)', async () => {
    const stored = await storeEventImage(files, fixtures.avif, 'Scène');
    await expectWebpVariants(stored, [400, 640, 640]);
  });

  it('processImage returns the variants with their nominal widths', async () => {
    const result = await processImage(fixtures.webp);
    expect(result.variants.map((v) => v.width)).toEqual([400, 800, 1600]);
    expect(result.variants.every((v) => v.data.subarray(8, 12).toString('latin1') === 'WEBP')).toBe(true);
  });
});

describe('storeEventImage: refused uploads write nothing', () => {
  const cases: [string, () => Promise<Buffer>, string][] = [
    [
      'one byte over 8 MB (valid JPEG, padded)',
      async () => Buffer.concat([fixtures.jpeg, Buffer.alloc(IMAGE_MAX_BYTES + 1 - fixtures.jpeg.length)]),
      IMAGE_MESSAGES.tooBig,
    ],
    [
      'an HTML document renamed .jpg',
      async () => Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
      IMAGE_MESSAGES.type,
    ],
    [
      'an SVG',
      async () =>
        Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      IMAGE_MESSAGES.type,
    ],
    ['a GIF', async () => fixtures.gif, IMAGE_MESSAGES.type],
    ['a PDF', async () => Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), IMAGE_MESSAGES.type],
    ['an empty file', async () => Buffer.alloc(0), IMAGE_MESSAGES.empty],
    [
      'a JPEG truncated to half its bytes',
      async () => fixtures.jpeg.subarray(0, Math.floor(fixtures.jpeg.length / 2)),
      IMAGE_MESSAGES.unreadable,
    ],
    [
      'a PNG truncated to half its bytes',
      async () => {
        const png = await noise(300, 200).png().toBuffer();
        return png.subarray(0, Math.floor(png.length / 2));
      },
      IMAGE_MESSAGES.unreadable,
    ],
    [
      'JPEG magic bytes followed by garbage',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]),
      IMAGE_MESSAGES.unreadable,
    ],
    [
      'a decompression bomb (48 megapixels in a small PNG)',
      async () => canvas(8000, 6000).png({ compressionLevel: 9 }).toBuffer(),
      IMAGE_MESSAGES.unreadable,
    ],
  ];

  it.each(cases)('%s', async (_name, make, message) => {
    const bytes = await make();
    const error = await storeEventImage(files, bytes, 'Texte').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejected);
    expect((error as Error).message).toBe(message);
    expect(listFiles()).toEqual([]);

    const stashError = await stashPendingImage(files, bytes, 'lea').catch((e: unknown) => e);
    expect((stashError as Error).message).toBe(message);
    expect(listFiles()).toEqual([]);
  });

  it('exactly 8 MB is accepted', async () => {
    const padded = Buffer.concat([fixtures.jpeg, Buffer.alloc(IMAGE_MAX_BYTES - fixtures.jpeg.length)]);
    expect(padded.length).toBe(IMAGE_MAX_BYTES);
    const result = await processImage(padded);
    expect(result.variants).toHaveLength(3);
  });

  it('a failing write removes what was already written and rethrows', async () => {
    let puts = 0;
    const failing: FileStore = {
      ...files,
      put: async (key, data, contentType) => {
        puts++;
        if (puts === 3) throw new Error('disque plein');
        await files.put(key, data, contentType);
      },
    };
    await expect(storeEventImage(failing, fixtures.png, 'Logo')).rejects.toThrow('disque plein');
    expect(puts).toBe(3);
    expect(listFiles()).toEqual([]);
  });
});

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
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    fs.utimesSync(path.join(root, pendingFile(oldToken) as string), twoDaysAgo, twoDaysAgo);
    expect(await prunePendingImages(root)).toBe(1);
    expect(listFiles()).toEqual([pendingFile(freshToken)]);
    expect(await prunePendingImages(path.join(root, 'nothing-here'))).toBe(0);
  });
});
