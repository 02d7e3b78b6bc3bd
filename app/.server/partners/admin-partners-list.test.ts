import { describe, expect, it } from 'vitest';
import { createPartner, movePartner, PARTNER_MESSAGES, partnersForAdmin, setPartnerActive } from './admin-partners';
import {
  admin,
  deps,
  form,
  organizer,
  publicNames,
  SEEDED,
  saved,
  setUpPartnerStore,
  store,
} from './admin-partners-fixture';

setUpPartnerStore();

describe('ordonner les partenaires', () => {
  it('Monter et Descendre échangent deux voisins du même type, sans toucher les autres', async () => {
    const b = saved(await createPartner(deps(), admin, { values: form({ name: 'B' }), logo: { bytes: null } }));
    const c = saved(await createPartner(deps(), admin, { values: form({ name: 'C' }), logo: { bytes: null } }));
    const donor = saved(
      await createPartner(deps(), admin, { values: form({ name: 'D', kind: 'donateur' }), logo: { bytes: null } }),
    );
    const names = async () => {
      const groups = await partnersForAdmin({ store }, admin);
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
    expect((await partnersForAdmin({ store }, admin)).partenaire.map((p) => p.name)).toContain(partner.name);
    await setPartnerActive(deps(), admin, partner.id, true);
    expect(await publicNames()).toContain(partner.name);
  });

  it('est refusé à un organisateur ; un partenaire inconnu : 404', async () => {
    await expect(setPartnerActive(deps(), organizer, SEEDED.id, false)).rejects.toThrow(PARTNER_MESSAGES.forbidden);
    expect(await publicNames()).toContain(SEEDED.name);
    await expect(setPartnerActive(deps(), admin, 'inconnu', false)).rejects.toThrow(PARTNER_MESSAGES.notFound);
  });
});
