// Files nothing refers to (decision 062): what a crash leaves under uploads/ goes, at start whatever its age, and every
// day once an hour old; what an event or a partner shows stays.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePartner } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { uploadedLogoUrl } from '../../domain/partner';
import { createDiskFileStore } from './disk';
import { sweepOrphanFiles } from './orphans';

const webp = Buffer.from('RIFF....WEBP');
const image = (p: string) => ({ path: p, width: 1600, height: 900, alt: 'Une image' });

/** The files as written at `written` by the clock the test gives the code, not the file system's own clock. */
async function setUp(written = new Date()) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-orphelins-'));
  const files = createDiskFileStore(root);
  const { store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  const put = (key: string) => files.put(key, webp, 'image/webp');
  // Shown: an event's image, a pending revision's review image, a partner's logo.
  for (const w of [400, 800, 1600]) {
    await put(`events/montre-${w}.webp`);
    await put(`review/revision-${w}.webp`);
    await put(`partners/logo-${w}.webp`);
  }
  const revised = makeEvent({ id: 'e2', image: null });
  await store.events.insertMany([
    makeEvent({ id: 'e1', image: image('events/montre') }),
    { ...revised, revision: { ...revised, image: image('review/revision') } } as typeof revised,
  ]);
  await store.partners.create({ ...makePartner({ id: 'p1' }), logo: uploadedLogoUrl('partners/logo') });
  // Left by crashes: a review image whose event was never saved, half of a set, a public copy of an approval that
  // did not commit, and a write cut short.
  for (const w of [400, 800, 1600]) await put(`review/jamais-${w}.webp`);
  await put('review/moitie-400.webp');
  await put('events/copie-800.webp');
  fs.writeFileSync(path.join(root, 'events', '.montre-400.webp.abc123.tmp'), 'à moitié');
  // A form's upload kept for its next sending: pending/ has its own day.
  await files.put('pending/abc-def', webp, 'application/octet-stream');
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) fs.utimesSync(path.join(entry.parentPath, entry.name), written, written);
  return { root, files, store };
}

const listed = (root: string) =>
  fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();

describe('fichiers orphelins', () => {
  it('au démarrage : tout ce que rien ne cite part, quel que soit son âge ; le reste demeure', async () => {
    const { root, files, store } = await setUp();
    expect(await sweepOrphanFiles({ store, files, uploadsDir: root })).toBe(6);
    expect(listed(root)).toEqual([
      'events/montre-1600.webp',
      'events/montre-400.webp',
      'events/montre-800.webp',
      'partners/logo-1600.webp',
      'partners/logo-400.webp',
      'partners/logo-800.webp',
      'pending/abc-def',
      'review/revision-1600.webp',
      'review/revision-400.webp',
      'review/revision-800.webp',
    ]);
  });

  it('chaque jour : ce qui a moins d’une heure reste (un envoi peut être entre son image et son événement)', async () => {
    const now = new Date();
    const { root, files, store } = await setUp(now);
    expect(await sweepOrphanFiles({ store, files, uploadsDir: root }, { now, graceMs: 60 * 60_000 })).toBe(0);
    expect(
      await sweepOrphanFiles(
        { store, files, uploadsDir: root },
        { now: new Date(now.getTime() + 2 * 60 * 60_000), graceMs: 60 * 60_000 },
      ),
    ).toBe(6);
  });
});
