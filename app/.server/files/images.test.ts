import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageUrl } from '~/domain/images';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  ImageRejected,
  processImage,
  sniffImageType,
  stashPendingImage,
  storeEventImage,
} from './images';
import { canvas, files, fixtures, listFiles, noise, setUpImageFixtures, setUpUploadDir } from './images-fixture';
import type { FileStore } from './ports';

setUpUploadDir();
setUpImageFixtures();

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
