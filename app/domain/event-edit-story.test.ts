import { describe, expect, it } from 'vitest';
import { EDIT_STORY, editNote, reviewMayComeLate } from './event-edit-story';
import { TRANSITIONS } from './event-lifecycle';

// The edit page and « Comment ça marche » tell the lifecycle table's story: checked against the table itself.
describe('ce qu’une modification devient, dit à l’organisateur', () => {
  const ownerEdits = TRANSITIONS.filter((t) => t.actor === 'owner' && t.action === 'edit');

  it('chaque modification que la table permet a sa phrase, qui annonce une relecture exactement quand il y en aura une', () => {
    for (const t of ownerEdits) {
      if (t.from === 'new') continue;
      for (const pending of t.content === 'revise' ? [false, true] : [false]) {
        const note = editNote(t.from, pending);
        const reviewed = /relu|relira|modération/.test(note) && !/ni relu/.test(note);
        expect(reviewed, `${t.from}${pending ? ' (modification en attente)' : ''} : ${note}`).toBe(t.needsModeration);
      }
    }
  });

  it('la version publiée reste visible pendant la relecture d’un événement public', () => {
    const publicEdits = ownerEdits.filter((t) => t.content === 'revise');
    expect(publicEdits.map((t) => t.from).sort()).toEqual(['approved', 'cancelled']);
    for (const t of publicEdits)
      expect(editNote(t.from as 'approved', false)).toMatch(/reste (visible|affichée) d’ici là/);
    expect(editNote('approved', true)).toContain('le public voit toujours la version publiée');
  });

  it('« Comment ça marche » reprend les mêmes phrases que la page de modification', () => {
    const notes = ['approved', 'cancelled', 'pending', 'rejected', 'withdrawn'].flatMap((s) => [
      editNote(s as never, false),
      editNote(s as never, true),
    ]);
    for (const c of Object.values(EDIT_STORY)) expect(notes.some((n) => n.endsWith(c.effect))).toBe(true);
  });
});

describe('un événement qui commence avant sa relecture', () => {
  // An outside tester submitted an event for the same evening: the confirmation promised « sous 24 heures » and nothing else.
  const now = new Date('2026-11-28T15:00:00+01:00');
  const at = (startsAt: string, endsAt: string, status: 'pending' | 'approved' = 'pending') =>
    reviewMayComeLate({ status, startsAt, endsAt }, now);

  it('le dit ce soir, pas la semaine prochaine, ni une fois publié', () => {
    expect(at('2026-11-28T21:00:00+01:00', '2026-11-28T23:00:00+01:00')).toBe(
      'Il commence dans moins de 48\u00a0heures\u00a0: la relecture pourrait venir après son début.',
    );
    expect(at('2026-11-28T10:00:00+01:00', '2026-11-28T18:00:00+01:00')).toBe(
      'Il a déjà commencé\u00a0: il ne paraîtra qu’une fois relu.',
    );
    expect(at('2026-12-05T21:00:00+01:00', '2026-12-05T23:00:00+01:00')).toBeNull();
    expect(at('2026-11-28T21:00:00+01:00', '2026-11-28T23:00:00+01:00', 'approved')).toBeNull();
  });
});
