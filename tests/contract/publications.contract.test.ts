// The contract of the moderation log's publications without moderation (ports/moderation-log.ts, issue 21), on
// SQLite and on Firestore.
import { describe, expect, it } from 'vitest';
import type { Role } from '../../app/.server/ports';
import type { AgendaEvent } from '../../app/domain/event';
import { makeEvent as eventOf } from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

const NOW = '2030-03-01T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
const makeEvent = (overrides: Partial<AgendaEvent>) =>
  eventOf({ updatedAt: NOW, submittedAt: NOW, ...overrides }, { now: new Date(NOW) });

describe.each(BACKENDS)('contrat des publications sans modération : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });

  async function addUser(uid: string, role: Role, displayName: string) {
    await store.users.create({
      uid,
      email: `${uid}@exemple.ch`,
      displayName,
      role,
      passwordHash: `hash-${uid}`,
      now: NOW,
    });
  }

  it('liste les publications de confiance, la plus récente d’abord, avec le titre et le statut actuels ; rien d’autre', async () => {
    await addUser('trusted', 'organizer', 'Salle de confiance');
    await addUser('orga', 'organizer', 'Organisateur ordinaire');
    await addUser('boss', 'admin', 'Chef');
    expect(await store.moderationLog.listPublications({ limit: 50 })).toEqual({
      items: [],
      total: 0,
      next: null,
      prev: null,
    });

    // A trusted account's submission, published at once and logged in the same write.
    const { event: first } = await store.events.createSubmission({
      uid: 'trusted',
      submissionKey: 'cle-de-confiance-24-caract',
      event: makeEvent({ id: 'fete', title: 'Fête du lac', status: 'approved', createdBy: 'trusted' }),
      entry: { adminUid: 'trusted', action: 'publish', reason: '', createdAt: at(1) },
    });
    // A normal organizer's submission waits, then an admin approves it: a moderation, not a publication.
    const { event: pending } = await store.events.createSubmission({
      uid: 'orga',
      submissionKey: 'cle-ordinaire-24-caracteres',
      event: makeEvent({ id: 'bal', title: 'Bal masqué', status: 'pending', createdBy: 'orga' }),
    });
    await store.events.transition({
      seen: pending.updatedAt,
      next: { ...pending, status: 'approved', updatedAt: at(2) },
      entry: { adminUid: 'boss', action: 'approve', reason: '', createdAt: at(2) },
    });
    // A trusted source publishes in the name of its admin; the trusted account edits its event (same instant).
    await store.events.insertMany([makeEvent({ id: 'marche', title: 'Marché de Noël', status: 'pending' })]);
    await store.events.transition({
      seen: NOW,
      next: { ...makeEvent({ id: 'marche', title: 'Marché de Noël', status: 'approved' }), updatedAt: at(3) },
      entry: { adminUid: 'boss', action: 'publish', reason: 'Source « Théâtre du Passage »', createdAt: at(3) },
    });
    const edited = await store.events.transition({
      seen: first.updatedAt,
      next: { ...first, title: 'Fête du lac 2030', updatedAt: at(3) },
      entry: { adminUid: 'trusted', action: 'publish', reason: '', createdAt: at(3) },
    });
    // An admin then unpublishes the edited event: the list shows its status now.
    await store.events.transition({
      seen: (edited as AgendaEvent).updatedAt,
      next: { ...(edited as AgendaEvent), status: 'pending', updatedAt: at(4) },
      entry: { adminUid: 'boss', action: 'unpublish', reason: '', createdAt: at(4) },
    });

    const all = await store.moderationLog.listPublications({ limit: 50 });
    expect(all.total).toBe(3);
    expect(all.items.map((p) => [p.eventId, p.eventTitle, p.adminName, p.reason, p.createdAt, p.eventStatus])).toEqual([
      ['fete', 'Fête du lac 2030', 'Salle de confiance', '', at(3), 'pending'],
      ['marche', 'Marché de Noël', 'Chef', 'Source « Théâtre du Passage »', at(3), 'approved'],
      ['fete', 'Fête du lac 2030', 'Salle de confiance', '', at(1), 'pending'],
    ]);
    expect(all.items.every((p) => p.action === 'publish')).toBe(true);

    expect([all.next, all.prev]).toEqual([null, null]);

    // Pages of two, by cursor: the same instant keeps its order; back to the first page from the second.
    const firstTwo = await store.moderationLog.listPublications({ limit: 2 });
    expect(firstTwo.items.map((p) => [p.eventId, p.createdAt])).toEqual([
      ['fete', at(3)],
      ['marche', at(3)],
    ]);
    expect(firstTwo.prev).toBeNull();
    const second = await store.moderationLog.listPublications({ limit: 2, after: firstTwo.next });
    expect(second.total).toBe(3);
    expect(second.items.map((p) => [p.eventId, p.createdAt])).toEqual([['fete', at(1)]]);
    expect(second.next).toBeNull();
    const back = await store.moderationLog.listPublications({ limit: 2, before: second.prev });
    expect(back.items.map((p) => p.id)).toEqual(firstTwo.items.map((p) => p.id));
    expect([back.prev, back.next]).toEqual([null, firstTwo.next]);
    // A page of one, then back: the page before the last is not the first one.
    const [a, b, c] = all.items.map((p) => p.id);
    const list = (request: { after?: string | null; before?: string | null }) =>
      store.moderationLog.listPublications({ limit: 1, ...request });
    const p1 = await list({});
    const p2 = await list({ after: p1.next });
    const p3 = await list({ after: p2.next });
    expect([p1, p2, p3].map((p) => p.items.map((x) => x.id))).toEqual([[a], [b], [c]]);
    expect(p3.next).toBeNull();
    const middle = await list({ before: p3.prev });
    expect(middle.items.map((p) => p.id)).toEqual([b]);
    expect(middle.prev).not.toBeNull();
    const start = await list({ before: middle.prev });
    expect([start.items.map((p) => p.id), start.prev]).toEqual([[a], null]);
    // A cursor the store cannot read gives the first page.
    expect(
      (await store.moderationLog.listPublications({ limit: 2, after: 'pas-un-curseur' })).items.map((p) => p.id),
    ).toEqual([a, b]);

    // A deleted event keeps its publications, with the title it had, and no status.
    expect(
      await store.events.remove({
        id: 'marche',
        seen: at(3),
        entry: { adminUid: 'boss', action: 'delete', reason: '', createdAt: at(5) },
      }),
    ).toBe(true);
    const after = await store.moderationLog.listPublications({ limit: 50 });
    expect(after.items.map((p) => [p.eventId, p.eventTitle, p.eventStatus])).toEqual([
      ['fete', 'Fête du lac 2030', 'pending'],
      ['marche', 'Marché de Noël', null],
      ['fete', 'Fête du lac 2030', 'pending'],
    ]);
  });
});
