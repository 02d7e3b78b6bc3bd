// Shared set-up of the image and disk file store tests (images*.test.ts, disk.test.ts): an upload directory in a
// temporary directory for each test, and sample images of each format. Not a test file: each test file calls the
// set-up functions at its top level, and reads the state through these live bindings.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { createDiskFileStore } from './disk';
import type { FileStore } from './ports';

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>';

export function canvas(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
}

/** Random pixels, so that the encoded file has a real body (half of it is really missing data). */
export function noise(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: 'black', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  });
}

export let outer: string;
export let root: string;
export let files: FileStore;

/** Every file under the store's root, relative, sorted (temp files included). */
export function listFiles(dir = root): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** A fresh, empty upload directory (`root`, served by the disk file store `files`) for each test. */
export function setUpUploadDir() {
  beforeEach(() => {
    outer = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-uploads-'));
    root = path.join(outer, 'uploads');
    files = createDiskFileStore(root);
  });

  afterEach(() => {
    fs.rmSync(outer, { recursive: true, force: true });
  });
}

export const fixtures: Record<string, Buffer> = {};

/** Fills `fixtures`, once for the test file. */
export function setUpImageFixtures() {
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
}
