// Shared set-up of the partner administration tests (admin-partners*.test.ts): an in-memory store seeded with one
// partner, a disk file store in a temporary directory, and two logos. Not a test file: each test file calls the
// set-up functions at its top level, and reads the state through these live bindings.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import type { Partner } from '~/domain/partner';
import { makeUser } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { createDiskFileStore } from '../files/disk';
import type { FileStore } from '../files/ports';
import type { Store, UserProfile } from '../ports';
import type { PartnerFormResult } from './admin-partners';

const person = (role: UserProfile['role']): UserProfile =>
  makeUser({ uid: `${role}-1`, email: `${role}@exemple.ch`, displayName: role, role }, { now: new Date('2026-01-01') });
export const admin = person('admin');
export const organizer = person('organizer');

export const SEEDED: Partner = {
  id: 'seeded000001',
  slug: 'fondation-culture-romande',
  name: 'Fondation Culture Romande',
  kind: 'partenaire',
  description: 'Une fondation.',
  logo: '/images/partners/fondation-culture-romande.svg',
  websiteUrl: 'https://www.fondation-culture-romande.ch',
  order: 1,
  active: true,
};

let outer: string;
export let root: string;
export let files: FileStore;
export let store: Store;
export let logo: Buffer;
export let otherLogo: Buffer;

/** Makes `logo` and `otherLogo`, once for the test file. */
export function setUpLogos() {
  beforeAll(async () => {
    // A transparent PNG (a typical logo) and an opaque JPEG.
    logo = await sharp({ create: { width: 600, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: await sharp({ create: { width: 200, height: 100, channels: 4, background: '#c8102e' } })
            .png()
            .toBuffer(),
          left: 200,
          top: 100,
        },
      ])
      .png()
      .toBuffer();
    otherLogo = await sharp({ create: { width: 500, height: 250, channels: 3, background: '#1d2530' } })
      .jpeg()
      .toBuffer();
  });
}

/** A fresh store holding SEEDED and an empty upload directory for each test. */
export function setUpPartnerStore() {
  beforeEach(async () => {
    outer = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-partners-'));
    root = path.join(outer, 'uploads');
    files = createDiskFileStore(root);
    store = memoryStore().store;
    await store.partners.insertMany([SEEDED]);
  });

  afterEach(() => {
    fs.rmSync(outer, { recursive: true, force: true });
  });
}

/** Every file under the store's root, relative, sorted. */
export function storedFiles(): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

export const deps = () => ({ store, files });

/** The three stored files of an image, as storedFiles() lists them. */
export const variants = (base: string | null) => [400, 800, 1600].map((w) => `${base}-${w}.webp`).sort();

export function form(overrides: Record<string, string> = {}) {
  return {
    name: 'Radio Léman Ouest',
    kind: 'partenaire',
    description: 'La radio de la région.',
    websiteUrl: 'https://www.radio-leman-ouest.ch',
    active: 'on',
    ...overrides,
  };
}

export function saved(result: PartnerFormResult): Partner {
  if (!result.ok) throw new Error(`refusé : ${JSON.stringify(result.errors)}`);
  return result.partner;
}

export const publicNames = async () => (await store.partners.list({ activeOnly: true })).map((p) => p.name);
