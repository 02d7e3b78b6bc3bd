// The image pipeline: an upload is trusted by its bytes only, decoded, re-encoded as WebP in three widths, and stored
// under a name we make up. Decision record: docs/decisions/007-images.md.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AgendaEvent } from '~/domain/event';
import { IMAGE_MAX_BYTES, IMAGE_TOO_BIG, IMAGE_WIDTHS, isReviewImage, REVIEW_FOLDER } from '~/domain/images';
import { newId } from '../platform/ids';
import { onFirstUse } from '../platform/on-first-use';
import type { Store, UserProfile } from '../ports';
import type { FileStore } from './ports';

export { IMAGE_MAX_BYTES };
/** Decompression-bomb guard: a small file announcing more pixels than this is refused before decoding. */
export const IMAGE_MAX_PIXELS = 40_000_000;
const WEBP_QUALITY = 80;
const PENDING_TOKEN = /^[a-z0-9]{24}$/;
const ONE_DAY_MS = 24 * 60 * 60 * 1000;

export const IMAGE_MESSAGES = {
  empty: 'Le fichier est vide.',
  tooBig: IMAGE_TOO_BIG,
  type: 'Format d’image non accepté : utilisez JPEG, PNG, WebP ou AVIF.',
  unreadable: 'Cette image est illisible ou incomplète. Essayez de l’enregistrer à nouveau ou d’en choisir une autre.',
} as const;

export type ImageRejectionReason = keyof typeof IMAGE_MESSAGES;

/** An upload we refuse; `message` is French and can be shown to the user as is. */
export class ImageRejected extends Error {
  readonly reason: ImageRejectionReason;

  constructor(reason: ImageRejectionReason, options?: { cause?: unknown }) {
    super(IMAGE_MESSAGES[reason], options);
    this.name = 'ImageRejected';
    this.reason = reason;
  }
}

export type SniffedImageType = 'jpeg' | 'png' | 'webp' | 'avif';

/** The image type from the magic bytes alone; the browser's MIME type and the file name are never consulted. */
export function sniffImageType(bytes: Buffer): SniffedImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(bytes)) return 'avif';
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.subarray(start, end).toString('latin1');
}

/** ISO-BMFF: the first box is `ftyp`; its major brand (offset 8) or a compatible brand (from 16) is avif/avis. */
function isAvif(bytes: Buffer): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = bytes.readUInt32BE(0);
  if (boxSize < 16 || boxSize % 4 !== 0) return false;
  const end = Math.min(boxSize, bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands.includes('avif') || brands.includes('avis');
}

/** Cheap checks, in order: empty, size, magic bytes. Throws ImageRejected. */
function assertAcceptable(bytes: Buffer): SniffedImageType {
  if (bytes.length === 0) throw new ImageRejected('empty');
  if (bytes.length > IMAGE_MAX_BYTES) throw new ImageRejected('tooBig');
  const type = sniffImageType(bytes);
  if (!type) throw new ImageRejected('type');
  return type;
}

/** The image library, loaded with the first image received (issue 50). */
export const sharp = onFirstUse<typeof import('sharp').default>('sharp');

/** Any decode problem (truncated data, corrupt stream, pixel limit) fails: `failOn: 'truncated'` or stricter. */
function decoder(bytes: Buffer) {
  return sharp()(bytes, { failOn: 'truncated', limitInputPixels: IMAGE_MAX_PIXELS });
}

async function decodeOrReject<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new ImageRejected('unreadable', { cause: error });
  }
}

export interface ProcessedImage {
  /** One WebP per entry of IMAGE_WIDTHS; `width` is the nominal width used in the file name (a small image is not
   * enlarged, so its variants can be narrower than their nominal width). */
  variants: { width: number; data: Buffer }[];
  /** Dimensions of the largest variant. */
  width: number;
  height: number;
}

/** Validates and re-encodes an upload: EXIF orientation applied, metadata stripped, WebP at 400, 800 and 1600 px. */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  assertAcceptable(bytes);
  return decodeOrReject(async () => {
    const variants: ProcessedImage['variants'] = [];
    let largest = { width: 0, height: 0 };
    for (const width of IMAGE_WIDTHS) {
      // No withMetadata/keepMetadata: sharp drops EXIF, ICC and XMP and converts to sRGB.
      const { data, info } = await decoder(bytes)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width, data });
      largest = { width: info.width, height: info.height };
    }
    return { variants, ...largest };
  });
}

export interface StoredImage {
  /** Base path, e.g. `events/<id>`: `imageUrl(path, 800)` gives `/uploads/events/<id>-800.webp`. */
  path: string;
  width: number;
  height: number;
  alt: string;
}

/** Where stored images live: events' images and partners' logos go through the same pipeline. An organizer's image
 * waits under `review/` (never public) until an admin approves the content that shows it (decision 031). */
export type ImageFolder = 'events' | 'partners' | typeof REVIEW_FOLDER;

/** Processes an upload and stores its three variants under `<folder>/<fresh id>`; on any failure nothing stays stored.
 * WebP keeps an alpha channel, so a transparent logo stays transparent. */
export async function storeImage(
  files: FileStore,
  bytes: Buffer,
  alt: string,
  folder: ImageFolder,
): Promise<StoredImage> {
  const image = await processImage(bytes);
  const base = `${folder}/${newId(16)}`;
  const attempted: string[] = [];
  try {
    for (const variant of image.variants) {
      const key = `${base}-${variant.width}.webp`;
      attempted.push(key);
      await files.put(key, variant.data, 'image/webp');
    }
  } catch (error) {
    await Promise.allSettled(attempted.map((key) => files.delete(key)));
    throw error;
  }
  return { path: base, width: image.width, height: image.height, alt: alt.trim() };
}

/** An event form's image: stored under `review/`, public only once an admin approves content showing it. */
export function storeEventImage(files: FileStore, bytes: Buffer, alt: string): Promise<StoredImage> {
  return storeImage(files, bytes, alt, REVIEW_FOLDER);
}

/** The images of an event awaiting review: those of its content and of its pending revision under `review/`. */
export function reviewImagesOf(event: AgendaEvent | null): Set<string> {
  const paths = new Set<string>();
  for (const image of [event?.image, event?.revision?.image]) {
    if (image && isReviewImage(image.path)) paths.add(image.path);
  }
  return paths;
}

/**
 * Copies the variants of a review image to a fresh public path (`events/<new id>`) and returns it, or null when a
 * variant is missing (another decision published and removed it meanwhile). A fresh name, not the review one: if two
 * admins approve at once, the loser removes only its own copies. The review copy stays until the write commits.
 */
export async function copyReviewImageToPublic(files: FileStore, reviewPath: string): Promise<string | null> {
  const base = `events/${newId(16)}`;
  const written: string[] = [];
  const undo = () => Promise.allSettled(written.map((key) => files.delete(key)));
  try {
    for (const width of IMAGE_WIDTHS) {
      const bytes = await files.get(`${reviewPath}-${width}.webp`);
      if (!bytes) {
        await undo();
        return null;
      }
      const key = `${base}-${width}.webp`;
      written.push(key);
      await files.put(key, bytes, 'image/webp');
    }
  } catch (error) {
    await undo();
    throw error;
  }
  return base;
}

/** Deletes the three variants of a stored image (e.g. when an event's image or a partner's logo is replaced). */
export async function deleteImage(files: FileStore, imagePath: string): Promise<void> {
  await Promise.all(IMAGE_WIDTHS.map((width) => files.delete(`${imagePath}-${width}.webp`)));
}

// Pending uploads: when a form comes back with errors, the chosen image is kept under an opaque token (a hidden field)
// so the user does not have to choose it again. The original bytes are kept; they are processed on final save. A
// pending upload belongs to the account that sent it: another account holding its token gets nothing.

/**
 * Validates an upload (size, magic bytes, full decode) and keeps its original bytes under `pending/`, for `owner`
 * (the uploading account's uid). The 24-character token (about 120 random bits) is the only way to reach it, and only
 * for that account; `pending/` is never served.
 */
export async function stashPendingImage(files: FileStore, bytes: Buffer, owner: string): Promise<string> {
  assertAcceptable(bytes);
  await decodeOrReject(() => decoder(bytes).rotate().resize({ width: 64, withoutEnlargement: true }).raw().toBuffer());
  const token = newId(24);
  await files.put(pendingKey(owner, token), bytes, 'application/octet-stream');
  return token;
}

/** The bytes `owner` stashed under that token, or null for an unknown, expired, malformed or someone else's token
 * (checked before touching the store). Does not remove the file: call discardPendingImage once stored for good. */
export async function takePendingImage(files: FileStore, owner: string, token: string): Promise<Buffer | null> {
  if (!isPendingToken(token)) return null;
  return files.get(pendingKey(owner, token));
}

export async function discardPendingImage(files: FileStore, owner: string, token: string): Promise<void> {
  if (!isPendingToken(token)) return;
  await files.delete(pendingKey(owner, token));
}

export function isPendingToken(token: unknown): token is string {
  return typeof token === 'string' && PENDING_TOKEN.test(token);
}

/** `pending/<owner's mark>-<token>`: the mark (a hash of the uid, never the uid itself) ties the file to its uploader. */
function pendingKey(owner: string, token: string): string {
  const mark = crypto.createHash('sha256').update(`pending:${owner}`).digest('hex').slice(0, 16);
  return `pending/${mark}-${token}`;
}

/**
 * Disk store only: removes files under `${root}/pending` last modified more than `olderThanMs` ago (default one
 * day), including temp files left by a crash. Returns how many were removed. Not scheduled here.
 */
export async function prunePendingImages(root: string, olderThanMs = ONE_DAY_MS): Promise<number> {
  const dir = path.join(root, 'pending');
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const stat = await fs.lstat(file);
      if (!stat.isFile() || stat.mtimeMs >= cutoff) continue;
      await fs.rm(file, { force: true });
      removed++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return removed;
}

/** The same clean-up on any file store (Firebase Storage): pending uploads older than `olderThanMs` go. */
export async function prunePendingFiles(files: FileStore, olderThanMs = ONE_DAY_MS): Promise<number> {
  const cutoff = Date.now() - olderThanMs;
  const stale = (await files.list('pending/')).filter((f) => f.modifiedAt < cutoff);
  for (const f of stale) await files.delete(f.key);
  return stale.length;
}

/**
 * A review image's variant (`<id>-<width>.webp`) for this viewer, or null (404): only an admin, or the owner of an
 * event whose content or pending revision shows it, sees an image no admin has approved yet (decision 031).
 */
export async function readReviewImage(
  deps: { store: Pick<Store, 'events'>; files: FileStore },
  viewer: Pick<UserProfile, 'uid' | 'role'> | null,
  name: string,
): Promise<Buffer | null> {
  const match = /^([a-z0-9]{16})-(\d{3,4})\.webp$/.exec(name);
  if (!viewer || !match || !(IMAGE_WIDTHS as readonly number[]).includes(Number(match[2]))) return null;
  const base = `${REVIEW_FOLDER}/${match[1]}`;
  if (viewer.role !== 'admin') {
    const owned = await deps.store.events.listByOwner(viewer.uid);
    if (!owned.some((event) => reviewImagesOf(event).has(base))) return null;
  }
  return deps.files.get(`${base}-${match[2]}.webp`);
}
