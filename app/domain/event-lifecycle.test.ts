import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../tests/support/factories';
import { type AgendaEvent, contentOf, EVENT_STATUSES, type EventStatus } from './event';
import {
  actorsFor,
  allowedActions,
  applyTransition,
  awaitsModeration,
  findTransition,
  isPublicStatus,
  LIFECYCLE_ACTIONS,
  type LifecycleActor,
  nextVersion,
  publicView,
  TRANSITIONS,
  workingView,
} from './event-lifecycle';

const NOW = '2026-11-22T10:00:00.000Z';

/** A pending concert of the organizer `orga`, submitted two days before NOW. */
function event(overrides: Partial<AgendaEvent> = {}): AgendaEvent {
  const submitted = '2026-11-20T10:00:00.000Z';
  return makeEvent(
    {
      id: 'e1',
      slug: 'concert',
      title: 'Concert de l’Avent',
      description: 'Chœur et orgue pour ouvrir la saison de l’Avent, suivi d’un vin chaud.',
      startsAt: '2026-12-06T17:00:00+01:00',
      endsAt: '2026-12-06T18:30:00+01:00',
      venueName: 'Cathédrale',
      street: '',
      postalCode: '1005',
      city: 'Lausanne',
      canton: 'VD',
      lat: 46.52,
      lng: 6.63,
      priceMin: 20,
      priceMax: 40,
      organizerName: 'Chœur de la Cité',
      contactEmail: '',
      status: 'pending',
      createdBy: 'orga',
      createdAt: submitted,
      updatedAt: submitted,
      submittedAt: submitted,
      ...overrides,
    },
    { now: new Date(NOW) },
  );
}

const edited = (e: AgendaEvent) => ({ ...contentOf(e), title: 'Concert de Noël', city: 'Pully' });

/** Every state the table distinguishes: status, pending revision (public events only), featured, status before cancelling. */
function allStates(): AgendaEvent[] {
  const states: AgendaEvent[] = [];
  for (const status of EVENT_STATUSES) {
    for (const revision of isPublicStatus(status) ? [false, true] : [false]) {
      for (const featured of [false, true]) {
        for (const previousStatus of [null, ...EVENT_STATUSES]) {
          const base = event({ status, featured, previousStatus });
          states.push(revision ? { ...base, revision: edited(base) } : base);
        }
      }
    }
  }
  return states;
}

const ACTORS: LifecycleActor[] = ['owner', 'admin', 'system'];
const FROM_NEW = TRANSITIONS.filter((t) => t.from === 'new');

describe('la table du cycle de vie', () => {
  it('décide au plus une chose par acteur, action et état', () => {
    for (const state of allStates()) {
      for (const actor of ACTORS) {
        for (const action of LIFECYCLE_ACTIONS) {
          const rows = TRANSITIONS.filter(
            (t) =>
              t.actor === actor &&
              t.action === action &&
              t.from === state.status &&
              (t.revision === undefined || t.revision === (state.revision !== null)) &&
              (t.featured === undefined || t.featured === state.featured) &&
              (t.previous === undefined || t.previous === state.previousStatus) &&
              (t.unlessHeld === undefined || !state[t.unlessHeld]),
          );
          expect(rows.length, `${actor} ${action} ${state.status}`).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('seul un admin qui approuve, ou un éditeur de confiance (journalisé), rend public un événement qui ne l’était pas', () => {
    const publishing = TRANSITIONS.filter(
      (t) => t.to !== 'deleted' && isPublicStatus(t.to) && (t.from === 'new' || !isPublicStatus(t.from)),
    );
    expect(publishing.map((t) => `${t.actor} ${t.action} ${t.from}`)).toEqual([
      'trusted submit new',
      'trusted edit pending',
      'admin approve pending',
      'admin approve rejected',
    ]);
    for (const t of publishing) expect(t.logged, `${t.actor} ${t.action}`).toBe(true);
    // And « annulé » is only ever reached from a public event.
    for (const t of TRANSITIONS.filter((t) => t.to === 'cancelled'))
      expect(isPublicStatus(t.from as EventStatus)).toBe(true);
  });

  it('l’organisateur ne change jamais le contenu public : ses modifications d’un événement public attendent', () => {
    for (const t of TRANSITIONS.filter((t) => t.actor === 'owner' && t.from !== 'new')) {
      if (isPublicStatus(t.from as EventStatus))
        expect(['keep', 'revise'], `${t.action} ${t.from}`).toContain(t.content);
    }
    expect(FROM_NEW.map((t) => `${t.actor} → ${t.to}`)).toEqual(['owner → pending', 'trusted → approved']);
  });

  it('un organisateur de confiance publie ses événements d’emblée, sauf un refusé, et annule comme propriétaire', () => {
    const actors = actorsFor({ uid: 'u', role: 'organizer', trusted: true }, { createdBy: 'u' });
    expect(actors).toEqual(['trusted', 'owner']);
    expect(actorsFor({ uid: 'u', role: 'organizer', trusted: true }, { createdBy: 'v' })).toEqual([]);
    expect(findTransition(actors, null, 'submit')).toMatchObject({ to: 'approved', logged: true });
    expect(findTransition(actors, event({ status: 'approved' }), 'edit')).toMatchObject({ content: 'replace' });
    expect(findTransition(actors, event({ status: 'rejected' }), 'edit')).toMatchObject({
      actor: 'owner',
      to: 'pending',
    });
    expect(findTransition(actors, event({ status: 'approved' }), 'cancel')).toMatchObject({ actor: 'owner' });
    expect(findTransition(actors, event({ status: 'pending' }), 'approve')).toBeNull();
  });

  it('annuler : un événement public reste visible annulé, un événement jamais publié est retiré, et l’on revient en arrière', () => {
    const owner = ['owner'] as const;
    const to = (status: EventStatus, previous: EventStatus | null = null) =>
      findTransition(owner, event({ status, previousStatus: previous }), 'cancel')?.to ?? null;
    expect(to('approved')).toBe('cancelled');
    expect(to('pending')).toBe('withdrawn');
    expect(to('rejected')).toBe('withdrawn');
    expect(to('cancelled')).toBeNull();
    expect(to('withdrawn')).toBeNull();
    const undo = (status: EventStatus, previous: EventStatus | null) =>
      findTransition(owner, event({ status, previousStatus: previous }), 'undoCancel')?.to ?? null;
    expect(undo('cancelled', 'approved')).toBe('approved');
    expect(undo('withdrawn', 'pending')).toBe('pending');
    expect(undo('withdrawn', 'rejected')).toBe('rejected');
    // Whatever was stored as the status before, a withdrawn event never comes back public.
    for (const previous of [null, 'approved', 'cancelled', 'withdrawn'] as const)
      expect(undo('withdrawn', previous)).toBeNull();
  });

  it('les admins dépublient et suppriment tout événement, annulé compris ; personne d’autre', () => {
    const admin = ['admin'] as const;
    expect(findTransition(admin, event({ status: 'cancelled' }), 'unpublish')?.to).toBe('pending');
    for (const status of EVENT_STATUSES) expect(findTransition(admin, event({ status }), 'delete')?.to).toBe('deleted');
    for (const action of ['approve', 'reject', 'unpublish', 'feature', 'unfeature', 'delete'] as const) {
      for (const state of allStates()) expect(findTransition(['owner', 'system'], state, action)).toBeNull();
    }
  });

  it('un autre organisateur n’est personne pour l’événement ; le système n’a encore aucune transition', () => {
    const other = { uid: 'autre', role: 'organizer' };
    expect(actorsFor(other, event())).toEqual([]);
    expect(actorsFor(null, event())).toEqual([]);
    expect(actorsFor({ uid: 'orga', role: 'organizer' }, event())).toEqual(['owner']);
    expect(actorsFor({ uid: 'orga', role: 'admin' }, event())).toEqual(['admin', 'owner']);
    expect(actorsFor({ uid: 'x', role: 'admin' }, event({ createdBy: null }))).toEqual(['admin']);
    for (const state of allStates()) expect(allowedActions([], state)).toEqual([]);
    expect(TRANSITIONS.filter((t) => t.actor === 'system')).toEqual([]);
  });

  it('un membre de l’organisation au nom de laquelle l’événement est publié le gère ; un ancien membre plus', () => {
    const forChoir = event({ createdBy: 'ana', organizerId: 'chorale' });
    expect(actorsFor({ uid: 'bea', role: 'organizer', organizerIds: ['chorale'] }, forChoir)).toEqual(['owner']);
    expect(actorsFor({ uid: 'bea', role: 'organizer', organizerIds: ['fanfare'] }, forChoir)).toEqual([]);
    expect(actorsFor({ uid: 'bea', role: 'organizer', organizerIds: [] }, forChoir)).toEqual([]);
    expect(actorsFor({ uid: 'bea', role: 'organizer', organizerIds: ['chorale'] }, event())).toEqual([]);
  });

  it('« à modérer » suit la table : une transition marquée le met dans la file, les autres ne l’y mettent jamais', () => {
    for (const state of allStates()) {
      for (const actor of ['owner', 'admin'] as const) {
        for (const action of LIFECYCLE_ACTIONS.filter((a) => a !== 'submit' && a !== 'delete')) {
          const t = findTransition([actor], state, action);
          if (!t) continue;
          const next = applyTransition(state, t, { content: edited(state), reason: 'Motif.', by: 'ada', now: NOW });
          const label = `${actor} ${action} ${state.status}${state.revision ? ' (révision)' : ''}`;
          if (t.needsModeration) expect(awaitsModeration(next), label).toBe(true);
          else if (awaitsModeration(next)) expect(awaitsModeration(state), label).toBe(true);
          // Whatever happens, a public event shows approved content: never the form's unless an admin wrote it.
          if (isPublicStatus(next.status) && actor === 'owner') {
            expect(contentOf(publicView(next) as AgendaEvent), label).toEqual(contentOf(state));
          }
        }
      }
    }
  });
});

describe('appliquer une transition', () => {
  const owner = ['owner'] as const;
  const admin = ['admin'] as const;
  const step = (e: AgendaEvent, actors: readonly LifecycleActor[], action: (typeof LIFECYCLE_ACTIONS)[number]) => {
    const t = findTransition(actors, e, action);
    if (!t) throw new Error(`${action} refusé depuis ${e.status}`);
    return applyTransition(e, t, { content: edited(workingView(e)), reason: 'Motif du refus.', by: 'ada', now: NOW });
  };

  it('modifier un événement publié : la version approuvée reste publique, la révision attend avec ce qui change', () => {
    const published = event({ status: 'approved', featured: true });
    const revised = step(published, owner, 'edit');
    expect(revised).toMatchObject({ status: 'approved', title: 'Concert de l’Avent', featured: true });
    expect(revised.revision).toMatchObject({ title: 'Concert de Noël', city: 'Pully' });
    expect(revised.pendingChanges).toEqual(['title', 'city']);
    expect(revised.submittedAt).toBe(NOW);
    expect(publicView(revised)?.title).toBe('Concert de l’Avent');
    expect(workingView(revised).title).toBe('Concert de Noël');
    // The admin approves: the revision becomes the public content.
    const approved = step(revised, admin, 'approve');
    expect(approved).toMatchObject({ title: 'Concert de Noël', city: 'Pully', revision: null, pendingChanges: [] });
    expect(approved).toMatchObject({ moderatedBy: 'ada', moderatedAt: NOW });
    // Or refuses it: the published version stays, the reason goes to the organizer.
    const refused = step(revised, admin, 'reject');
    expect(refused).toMatchObject({ status: 'approved', title: 'Concert de l’Avent', revision: null });
    expect(refused.rejectionReason).toBe('Motif du refus.');
  });

  it('une modification qui revient au contenu publié ne laisse rien à modérer', () => {
    const published = event({ status: 'approved' });
    const t = findTransition(owner, published, 'edit');
    const same = applyTransition(published, t!, { content: contentOf(published), by: 'orga', now: NOW });
    expect(same.revision).toBeNull();
    expect(awaitsModeration(same)).toBe(false);
  });

  it('annuler puis rétablir retrouve le statut d’avant ; la une se perd en quittant « publié »', () => {
    const cancelled = step(event({ status: 'approved', featured: true }), owner, 'cancel');
    expect(cancelled).toMatchObject({ status: 'cancelled', previousStatus: 'approved', featured: false });
    expect(step(cancelled, owner, 'undoCancel')).toMatchObject({ status: 'approved', previousStatus: null });
    const withdrawn = step(event({ status: 'rejected', rejectionReason: 'Hors région.' }), owner, 'cancel');
    expect(withdrawn).toMatchObject({ status: 'withdrawn', previousStatus: 'rejected' });
    // Edited while withdrawn: still withdrawn, still undoable, back to refused with its reason.
    const editedWithdrawn = step(withdrawn, owner, 'edit');
    expect(editedWithdrawn).toMatchObject({
      status: 'withdrawn',
      previousStatus: 'rejected',
      title: 'Concert de Noël',
    });
    expect(step(editedWithdrawn, owner, 'undoCancel')).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Hors région.',
    });
  });

  it('un refus modifié repart en file comme une nouvelle soumission ; dépublier garde la dernière version', () => {
    const resubmitted = step(event({ status: 'rejected', rejectionReason: 'Flou.' }), owner, 'edit');
    expect(resubmitted).toMatchObject({ status: 'pending', rejectionReason: '', submittedAt: NOW });
    const withRevision = step(event({ status: 'approved' }), owner, 'edit');
    const unpublished = step(withRevision, admin, 'unpublish');
    expect(unpublished).toMatchObject({ status: 'pending', title: 'Concert de Noël', revision: null });
    expect(publicView(unpublished)).toBeNull();
  });

  it('la modification d’un admin s’applique tout de suite', () => {
    const changed = step(event({ status: 'approved' }), admin, 'edit');
    expect(changed).toMatchObject({ status: 'approved', title: 'Concert de Noël', revision: null, moderatedBy: 'ada' });
  });

  it('chaque écriture change la version, même dans la même milliseconde', () => {
    expect(nextVersion('2026-11-22T09:00:00.000Z', NOW)).toBe(NOW);
    expect(nextVersion(NOW, NOW)).toBe('2026-11-22T10:00:00.001Z');
    expect(nextVersion('2026-11-22T11:00:00.000Z', NOW)).toBe('2026-11-22T11:00:00.001Z');
  });
});
