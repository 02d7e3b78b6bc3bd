// Files nothing refers to (decision 062): the variants of an image whose event or partner was never saved (a crash,
// a failed write between the image and the record), a public copy whose approval did not commit, temporary files of
// a write cut short. Swept at start, before anyone can upload (nothing is in flight then), and by the daily
// `nettoyage` job, which leaves alone what is younger than an hour (a submission may be between its image and its
// record).
import fs from 'node:fs/promises';
import path from 'node:path';
import { uploadedLogoPath } from '~/domain/partner';
import type { Store } from '../ports';
import type { FileStore } from './ports';

/** The folders of stored images (`pending/` has its own rule: a day, images.ts). */
const IMAGE_FOLDERS = ['events/', 'partners/', 'review/'] as const;
/** `<folder>/<id>-<width>.webp` → `<folder>/<id>`. */
const VARIANT = /^((?:events|partners|review)\/[a-z0-9]+)-\d+\.webp$/;

export interface SweepDeps {
  store: Pick<Store, 'events' | 'partners' | 'venues' | 'organizers'>;
  files: FileStore;
  /** The disk folder of the files, where temporary writes can be left behind; null on Firebase Storage. */
  uploadsDir: string | null;
}

/** The base paths of every image a record refers to. */
async function referencedImages(store: SweepDeps['store']): Promise<Set<string>> {
  const [eventImages, partners, venues, organizers] = await Promise.all([
    store.events.listImagePaths(),
    store.partners.list(),
    store.venues.list(),
    store.organizers.list(),
  ]);
  const logos = partners.map((p) => uploadedLogoPath(p.logo)).filter((p): p is string => p !== null);
  // A venue's photo, an organizer's logo and the one its account sent for review (issue 47).
  const places = [
    ...venues.map((v) => v.photo?.path),
    ...organizers.flatMap((o) => [o.logo?.path, o.revision?.logo?.path]),
  ].filter((p): p is string => Boolean(p));
  return new Set([...eventImages, ...logos, ...places]);
}

/**
 * Removes the image files no record refers to, and temporary files, last changed before `now - graceMs` (0 at start).
 * Returns how many files went.
 */
export async function sweepOrphanFiles(deps: SweepDeps, { now = new Date(), graceMs = 0 } = {}): Promise<number> {
  const cutoff = now.getTime() - graceMs;
  // Listed before the records are read: an image saved meanwhile is either not listed or referred to.
  const listed = (await Promise.all(IMAGE_FOLDERS.map((folder) => deps.files.list(folder)))).flat();
  const referenced = await referencedImages(deps.store);
  let removed = 0;
  for (const file of listed) {
    const base = VARIANT.exec(file.key)?.[1];
    if (base && referenced.has(base)) continue;
    if (file.modifiedAt > cutoff) continue;
    await deps.files.delete(file.key);
    removed++;
  }
  if (deps.uploadsDir) removed += await removeTemporaryFiles(deps.uploadsDir, cutoff);
  return removed;
}

/** The disk store writes `.<name>.<random>.tmp` beside its target, then renames: leftovers of a write cut short. */
async function removeTemporaryFiles(dir: string, cutoff: number): Promise<number> {
  let removed = 0;
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) removed += await removeTemporaryFiles(full, cutoff);
    else if (entry.isFile() && entry.name.startsWith('.') && entry.name.endsWith('.tmp')) {
      const stat = await fs.stat(full).catch(() => null);
      if (!stat || stat.mtimeMs > cutoff) continue;
      await fs.rm(full, { force: true });
      removed++;
    }
  }
  return removed;
}
