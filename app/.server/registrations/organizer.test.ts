// The organizer's settings of a date's places (issue 73, decision 168), as the outside walk tried them: fewer places
// than people already confirmed, a closing time after the date or already past; each refused in French, on its field.
import { describe, expect, it } from 'vitest';
import { makeEvent, storeUser } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { UseCaseError } from '../platform/use-case-error';
import { seedCategories } from '../seed/seed';
import { openRegistration } from './organizer';
import { registerForDate } from './registrations';

const NOW = new Date('2030-03-01T10:00:00Z');
const STARTS = '2030-03-20T17:00:00.000Z';
const config = { SITE_URL: 'https://agenda.exemple.ch', SESSION_SECRET: 's'.repeat(32) };

async function setUp() {
  const { store } = memoryStore();
  await seedCategories({ store });
  const owner = await storeUser(store, { uid: 'orga', email: 'orga@exemple.ch' });
  const event = makeEvent(
    { id: 'visite', title: 'Visite guidée', status: 'approved', createdBy: 'orga', startsAt: STARTS },
    { now: NOW },
  );
  await store.events.insertMany([event]);
  return { store, deps: { store, config }, owner, event: (await store.events.findById('visite'))! };
}

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (e: unknown) => (e instanceof UseCaseError ? { field: e.field, message: e.message } : e),
  );

describe('les réglages d’une date, refusés en clair', () => {
  it('moins de places que de personnes confirmées : refusé, le message dit combien', async () => {
    const { store, deps, owner, event } = await setUp();
    await openRegistration(deps, owner, event.id, { startsAt: STARTS, places: '10' }, NOW);
    for (const n of [1, 2])
      await registerForDate(deps, event, { startsAt: STARTS, name: `V ${n}`, email: `v${n}@ex.ch`, people: '3' }, NOW);
    expect(await refusal(openRegistration(deps, owner, event.id, { startsAt: STARTS, places: '5' }, NOW))).toEqual({
      field: 'places',
      message: '6\u00a0personnes sont déjà confirmées pour cette date\u00a0: gardez au moins 6\u00a0places.',
    });
    expect((await store.registrations.opening(event.id, STARTS))?.places).toBe(10);
    expect((await openRegistration(deps, owner, event.id, { startsAt: STARTS, places: '6' }, NOW)).places).toBe(6);
  });
});
