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

  it('une clôture après le début de la date, ou déjà passée : refusée en clair ; juste avant le début, acceptée', async () => {
    const { deps, owner, event } = await setUp();
    const open = (closesAt: string, now = NOW) =>
      openRegistration(deps, owner, event.id, { startsAt: STARTS, places: '10', closesAt }, now);
    // The date starts at 18:00 in Zurich (17:00 UTC).
    expect(await refusal(open('2030-03-20T18:30'))).toEqual({
      field: 'closesAt',
      message:
        'La clôture doit tomber avant le début de la date (mercredi 20 mars 2030 à 18:00)\u00a0: choisissez une heure plus tôt.',
    });
    expect(await refusal(open('2030-02-27T12:00'))).toMatchObject({ field: 'closesAt', message: /déjà passée/ });
    // 17:30 in Zurich is before 17:00 UTC's start: the texts compared said otherwise.
    expect((await open('2030-03-20T17:30')).closesAt).toBe('2030-03-20T17:30:00+01:00');
    // Kept as it was once past, a change of places does not trip on it.
    const later = new Date('2030-03-20T16:45:00Z');
    expect((await open('2030-03-20T17:30', later)).places).toBe(10);
  });
});
