// An organizer account edits its organizer's profile, moderated like an event (decision 095).
import { describe, expect, it } from 'vitest';
import { makeOrganizer, makeUser } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import type { FileStore } from '../files/ports';
import { decideOnProfile, organizerProfilePage, saveOrganizerProfile } from './organizer-profile';

const orga = makeUser({ uid: 'orga', role: 'organizer' });
const admin = makeUser({ uid: 'admin', role: 'admin' });
const files = {} as FileStore;

async function setup() {
  const { store } = memoryStore();
  await store.organizers.insertMany([
    makeOrganizer({
      id: 'jeunesse',
      slug: 'jeunesse',
      name: 'Jeunesse de Savièse',
      description: 'Avant',
      accountUids: ['orga'],
    }),
    makeOrganizer({ id: 'fanfare', slug: 'fanfare', name: 'Fanfare de Savièse', accountUids: ['orga'] }),
    makeOrganizer({ id: 'opera', slug: 'opera', name: 'Opéra', accountUids: ['autre'] }),
  ]);
  return { store };
}

const input = (over: Partial<Parameters<typeof saveOrganizerProfile>[2]> = {}) => ({
  organizerId: 'jeunesse',
  description: 'Nous organisons la fête au village.',
  website: 'https://jeunesse-saviese.ch',
  logoAlt: '',
  logo: null,
  removeLogo: false,
  ...over,
});

describe('le profil d’un organisateur', () => {
  it('un compte lié à plusieurs organisateurs choisit lequel ; un autre organisateur lui est introuvable', async () => {
    const { store } = await setup();
    const page = await organizerProfilePage({ store }, orga, 'fanfare');
    expect(page.organizers.map((o) => o.name)).toEqual(['Fanfare de Savièse', 'Jeunesse de Savièse']);
    expect(page.chosen?.id).toBe('fanfare');
    await expect(organizerProfilePage({ store }, orga, 'opera')).rejects.toThrow('ne parle pas');
    await expect(saveOrganizerProfile({ store, files }, orga, input({ organizerId: 'opera' }))).rejects.toThrow(
      'ne parle pas',
    );
    expect((await store.organizers.findById('opera'))?.revision ?? null).toBeNull();
  });

  it('le profil envoyé attend ; publié par un admin il devient public, refusé le précédent reste', async () => {
    const { store } = await setup();
    expect(await saveOrganizerProfile({ store, files }, orga, input({ website: 'jeunesse.ch' }))).toEqual({
      ok: false,
      errors: { website: 'Indiquez une adresse web complète commençant par https://.' },
    });
    const sent = await saveOrganizerProfile({ store, files }, orga, input());
    if (!sent.ok) throw new Error('refusé');
    expect(await store.organizers.findById('jeunesse')).toMatchObject({
      description: 'Avant',
      revision: { description: 'Nous organisons la fête au village.' },
    });
    expect((await organizerProfilePage({ store }, orga, 'jeunesse')).chosen).toMatchObject({ waiting: true });
    await expect(
      decideOnProfile({ store, files }, orga, { id: 'jeunesse', seen: sent.organizer.updatedAt, publish: true }),
    ).rejects.toThrow();
    const published = await decideOnProfile({ store, files }, admin, {
      id: 'jeunesse',
      seen: sent.organizer.updatedAt,
      publish: true,
    });
    expect(published).toMatchObject({
      description: 'Nous organisons la fête au village.',
      website: 'https://jeunesse-saviese.ch',
      revision: null,
    });
    const again = await saveOrganizerProfile({ store, files }, orga, input({ description: 'Texte refusé' }));
    if (!again.ok) throw new Error('refusé');
    await decideOnProfile({ store, files }, admin, { id: 'jeunesse', seen: again.organizer.updatedAt, publish: false });
    expect(await store.organizers.findById('jeunesse')).toMatchObject({
      description: 'Nous organisons la fête au village.',
      revision: null,
    });
  });
});
