// The daily `nettoyage` job (decision 062): image files nothing refers to, pending uploads past a day, failed mails
// past a month, and the readiness checks of processes gone.

import type { FileStore } from '../files/ports';
import type { Store } from '../ports';
import { prunePendingFiles, prunePendingImages } from './images';
import { sweepOrphanFiles } from './orphans';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
export const FAILED_MAILS_KEPT_DAYS = 30;

export async function cleanUp(
  services: { store: Store; files: FileStore; uploadsDir: string | null },
  now: Date,
): Promise<string> {
  const { store, files, uploadsDir } = services;
  const orphans = await sweepOrphanFiles({ store, files, uploadsDir }, { now, graceMs: HOUR });
  const pending = uploadsDir ? await prunePendingImages(uploadsDir) : await prunePendingFiles(files);
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const mails = await store.mails.purgeFailed(before(FAILED_MAILS_KEPT_DAYS * DAY));
  await store.health.purge(before(DAY));
  return `${orphans} fichier${orphans > 1 ? 's' : ''} orphelin${orphans > 1 ? 's' : ''}, ${pending} image${pending > 1 ? 's' : ''} en attente expirée${pending > 1 ? 's' : ''}, ${mails} mail${mails > 1 ? 's' : ''} en échec oublié${mails > 1 ? 's' : ''}`;
}
