// The event form's image (issue 47): « Retirer l’image » after one was sent (with JavaScript as soon as chosen, or
// kept from a refused submission) is honoured by the server: the event has no image and the sent one is gone.
import { describe, expect, it } from 'vitest';
import { makeEventForm, makeUser } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { stashPendingImage } from '../files/images';
import { files, fixtures, listFiles, setUpImageFixtures, setUpUploadDir } from '../files/images-fixture';
import { readEventForm } from '../http/event-form';
import { type SaveEventFormDeps, saveEventForm } from './save-event-form';

setUpUploadDir();
setUpImageFixtures();

const orga = makeUser({ uid: 'orga', displayName: 'Orga', role: 'organizer' });

async function submit(values: Record<string, string>) {
  const { store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  await store.users.upsert({ ...orga, passwordHash: 'x', now: '' });
  const services = {
    store,
    files,
    push: { send: async () => ({ delivered: 0, gone: [] }) } as unknown as SaveEventFormDeps['push'],
    live: { poke: () => {} },
    config: { SITE_URL: 'https://agenda-romand.test' },
  };
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...makeEventForm({ title: 'Marché du samedi matin' }), ...values }))
    form.set(k, v);
  const result = await saveEventForm(services, orga, await readEventForm(form));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return store.events.findById(result.eventId);
}

describe('l’image du formulaire d’événement', () => {
  it('une image envoyée puis « Retirer l’image » : l’événement n’a pas d’image, l’envoi est effacé', async () => {
    const token = await stashPendingImage(files, fixtures.jpeg, orga.uid);
    const event = await submit({ pendingImage: token, imageAlt: 'Affiche', removeImage: 'on' });
    expect(event?.image ?? null).toBeNull();
    expect(listFiles()).toEqual([]);
  });

  it('une image envoyée sans « Retirer l’image » est celle de l’événement', async () => {
    const token = await stashPendingImage(files, fixtures.jpeg, orga.uid);
    const event = await submit({ pendingImage: token, imageAlt: 'Affiche' });
    expect(event?.image?.alt).toBe('Affiche');
  });
});
