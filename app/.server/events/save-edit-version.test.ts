// An event edited in two tabs (an outside tester's finding): the second save, from a form shown before the first,
// no longer overwrites it in silence. It is refused once with a message, nothing written; sent again from the page
// that says so (which carries the new version), it replaces it knowingly.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEventForm, makeUser } from '../../../tests/support/factories';
import { memoryStore, saveFormServices } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { readEventForm } from '../http/event-form';
import { CHANGED_ELSEWHERE, saveEventForm } from './save-event-form';

const orga = makeUser({ uid: 'orga', displayName: 'Orga', role: 'organizer' });

const post = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...makeEventForm({ title: 'Nuit électro aux Docks' }), ...values }))
    form.set(k, v);
  return readEventForm(form);
};

describe('un événement modifié dans deux onglets', () => {
  afterEach(() => vi.useRealTimers());

  it('le second envoi, d’un formulaire plus ancien que le premier, est refusé une fois ; renvoyé, il remplace', async () => {
    const { store } = memoryStore();
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    await store.users.upsert({ ...orga, passwordHash: 'x', now: '' });
    const services = saveFormServices(store);
    // One second between each step: each save has its own version.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const created = await saveEventForm(services, orga, await post({}));
    if (!created.ok) throw new Error('événement non enregistré');
    const id = created.eventId;
    const shown = (await store.events.findById(id))?.updatedAt ?? '';

    // Tab A, then tab B, both opened on the same version.
    vi.setSystemTime(start + 1000);
    const tabA = await saveEventForm(
      services,
      orga,
      await post({ title: 'Nuit électro, édition spéciale', seen: shown }),
      id,
    );
    expect(tabA).toMatchObject({ ok: true, edited: true });
    vi.setSystemTime(start + 2000);
    const tabB = await saveEventForm(services, orga, await post({ priceNote: 'Étudiants CHF 10', seen: shown }), id);
    expect(tabB.ok).toBe(false);
    if (tabB.ok) return;
    expect(tabB.errors.form).toBe(CHANGED_ELSEWHERE);
    expect(tabB.values.priceNote).toBe('Étudiants CHF 10');
    const afterB = await store.events.findById(id);
    // The input given back carries the version now stored: the page sends it with the same changes.
    expect(tabB.values.seen).toBe(afterB?.updatedAt);
    expect(afterB?.title).toBe('Nuit électro, édition spéciale');
    expect(afterB?.priceNote).not.toBe('Étudiants CHF 10');

    // Sent again from the page that said so: it carries the version now stored.
    vi.setSystemTime(start + 3000);
    const again = await saveEventForm(
      services,
      orga,
      await post({ priceNote: 'Étudiants CHF 10', seen: tabB.values.seen }),
      id,
    );
    expect(again).toMatchObject({ ok: true, edited: true });
    expect((await store.events.findById(id))?.priceNote).toBe('Étudiants CHF 10');
  });
});
