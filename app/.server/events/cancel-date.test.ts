// Cancelling one date of a series: « annulé » on that date only; only its owner or an admin; no new moderation.
import { describe, expect, it } from 'vitest';
import { makeEvent, makeSaturdayMarket, makeUser } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { scheduleSpan } from '../../domain/schedule-expand';
import { UseCaseError } from '../platform/use-case-error';
import { setDateCancelled } from './cancel-date';

const NOW = new Date('2030-03-01T10:00:00Z');
const rule = makeSaturdayMarket({ firstDate: '2030-03-09', count: 3 });

async function setup() {
  const { store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  await store.users.upsert({ ...makeUser({ uid: 'orga', role: 'organizer' }), passwordHash: 'x', now: '' });
  const span = scheduleSpan(rule);
  if (!span) throw new Error('série vide');
  await store.events.insertMany([
    makeEvent({ id: 'marche', status: 'approved', createdBy: 'orga', schedule: rule, ...span }, { now: NOW }),
  ]);
  return store;
}

const PUBLIC = { status: ['approved', 'cancelled'] as const, endsAfter: NOW.toISOString(), limit: 10, offset: 0 };

describe('annuler une date d’une série', () => {
  it('l’organisateur annule une date : « annulé » sur elle seule, l’événement reste publié sans nouvelle modération', async () => {
    const store = await setup();
    const orga = makeUser({ uid: 'orga', role: 'organizer' });
    await setDateCancelled(
      store,
      orga,
      { eventId: 'marche', startsAt: '2030-03-16T08:00:00+01:00', cancelled: true },
      NOW,
    );
    const list = await store.events.search({ ...PUBLIC, status: [...PUBLIC.status] });
    expect(list.items.map((e) => [e.startsAt, e.occurrence?.cancelled])).toEqual([
      ['2030-03-09T08:00:00+01:00', false],
      ['2030-03-16T08:00:00+01:00', true],
      ['2030-03-23T08:00:00+01:00', false],
    ]);
    const event = await store.events.findById('marche');
    expect(event).toMatchObject({ status: 'approved', revision: null });
    await setDateCancelled(
      store,
      orga,
      { eventId: 'marche', startsAt: '2030-03-16T08:00:00+01:00', cancelled: false },
      NOW,
    );
    expect((await store.events.occurrences('marche')).every((o) => !o.cancelled)).toBe(true);
  });

  it('un autre compte est refusé ; une date hors de la série aussi', async () => {
    const store = await setup();
    const other = makeUser({ uid: 'autre', role: 'organizer' });
    await expect(
      setDateCancelled(store, other, { eventId: 'marche', startsAt: '2030-03-16T08:00:00+01:00', cancelled: true }),
    ).rejects.toMatchObject({ status: 403 });
    const admin = makeUser({ uid: 'admin', role: 'admin' });
    const wrong = setDateCancelled(store, admin, {
      eventId: 'marche',
      startsAt: '2030-03-17T08:00:00+01:00',
      cancelled: true,
    });
    await expect(wrong).rejects.toBeInstanceOf(UseCaseError);
    expect((await store.events.occurrences('marche')).some((o) => o.cancelled)).toBe(false);
  });
});
