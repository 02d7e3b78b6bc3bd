// Firestore documents written before the event lifecycle (decision 029) are brought up to date when the store opens,
// as SQLite's migration 9 does: cancelled events never approved are withdrawn, the live count's flag is set.
import { describe, expect, it } from 'vitest';
import { toEventDoc } from '../../app/.server/adapters/firestore/event-docs';
import { createFirestoreStore } from '../../app/.server/adapters/firestore/store';
import type { AgendaEvent } from '../../app/domain/event';
import { makeEvent } from '../support/factories';
import { freshFirestore } from '../support/firestore-emulator';

function legacy(id: string, overrides: Partial<AgendaEvent>): Record<string, unknown> {
  const event = makeEvent({
    id,
    slug: 's',
    title: `Événement ${id}`,
    startsAt: '2100-01-01T10:00:00.000Z',
    endsAt: '2100-01-01T12:00:00.000Z',
    postalCode: '1950',
    city: 'Sion',
    canton: 'VS',
    createdAt: '',
    updatedAt: '',
    submittedAt: '',
    moderatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
  // As stored then: no previousStatus, revision, awaitingModeration nor openEnd (issue 19) fields.
  const { previousStatus: _p, revision: _r, awaitingModeration: _a, openEnd: _o, ...doc } = toEventDoc(event);
  return doc;
}

describe('Firestore : mise à niveau des événements d’avant le cycle de vie', () => {
  it('retire les annulations non approuvées et pose le drapeau du compte en direct', async () => {
    const { db, dispose } = await freshFirestore('upgrade');
    const events = db.collection('events');
    await events.doc('never').set(legacy('never', { status: 'cancelled', moderatedAt: null }));
    await events.doc('refused').set(legacy('refused', { status: 'cancelled', rejectionReason: 'Hors région.' }));
    await events.doc('legit').set(legacy('legit', { status: 'cancelled' }));
    await events.doc('pending').set(legacy('pending', { status: 'pending', moderatedAt: null }));
    const store = createFirestoreStore(db);
    try {
      await store.ready();
      const status = async (id: string) => {
        const e = await store.events.findById(id);
        return [e?.status, e?.previousStatus];
      };
      expect(await status('never')).toEqual(['withdrawn', 'pending']);
      expect(await status('refused')).toEqual(['withdrawn', 'rejected']);
      expect(await status('legit')).toEqual(['cancelled', null]);
      // Written before events could be open-ended: the end stored then is shown as before.
      expect((await store.events.findById('legit'))?.openEnd).toBe(false);
      expect((await events.doc('pending').get()).get('awaitingModeration')).toBe(true);
      await expect.poll(() => store.events.countAwaitingModeration()).toBe(1);
    } finally {
      await store.close();
      await dispose();
    }
  });
});
