// What `npm start` does before serving: open and migrate the store, seed an empty one, say how to log in.
import { prunePendingFiles, prunePendingImages } from '../files/images';
import { DEMO_ACCOUNTS, seedCategories, seedDemo } from '../seed/seed';
import type { Services } from '../services';

export async function prepareStore({ config, store, identity }: Services): Promise<void> {
  const empty = await store.isEmpty();
  await seedCategories(store);
  if (empty && config.SEED_DEMO) {
    const { events } = await seedDemo(store, new Date(), identity);
    console.log(`Base vide : contenu de démonstration créé (${events} événements, 8 partenaires).`);
  }
  if (config.SEED_DEMO) {
    console.log('Comptes de démonstration :');
    for (const a of DEMO_ACCOUNTS)
      console.log(`  ${a.role === 'admin' ? 'admin       ' : 'organisateur'}  ${a.email}  /  ${a.password}`);
  }
}

const SIX_HOURS = 6 * 60 * 60 * 1000;

/** Images kept for a form that was never sent again are removed after a day (at start, then every 6 hours). */
export function schedulePendingImageCleanup({ uploadsDir, files }: Services): void {
  const prune = () =>
    (uploadsDir ? prunePendingImages(uploadsDir) : prunePendingFiles(files)).catch((error) =>
      console.error('[images] nettoyage impossible', error),
    );
  void prune();
  setInterval(prune, SIX_HOURS).unref();
}
