// What an instance reads when it starts on Firestore (decision 160): the public events not over, the queue and the
// categories — not the past, refused or withdrawn events the collection keeps. Nothing is lost for it: past events are
// read where a page asks for them, the admins' counts are aggregations, and another instance's decision shows here.
import { describe, expect, it, vi } from 'vitest';
import { toEventDoc } from '../../app/.server/adapters/firestore/event-docs';
import { createFirestoreStore } from '../../app/.server/adapters/firestore/store';
import type { AgendaEvent } from '../../app/domain/event';
import { makeEvent } from '../support/factories';
import { firestoreReads, freshFirestore, testFirestoreHost } from '../support/firestore-emulator';

const { official } = await testFirestoreHost();
const NOW = new Date('2030-03-01T10:00:00.000Z');
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();
const PUBLIC = ['approved', 'cancelled'] as AgendaEvent['status'][];

function event(id: string, days: number, overrides: Partial<AgendaEvent> = {}): AgendaEvent {
  return makeEvent(
    { id, slug: id, title: `Soirée ${id}`, startsAt: inDays(days), endsAt: inDays(days + 0.1), ...overrides },
    { now: NOW },
  );
}

describe('Firestore : la copie publique d’une instance (décision 160)', () => {
  it.skipIf(official)('le démarrage ne lit ni le passé ni ce qui n’est pas public, et rien ne se perd', async () => {
    const { db, dispose } = await freshFirestore('copie');
    const all = [
      // Sixty events of the past at the venue « grange » (ten days ago and before), twenty refused, twenty withdrawn.
      ...Array.from({ length: 60 }, (_, i) => event(`passe${i}`, -10 - i, { venueId: 'grange' })),
      ...Array.from({ length: 20 }, (_, i) => event(`refus${i}`, 5, { status: 'rejected' })),
      ...Array.from({ length: 20 }, (_, i) => event(`retrait${i}`, 5, { status: 'withdrawn' })),
      // What the public pages show, and a queue of three.
      ...Array.from({ length: 4 }, (_, i) => event(`public${i}`, 2 + i, { venueId: 'grange' })),
      event('annule', 3, { status: 'cancelled', moderatedAt: inDays(-1) }),
      ...Array.from({ length: 3 }, (_, i) => event(`attente${i}`, 4, { status: 'pending' })),
    ];
    const batch = db.batch();
    for (const e of all) batch.set(db.collection('events').doc(e.id), toEventDoc(e));
    await batch.commit();
    // The first instance on this database brings its documents up to date, once (a marker says it is done).
    const first = createFirestoreStore(db, NOW);
    await first.ready();
    await first.close();

    const before = firestoreReads(db);
    const store = createFirestoreStore(db, NOW);
    let other: ReturnType<typeof createFirestoreStore> | null = null;
    try {
      await store.ready();
      // The five public events, the three in the queue, the upgrade's marker and the empty categories: not the 108.
      expect(firestoreReads(db) - before).toBeLessThanOrEqual(5 + 3 + 2);

      const upcoming = await store.events.search({
        status: PUBLIC,
        endsAfter: NOW.toISOString(),
        limit: 50,
        offset: 0,
      });
      expect(upcoming.total).toBe(5);
      // A venue's past is read for its page, from that venue's events only.
      const ever = await store.events.search({
        status: PUBLIC,
        endsAfter: '1970-01-01T00:00:00.000Z',
        venueId: 'grange',
        limit: 100,
        offset: 0,
      });
      expect(ever.total).toBe(64);
      expect(await store.events.countByPlace('venue', PUBLIC, NOW.toISOString())).toEqual({ grange: 4 });
      const counts = await store.events.countAllByStatus();
      expect([counts.approved, counts.cancelled, counts.rejected, counts.withdrawn, counts.pending]).toEqual([
        64, 1, 20, 20, 3,
      ]);
      expect(await store.events.countAwaitingModeration()).toBe(3);
      // The admins' search by words finds what the public copy leaves out.
      const refused = await store.events.listForModeration({
        status: 'rejected',
        words: ['soirée', 'refus7'],
        limit: 50,
      });
      expect(refused.items.map((e) => e.id)).toEqual(['refus7']);
      expect((await store.events.findById('passe59'))?.title).toBe('Soirée passe59');

      // Another instance approves an event of the queue: this one lists it, through its listener.
      other = createFirestoreStore(db, NOW);
      await other.ready();
      const pending = await other.events.findById('attente0');
      if (!pending) throw new Error('attente0 introuvable');
      const approved = { ...pending, status: 'approved' as const, updatedAt: inDays(0.01) };
      expect(await other.events.transition({ seen: pending.updatedAt, next: approved })).not.toBeNull();
      await vi.waitFor(async () => {
        const listed = await store.events.search({
          status: PUBLIC,
          endsAfter: NOW.toISOString(),
          limit: 50,
          offset: 0,
        });
        expect(listed.items.map((e) => e.id)).toContain('attente0');
        expect(await store.events.countAwaitingModeration()).toBe(2);
      });
    } finally {
      await store.close();
      await other?.close();
      await dispose();
    }
  });
});
