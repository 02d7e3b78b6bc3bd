import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploadedLogoPath } from '~/domain/partner';
import { IMAGE_MESSAGES } from '../files/images';
import { UseCaseError } from '../platform/use-case-error';
import { createPartner, PARTNER_MESSAGES, updatePartner } from './admin-partners';
import {
  admin,
  deps,
  form,
  logo,
  organizer,
  otherLogo,
  publicNames,
  root,
  SEEDED,
  saved,
  setUpLogos,
  setUpPartnerStore,
  store,
  storedFiles,
  variants,
} from './admin-partners-fixture';

setUpLogos();
setUpPartnerStore();

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
        description: 'La description ne peut pas dépasser 2000\u00a0caractères.',
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
