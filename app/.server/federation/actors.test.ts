import { describe, expect, it } from 'vitest';
import type { Store } from '../ports';
import { agendaActors, categoryActors } from './actors';

/** A plain space where French typography wants a non-breaking one: before : ; ! ? », after «. */
const plainSpaces = (text: string) => text.match(/ [:;!?»]|« /g) ?? [];

describe('acteurs du site : leurs présentations', () => {
  it('l’agenda et une catégorie se présentent en français typographié (espaces insécables)', async () => {
    const store = {
      categories: {
        findBySlug: async (slug: string) => ({ slug, label: 'Musique', active: true, description: '' }),
      },
    } as unknown as Store;
    const ctx = { store, siteUrl: 'https://agenda.example' } as Parameters<typeof agendaActors.list>[0];
    const [agenda] = await agendaActors.list(ctx);
    const musique = await categoryActors.find(ctx, 'musique');
    expect(agenda.summary).toContain('\u00a0: chaque événement');
    expect(musique?.summary).toBe('Les événements «\u00a0Musique\u00a0» d’Agenda romand.');
    expect(plainSpaces(`${agenda.summary} ${musique?.summary}`)).toEqual([]);
  });
});
