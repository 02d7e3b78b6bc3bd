// What only an admin undoes (issue 31, decision 059): a refusal or a take-down holds a trusted owner's edits in the
// queue until an admin approves again; an admin's cancellation is not its owner's to undo.
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../tests/support/factories';
import { type AgendaEvent, contentOf } from './event';
import {
  actorsFor,
  allowedActions,
  applyTransition,
  findTransition,
  type LIFECYCLE_ACTIONS,
  type LifecycleActor,
} from './event-lifecycle';

const NOW = '2026-11-22T10:00:00.000Z';
const event = (overrides: Partial<AgendaEvent> = {}) =>
  makeEvent({ id: 'e1', title: 'Concert de l’Avent', status: 'pending', createdBy: 'orga', ...overrides });
const edited = (e: AgendaEvent) => ({ ...contentOf(e), title: 'Concert de Noël', city: 'Pully' });

describe('les décisions des admins', () => {
  it('un refus ou un retrait reste la décision des admins : un éditeur de confiance ne republie pas, jusqu’à une nouvelle approbation', () => {
    const trusted = actorsFor({ uid: 'orga', role: 'organizer', trusted: true }, { createdBy: 'orga' });
    let version = 0;
    const step = (e: AgendaEvent, actors: readonly LifecycleActor[], action: (typeof LIFECYCLE_ACTIONS)[number]) => {
      const t = findTransition(actors, e, action);
      if (!t || t.to === 'deleted') throw new Error(`${action} refusé`);
      const content = { ...edited(e), title: `Concert de Noël n° ${++version}` };
      return applyTransition(e, t, { content, reason: 'Hors région.', by: 'ada', now: NOW });
    };
    // Refused, then edited twice by its (now trusted) owner: in the queue both times.
    let e = step(event(), ['admin'], 'reject');
    expect(e).toMatchObject({ status: 'rejected', refusedByAdmin: true });
    e = step(e, trusted, 'edit');
    e = step(e, trusted, 'edit');
    expect(e).toMatchObject({ status: 'pending', refusedByAdmin: true });
    // Approved, taken down, edited: the queue again; approved once more, its edits publish at once.
    e = step(step(e, ['admin'], 'approve'), ['admin'], 'unpublish');
    expect(step(e, trusted, 'edit').status).toBe('pending');
    e = step(e, ['admin'], 'approve');
    expect(e.refusedByAdmin).toBe(false);
    expect(findTransition(trusted, e, 'edit')).toMatchObject({ actor: 'trusted', to: 'approved' });
    // A refused revision of a public event: the next edit is a revision too.
    e = step(step(e, ['owner'], 'edit'), ['admin'], 'reject');
    expect(e).toMatchObject({ status: 'approved', refusedByAdmin: true });
    expect(findTransition(trusted, e, 'edit')).toMatchObject({ actor: 'owner', content: 'revise' });
  });

  it('l’annulation d’un admin ne se rétablit pas par l’organisateur ; la sienne, si', () => {
    const approved = event({ status: 'approved', moderatedAt: NOW });
    const byAdmin = applyTransition(approved, findTransition(['admin'], approved, 'cancel')!, { by: 'ada', now: NOW });
    expect(byAdmin).toMatchObject({ status: 'cancelled', cancelledByAdmin: true });
    expect(findTransition(['trusted', 'owner'], byAdmin, 'undoCancel')).toBeNull();
    expect(allowedActions(['owner'], byAdmin)).not.toContain('undoCancel');
    const byOwner = applyTransition(approved, findTransition(['owner'], approved, 'cancel')!, { by: 'orga', now: NOW });
    expect(byOwner).toMatchObject({ status: 'cancelled', cancelledByAdmin: false });
    expect(findTransition(['owner'], byOwner, 'undoCancel')).toMatchObject({ to: 'approved' });
    // Taken down by an admin, then approved: the admin's cancellation no longer stands.
    const unpublished = applyTransition(byAdmin, findTransition(['admin'], byAdmin, 'unpublish')!, {
      by: 'ada',
      now: NOW,
    });
    expect(unpublished.cancelledByAdmin).toBe(false);
  });
});
