import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Partner } from '~/domain/partner';
import { uploadedLogoPath } from '~/domain/partner';
import { makeUser } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { createDiskFileStore } from '../files/disk';
import { IMAGE_MESSAGES } from '../files/images';
import type { FileStore } from '../files/ports';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';
import {
  createPartner,
  movePartner,
  PARTNER_MESSAGES,
  type PartnerFormResult,
  partnersForAdmin,
  setPartnerActive,
  updatePartner,
} from './admin-partners';

const person = (role: UserProfile['role']): UserProfile =>
  makeUser({ uid: `${role}-1`, email: `${role}@exemple.ch`, displayName: role, role }, { now: new Date('2026-01-01') });
const admin = person('admin');
const organizer = person('organizer');

const SEEDED: Partner = {
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
let root: string;
let files: FileStore;
let store: Store;
let logo: Buffer;
let otherLogo: Buffer;

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

/** Every file under the store's root, relative, sorted. */
function storedFiles(): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

const deps = () => ({ store, files });

/** The three stored files of an image, as storedFiles() lists them. */
const variants = (base: string | null) => [400, 800, 1600].map((w) => `${base}-${w}.webp`).sort();

function form(overrides: Record<string, string> = {}) {
  return {
    name: 'Radio Léman Ouest',
    kind: 'partenaire',
    description: 'La radio de la région.',
    websiteUrl: 'https://www.radio-leman-ouest.ch',
    active: 'on',
    ...overrides,
  };
}

function saved(result: PartnerFormResult): Partner {
  if (!result.ok) throw new Error(`refusé : ${JSON.stringify(result.errors)}`);
  return result.partner;
}

const publicNames = async () => (await store.partners.list({ activeOnly: true })).map((p) => p.name);

describe('créer un partenaire', () => {
  it('avec un logo : le logo passe par la chaîne d’images et garde sa transparence', async () => {
    const partner = saved(await createPartner(deps(), admin, { values: form(), logo: { bytes: logo } }));
    expect(partner).toMatchObject({
      slug: 'radio-leman-ouest',
      name: 'Radio Léman Ouest',
      kind: 'partenaire',
      websiteUrl: 'https://www.radio-leman-ouest.ch',
      active: true,
      order: 2,
    });
    const base = uploadedLogoPath(partner.logo);
    expect(base).toMatch(/^partners\/[a-z0-9]{16}$/);
    expect(partner.logo).toBe(`/uploads/${base}-800.webp`);
    expect(storedFiles()).toEqual(variants(base));
    const meta = await sharp(fs.readFileSync(path.join(root, `${base}-400.webp`))).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.hasAlpha).toBe(true);
    expect(await store.partners.findById(partner.id)).toEqual(partner);
    expect(await publicNames()).toContain('Radio Léman Ouest');
  });

  it('sans logo, à la fin de son type, avec un identifiant unique tiré du nom', async () => {
    const first = saved(
      await createPartner(deps(), admin, { values: form({ kind: 'donateur' }), logo: { bytes: null } }),
    );
    const second = saved(
      await createPartner(deps(), admin, {
        values: form({ kind: 'donateur', name: 'Radio Léman  Ouest!' }),
        logo: { bytes: null },
      }),
    );
    expect(first).toMatchObject({ slug: 'radio-leman-ouest', order: 1, logo: null });
    expect(second).toMatchObject({ slug: 'radio-leman-ouest-2', order: 2 });
    const partner = saved(await createPartner(deps(), admin, { values: form({ active: '' }), logo: { bytes: null } }));
    expect(partner).toMatchObject({ kind: 'partenaire', order: 2, active: false });
    expect(await publicNames()).not.toContain(partner.slug);
  });

  it('une saisie invalide n’enregistre rien et donne un message par champ', async () => {
    const before = await store.partners.list();
    const result = await createPartner(deps(), admin, {
      values: form({ name: '  ', kind: 'sponsor', websiteUrl: 'javascript:alert(1)', description: 'x'.repeat(2001) }),
      logo: { bytes: null },
    });
    expect(result).toEqual({
      ok: false,
      pendingLogo: '',
      errors: {
        name: 'Le nom est obligatoire.',
        kind: 'Choisissez « Partenaire » ou « Donateur ».',
        description: 'La description ne peut pas dépasser 2000 caractères.',
        websiteUrl: 'Indiquez une adresse web complète commençant par https:// (ou laissez le champ vide).',
      },
    });
    expect(await store.partners.list()).toEqual(before);
    expect(storedFiles()).toEqual([]);
  });

  it('refuse une adresse web qui n’est pas http(s)', async () => {
    for (const websiteUrl of ['ftp://exemple.ch', 'exemple.ch', 'https://exemple', 'https://exe mple.ch']) {
      const result = await createPartner(deps(), admin, { values: form({ websiteUrl }), logo: { bytes: null } });
      expect(result.ok, websiteUrl).toBe(false);
    }
  });

  it('un logo refusé par la chaîne d’images ne laisse ni partenaire ni fichier', async () => {
    const before = await store.partners.list();
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    expect(await createPartner(deps(), admin, { values: form(), logo: { bytes: html } })).toEqual({
      ok: false,
      errors: { image: IMAGE_MESSAGES.type },
      pendingLogo: '',
    });
    const truncated = logo.subarray(0, Math.floor(logo.length / 2));
    const result = await createPartner(deps(), admin, { values: form(), logo: { bytes: truncated } });
    expect(result).toMatchObject({ ok: false, errors: { image: IMAGE_MESSAGES.unreadable } });
    const tooBig = await createPartner(deps(), admin, {
      values: form(),
      logo: { bytes: null, error: IMAGE_MESSAGES.tooBig },
    });
    expect(tooBig).toMatchObject({ ok: false, errors: { image: IMAGE_MESSAGES.tooBig } });
    expect(await store.partners.list()).toEqual(before);
    expect(storedFiles()).toEqual([]);
  });

  it('avec une erreur dans le formulaire, le logo choisi est gardé pour l’envoi suivant', async () => {
    const refused = await createPartner(deps(), admin, { values: form({ name: '' }), logo: { bytes: logo } });
    if (refused.ok) throw new Error('accepté');
    expect(refused.pendingLogo).toMatch(/^[a-z0-9]{24}$/);
    expect(storedFiles()).toEqual([expect.stringMatching(new RegExp(`^pending/[0-9a-f]{16}-${refused.pendingLogo}$`))]);
    expect(await store.partners.list()).toHaveLength(1);

    const partner = saved(
      await createPartner(deps(), admin, { values: form(), logo: { bytes: null, pendingToken: refused.pendingLogo } }),
    );
    const base = uploadedLogoPath(partner.logo);
    expect(storedFiles()).toEqual(variants(base));
  });

  it('est refusé à un organisateur : rien n’est enregistré', async () => {
    const before = await store.partners.list();
    await expect(createPartner(deps(), organizer, { values: form(), logo: { bytes: logo } })).rejects.toThrow(
      PARTNER_MESSAGES.forbidden,
    );
    expect(await store.partners.list()).toEqual(before);
    expect(storedFiles()).toEqual([]);
  });
});

describe('modifier un partenaire', () => {
  it('change les champs mais jamais l’identifiant public', async () => {
    const partner = saved(await createPartner(deps(), admin, { values: form(), logo: { bytes: null } }));
    const updated = saved(
      await updatePartner(deps(), admin, partner.id, {
        values: form({ name: 'Radio Lémanique', description: 'Nouvelle description.', websiteUrl: '' }),
        logo: { bytes: null },
      }),
    );
    expect(updated).toEqual({
      ...partner,
      name: 'Radio Lémanique',
      description: 'Nouvelle description.',
      websiteUrl: '',
    });
    expect(await store.partners.findById(partner.id)).toEqual(updated);
    expect(updated.slug).toBe('radio-leman-ouest');
  });

  it('remplacer le logo efface les fichiers de l’ancien ; retirer le logo aussi', async () => {
    const partner = saved(await createPartner(deps(), admin, { values: form(), logo: { bytes: logo } }));
    const oldBase = uploadedLogoPath(partner.logo);
    const replaced = saved(
      await updatePartner(deps(), admin, partner.id, { values: form(), logo: { bytes: otherLogo } }),
    );
    const newBase = uploadedLogoPath(replaced.logo);
    expect(newBase).not.toBe(oldBase);
    expect(storedFiles()).toEqual(variants(newBase));

    const removed = saved(
      await updatePartner(deps(), admin, partner.id, { values: form(), logo: { bytes: null, remove: true } }),
    );
    expect(removed.logo).toBeNull();
    expect(storedFiles()).toEqual([]);
  });

  it('un logo fourni avec le site (SVG statique) n’est jamais effacé, et est gardé sans nouveau fichier', async () => {
    const kept = saved(
      await updatePartner(deps(), admin, SEEDED.id, {
        values: form({ name: SEEDED.name, description: 'Autre texte.' }),
        logo: { bytes: null },
      }),
    );
    expect(kept.logo).toBe(SEEDED.logo);
    const replaced = saved(
      await updatePartner(deps(), admin, SEEDED.id, { values: form({ name: SEEDED.name }), logo: { bytes: logo } }),
    );
    expect(uploadedLogoPath(replaced.logo)).not.toBeNull();
    expect(storedFiles()).toHaveLength(3);
  });

  it('une saisie invalide ou un logo refusé ne change rien (ni le partenaire ni ses fichiers)', async () => {
    const partner = saved(await createPartner(deps(), admin, { values: form(), logo: { bytes: logo } }));
    const files = storedFiles();
    const invalid = await updatePartner(deps(), admin, partner.id, {
      values: form({ websiteUrl: 'pas une adresse' }),
      logo: { bytes: null, remove: true },
    });
    expect(invalid).toMatchObject({ ok: false, errors: { websiteUrl: expect.any(String) } });
    const badLogo = await updatePartner(deps(), admin, partner.id, {
      values: form({ name: 'Autre nom' }),
      logo: { bytes: Buffer.from('GIF89a not really') },
    });
    expect(badLogo).toMatchObject({ ok: false, errors: { image: IMAGE_MESSAGES.type } });
    expect(await store.partners.findById(partner.id)).toEqual(partner);
    expect(storedFiles()).toEqual(files);
  });

  it('changer de type le place à la fin de son nouveau type', async () => {
    saved(
      await createPartner(deps(), admin, {
        values: form({ name: 'Donateur A', kind: 'donateur' }),
        logo: { bytes: null },
      }),
    );
    const moved = saved(
      await updatePartner(deps(), admin, SEEDED.id, {
        values: form({ name: SEEDED.name, kind: 'donateur' }),
        logo: { bytes: null },
      }),
    );
    expect(moved).toMatchObject({ kind: 'donateur', order: 2 });
  });

  it('un partenaire inconnu : 404 ; un organisateur : refusé', async () => {
    const error = await updatePartner(deps(), admin, 'inconnu', { values: form(), logo: { bytes: null } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UseCaseError);
    expect((error as UseCaseError).status).toBe(404);
    await expect(
      updatePartner(deps(), organizer, SEEDED.id, { values: form({ name: 'Piraté' }), logo: { bytes: null } }),
    ).rejects.toThrow(PARTNER_MESSAGES.forbidden);
    expect(await store.partners.findById(SEEDED.id)).toEqual(SEEDED);
  });
});

describe('ordonner les partenaires', () => {
  it('Monter et Descendre échangent deux voisins du même type, sans toucher les autres', async () => {
    const b = saved(await createPartner(deps(), admin, { values: form({ name: 'B' }), logo: { bytes: null } }));
    const c = saved(await createPartner(deps(), admin, { values: form({ name: 'C' }), logo: { bytes: null } }));
    const donor = saved(
      await createPartner(deps(), admin, { values: form({ name: 'D', kind: 'donateur' }), logo: { bytes: null } }),
    );
    const names = async () => {
      const groups = await partnersForAdmin(store, admin);
      return { partenaire: groups.partenaire.map((p) => p.name), donateur: groups.donateur.map((p) => p.name) };
    };
    expect(await names()).toEqual({ partenaire: [SEEDED.name, 'B', 'C'], donateur: ['D'] });

    expect((await movePartner(deps(), admin, c.id, 'up')).moved).toBe(true);
    expect(await names()).toEqual({ partenaire: [SEEDED.name, 'C', 'B'], donateur: ['D'] });
    // Only the two swapped partners were written.
    expect(await store.partners.findById(SEEDED.id)).toEqual(SEEDED);

    expect((await movePartner(deps(), admin, SEEDED.id, 'down')).moved).toBe(true);
    expect(await names()).toEqual({ partenaire: ['C', SEEDED.name, 'B'], donateur: ['D'] });

    // Already first or last: nothing moves.
    expect((await movePartner(deps(), admin, c.id, 'up')).moved).toBe(false);
    expect((await movePartner(deps(), admin, b.id, 'down')).moved).toBe(false);
    expect((await movePartner(deps(), admin, donor.id, 'up')).moved).toBe(false);
    expect(await names()).toEqual({ partenaire: ['C', SEEDED.name, 'B'], donateur: ['D'] });
  });

  it('des rangs à égalité sont renumérotés', async () => {
    await store.partners.insertMany([
      { ...SEEDED, id: 'tie000000001', slug: 'tie-1', name: 'Égal 1', order: 1 },
      { ...SEEDED, id: 'tie000000002', slug: 'tie-2', name: 'Égal 2', order: 1 },
    ]);
    await movePartner(deps(), admin, 'tie000000002', 'up');
    const list = (await store.partners.list()).map((p) => [p.name, p.order]);
    expect(list).toEqual([
      ['Fondation Culture Romande', 1],
      ['Égal 2', 2],
      ['Égal 1', 3],
    ]);
  });

  it('la liste doit être complète pour être réordonnée', async () => {
    saved(await createPartner(deps(), admin, { values: form({ name: 'B' }), logo: { bytes: null } }));
    expect(await store.partners.reorder('partenaire', [SEEDED.id])).toBe(false);
    expect(await store.partners.reorder('partenaire', [SEEDED.id, SEEDED.id])).toBe(false);
    expect(await store.partners.findById(SEEDED.id)).toEqual(SEEDED);
  });

  it('est refusé à un organisateur', async () => {
    saved(await createPartner(deps(), admin, { values: form({ name: 'B' }), logo: { bytes: null } }));
    await expect(movePartner(deps(), organizer, SEEDED.id, 'down')).rejects.toThrow(PARTNER_MESSAGES.forbidden);
    expect(await store.partners.findById(SEEDED.id)).toEqual(SEEDED);
  });
});

describe('désactiver un partenaire', () => {
  it('le retire de la liste publique, la réactivation l’y remet', async () => {
    const partner = saved(await createPartner(deps(), admin, { values: form(), logo: { bytes: null } }));
    expect(await publicNames()).toContain(partner.name);
    expect(await setPartnerActive(deps(), admin, partner.id, false)).toMatchObject({ active: false });
    expect(await publicNames()).not.toContain(partner.name);
    // Still listed for admins, in its place.
    expect((await partnersForAdmin(store, admin)).partenaire.map((p) => p.name)).toContain(partner.name);
    await setPartnerActive(deps(), admin, partner.id, true);
    expect(await publicNames()).toContain(partner.name);
  });

  it('est refusé à un organisateur ; un partenaire inconnu : 404', async () => {
    await expect(setPartnerActive(deps(), organizer, SEEDED.id, false)).rejects.toThrow(PARTNER_MESSAGES.forbidden);
    expect(await publicNames()).toContain(SEEDED.name);
    await expect(setPartnerActive(deps(), admin, 'inconnu', false)).rejects.toThrow(PARTNER_MESSAGES.notFound);
  });
});
