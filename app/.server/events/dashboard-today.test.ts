// « Ça a lieu ? » at the top of the organizer's dashboard (issue 51): by the clock it is given, their public events with
// a date today, then tomorrow's (issue 70: a picnic is called off the evening before), « selon la météo » first, each
// with what was said already; never the day after, another account's, or one not yet published.
import { describe, expect, it } from 'vitest';
import { makeEvent, storeUser } from '../../../tests/support/factories';
import { memoryStore, recordingMailer } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { zurichIso } from '../../domain/dates';
import type { AgendaEvent } from '../../domain/event';
import { organizerDashboard } from './dashboard';
import { sayDayStatus } from './day-status';

const NOW = new Date('2030-06-14T05:30:00Z');
const CREATED = { now: new Date('2030-06-01T10:00:00Z') };
const on = (id: string, day: string, hm: string, extra: Partial<AgendaEvent> = {}) =>
  makeEvent(
    {
      id,
      title: id,
      status: 'approved',
      createdBy: 'orga',
      startsAt: zurichIso(day, hm),
      endsAt: zurichIso(day, '23:00'),
      ...extra,
    },
    CREATED,
  );

describe('tableau de bord : « Ça a lieu ? » le jour même et la veille', () => {
  it('les dates d’aujourd’hui en tête, puis celles de demain, « selon la météo » d’abord, avec ce qui a déjà été dit', async () => {
    const { store } = memoryStore();
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    const orga = await storeUser(store, { uid: 'orga', role: 'organizer' }, CREATED);
    await storeUser(store, { uid: 'autre', role: 'organizer' }, CREATED);
    await store.events.insertMany([
      on('concert-du-soir', '2030-06-14', '20:00'),
      on('pique-nique', '2030-06-14', '12:00', { weatherDependent: true }),
      on('demain', '2030-06-15', '12:00', { weatherDependent: true }),
      on('apres-demain', '2030-06-16', '12:00', { weatherDependent: true }),
      on('en-attente', '2030-06-14', '12:00', { status: 'pending' }),
      on('pas-le-sien', '2030-06-14', '12:00', { createdBy: 'autre' }),
    ]);
    const today = async (at = NOW) => (await organizerDashboard({ store }, orga, null, null, at)).today;
    expect((await today()).map((d) => [d.id, d.weatherDependent, d.tomorrows, d.text])).toEqual([
      ['pique-nique', true, false, 'Confirmation le jour même'],
      ['concert-du-soir', false, false, null],
      ['demain', true, true, 'Confirmation le jour même'],
    ]);

    const services = {
      store,
      mailer: recordingMailer(),
      config: { SITE_URL: 'https://agenda.test', SESSION_SECRET: 's'.repeat(32) },
    };
    const input = {
      eventId: 'pique-nique',
      startsAt: zurichIso('2030-06-14', '12:00'),
      values: { statut: 'confirmed' },
    };
    await sayDayStatus(services, orga, input, NOW);
    expect((await today())[0]).toMatchObject({
      id: 'pique-nique',
      kind: 'confirmed',
      text: 'Confirmé le ven. 14 juin à\u00a007:30',
    });
    // The day before (by the clock given), today's dates are already there, as tomorrow's; two days before, none.
    expect((await today(new Date('2030-06-13T19:00:00Z'))).map((d) => [d.id, d.tomorrows])).toEqual([
      ['pique-nique', true],
      ['concert-du-soir', true],
    ]);
    expect(await today(new Date('2030-06-12T12:00:00Z'))).toEqual([]);
  });
});

describe('tableau de bord : « Annuler l’événement »', () => {
  it('proposé sous un événement publié ou en attente, jamais sous un refusé (un doublon refusé)', async () => {
    // Found on the walk of issue 70: a refused duplicate still offered « Annuler l’événement ».
    const { store } = memoryStore();
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    const orga = await storeUser(store, { uid: 'orga', role: 'organizer' }, CREATED);
    const on = (id: string, status: 'approved' | 'pending' | 'rejected') =>
      makeEvent(
        {
          id,
          title: id,
          status,
          createdBy: 'orga',
          startsAt: zurichIso('2030-06-20', '20:00'),
          endsAt: zurichIso('2030-06-20', '23:00'),
        },
        CREATED,
      );
    await store.events.insertMany([on('publie', 'approved'), on('en-attente', 'pending'), on('doublon', 'rejected')]);
    const { groups, confirmCancel } = await organizerDashboard({ store }, orga, 'doublon', null, NOW);
    expect(groups.approved.map((e) => [e.id, e.canCancel])).toEqual([['publie', true]]);
    expect(groups.pending.map((e) => [e.id, e.canCancel])).toEqual([['en-attente', true]]);
    expect(groups.rejected.map((e) => [e.id, e.canCancel])).toEqual([['doublon', false]]);
    // Nor its confirmation step without JavaScript (`?annuler=doublon`).
    expect(confirmCancel).toBeNull();
  });
});
