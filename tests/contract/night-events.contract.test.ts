// The night belongs to the evening before, on SQLite and on Firestore: « demain » or a chosen day lists a concert of
// 21:00 to 01:30 on its own evening, not on the next day (where it showed with no time, « Jusqu’au sam. »). A night
// that runs into the morning, or that begins after midnight, is on that day; today's list still shows the evening.
// School holidays that begin on a later day leave their first night to the evening before in the same way.
import { describe, expect, it } from 'vitest';
import { searchEvents } from '../../app/.server/events/public';
import type { AgendaEvent } from '../../app/domain/event';
import { makeAutumnHolidays, makeEvent } from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

/** Friday 11 October 2030, 14:00 in Zurich (UTC+2). */
const NOW = new Date('2030-10-11T12:00:00.000Z');

/** From one Zurich wall-clock instant to another (October 2030: UTC+2). */
const between = (id: string, from: string, to: string): AgendaEvent => {
  const utc = (local: string) => new Date(Date.parse(`${local}:00.000+02:00`)).toISOString();
  return makeEvent(
    { id, title: `Soirée ${id}`, canton: 'VD', city: 'Lausanne', startsAt: utc(from), endsAt: utc(to) },
    { now: NOW },
  );
};

const EVENTS = () => [
  between('festival', '2030-10-10T18:00', '2030-10-13T23:00'),
  between('concert-de-nuit', '2030-10-11T21:00', '2030-10-12T01:30'),
  between('nuit-blanche', '2030-10-11T22:00', '2030-10-12T08:00'),
  between('apres-minuit', '2030-10-12T01:00', '2030-10-12T04:00'),
  between('samedi-soir', '2030-10-12T20:00', '2030-10-12T22:00'),
];

describe.each(BACKENDS)('la nuit appartient à la veille : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });

  it('« demain » et un jour choisi ne listent pas le concert de la veille qui finit à 01:30', async () => {
    await store.events.insertMany(EVENTS());
    const saturday = ['festival', 'nuit-blanche', 'apres-minuit', 'samedi-soir'];
    const tomorrow = await searchEvents({ store }, { when: 'demain' }, 1, NOW);
    expect(tomorrow.items.map((e) => e.id)).toEqual(saturday);
    expect(tomorrow.total).toBe(4);
    const chosen = await searchEvents({ store }, { from: '2030-10-12', to: '2030-10-12' }, 1, NOW);
    expect(chosen.items.map((e) => e.id)).toEqual(saturday);
    // Its own evening lists it, and so does the list from now on.
    const today = await searchEvents({ store }, { when: 'aujourdhui' }, 1, NOW);
    expect(today.items.map((e) => e.id)).toEqual(['festival', 'concert-de-nuit', 'nuit-blanche']);
    const all = await searchEvents({ store }, {}, 1, NOW);
    expect(all.items.map((e) => e.id)).toContain('concert-de-nuit');
  });

  it('des dates toutes passées ne listent rien, pas même ce qui est en cours (le festival commencé hier)', async () => {
    await store.events.insertMany(EVENTS());
    for (const past of [{ to: '2030-10-10' }, { from: '2030-10-01', to: '2030-10-10' }]) {
      const listed = await searchEvents({ store }, past, 1, NOW);
      expect(listed.items.map((e) => e.id)).toEqual([]);
      expect(listed.total).toBe(0);
    }
    // Up to today: what runs today, the festival included.
    const untilToday = await searchEvents({ store }, { to: '2030-10-11' }, 1, NOW);
    expect(untilToday.items.map((e) => e.id)).toEqual(['festival', 'concert-de-nuit', 'nuit-blanche']);
  });

  it('des vacances qui commencent samedi laissent aussi leur première nuit à la veille', async () => {
    await store.holidays.addMany([makeAutumnHolidays({ firstDay: '2030-10-12', lastDay: '2030-10-20' })]);
    await store.events.insertMany(EVENTS());
    const holidays = await searchEvents({ store }, { holidays: 'VD' }, 1, NOW);
    expect(holidays.items.map((e) => e.id)).toEqual(['festival', 'nuit-blanche', 'apres-minuit', 'samedi-soir']);
  });

  it('au milieu de la nuit, le concert encore en cours reste dans la liste du jour', async () => {
    await store.events.insertMany(EVENTS());
    const night = new Date('2030-10-11T23:00:00.000Z'); // Saturday 01:00 in Zurich
    const today = await searchEvents({ store }, { when: 'aujourdhui' }, 1, night);
    expect(today.items.map((e) => e.id)).toContain('concert-de-nuit');
  });
});
