import { describe, expect, it } from 'vitest';
import { REJECTION_REASONS } from '~/domain/rejection-reasons';
import { parseDecisionForm } from './decision-form';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe('le formulaire d’une décision de modération', () => {
  it('les motifs fréquents et le texte tapé ont leurs espaces insécables (« …puisse venir : précisez… »)', () => {
    for (const reason of REJECTION_REASONS) expect(reason.text, reason.id).not.toMatch(/ [:;!?»]|« /);
    expect(REJECTION_REASONS[0].text).toContain('puisse venir\u00a0: précisez');
    const decision = parseDecisionForm(
      form({ eventId: 'evt-1', intent: 'reject', reason: 'Lieu : « Salle communale » ; quelle heure ? Merci !' }),
    );
    expect(decision.reason).toBe('Lieu\u00a0: «\u00a0Salle communale\u00a0»\u202f; quelle heure\u202f? Merci\u202f!');
  });

  it('un motif fréquent choisi sans JavaScript précède le texte tapé ; la liste et la suite reprises', () => {
    const [incomplete] = REJECTION_REASONS;
    const decision = parseDecisionForm(
      form({
        eventId: 'evt-1',
        intent: 'reject',
        seen: '2026-11-20T10:00:00.000Z',
        reasonPreset: incomplete.id,
        reason: '  Et la salle ?  ',
        returnTo: 'status=all&q=jazz&page=2&after=WyIyMDMwIiwxXQ',
        next: 'evt-2',
      }),
    );
    expect(decision).toEqual({
      eventId: 'evt-1',
      intent: 'reject',
      seen: '2026-11-20T10:00:00.000Z',
      // The typed text with French spacing too: it goes to the page and the mail.
      reason: `${incomplete.text} Et la salle\u202f?`,
      returnQuery: { status: 'all', q: 'jazz', page: 2, after: 'WyIyMDMwIiwxXQ', before: null, searchError: null },
      next: 'evt-2',
    });
  });

  it('un champ absent ou qui n’est pas du texte se lit vide, une suite qui n’est pas un identifiant est ignorée', () => {
    const posted = form({ intent: 'approve', next: '../admin/users' });
    posted.set('eventId', new Blob(['x']));
    const decision = parseDecisionForm(posted);
    expect(decision).toMatchObject({ eventId: '', intent: 'approve', seen: '', reason: '', next: null });
    expect(decision.returnQuery).toMatchObject({ status: 'pending', q: '', page: 1 });
  });
});
