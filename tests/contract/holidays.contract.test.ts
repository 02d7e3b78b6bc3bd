// School holidays (issue 51) on SQLite and on Firestore: the periods kept and edited through the ports (an import is all
// or nothing), and « pendant les vacances scolaires (VD) » on the list, the API, the feeds and the alerts: only the
// dates inside a Vaud period, a series by its dates inside, with the other filters (« en famille ») too.
import { describe, expect, it } from 'vitest';
import { describeAlert } from '../../app/.server/alerts/alerts';
import { newEventsFor } from '../../app/.server/alerts/digest';
import { listApiEvents } from '../../app/.server/api/events';
import { searchEvents } from '../../app/.server/events/public';
import { selectionFeed } from '../../app/.server/feeds/selection-feed';
import { importHolidays, seedSchoolHolidays } from '../../app/.server/holidays/holidays';
import type { UserProfile } from '../../app/.server/ports';
import { alertFilterFromParams } from '../../app/domain/alert';
import type { AgendaEvent } from '../../app/domain/event';
import { makeActiveAlert, makeAutumnHolidays, makeEvent } from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

const NOW = new Date('2030-09-20T10:00:00.000Z');
const AUTUMN_VD = makeAutumnHolidays();
const AUTUMN_GE = makeAutumnHolidays({ canton: 'GE', firstDay: '2030-10-19', lastDay: '2030-10-27' });
const ADMIN = { uid: 'admin', role: 'admin' } as UserProfile;

/** An event on a Zurich day, 14:00–16:00 (October 2030: UTC+2 until the 27th). */
const on = (id: string, day: string, extra: Partial<AgendaEvent> = {}): AgendaEvent =>
  makeEvent(
    {
      id,
      title: `Atelier ${id}`,
      canton: 'VD',
      city: 'Lausanne',
      postalCode: '1003',
      startsAt: `${day}T12:00:00.000Z`,
      endsAt: `${day}T14:00:00.000Z`,
      ...extra,
    },
    { now: NOW },
  );

const EVENTS = () => [
  on('veille', '2030-10-11'),
  on('premier-jour', '2030-10-12', { accessibility: { wheelchair: false, hearing: false, familyFriendly: true } }),
  on('milieu', '2030-10-16'),
  on('dernier-jour', '2030-10-27'),
  on('lendemain', '2030-10-28', { accessibility: { wheelchair: false, hearing: false, familyFriendly: true } }),
  on('genevois', '2030-10-17', { canton: 'GE', city: 'Genève', postalCode: '1204' }),
];

describe.each(BACKENDS)('vacances scolaires : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });

  it('les périodes : ajout, modification, suppression ; un import est tout ou rien', async () => {
    const created = await store.holidays.create(AUTUMN_VD);
    expect(await store.holidays.list()).toEqual([created]);
    const changed = await store.holidays.update(created.id, { ...AUTUMN_VD, lastDay: '2030-10-26', confirmed: false });
    expect(changed).toEqual({ ...created, lastDay: '2030-10-26', confirmed: false });
    expect(await store.holidays.update('inconnue', AUTUMN_VD)).toBeNull();
    expect(await store.holidays.delete(created.id)).toBe(true);
    expect(await store.holidays.delete(created.id)).toBe(false);

    const bad =
      'canton,libelle,debut,fin,source\nVD,Relâches,2031-02-08,2031-02-16,\nVD,Pâques,2031-04-31,2031-05-04,\n';
    const refused = await importHolidays({ store }, ADMIN, bad, true);
    expect(refused).toMatchObject({ added: 0, errors: ['Ligne 3 (debut) : Premier jour invalide (AAAA-MM-JJ)'] });
    expect(await store.holidays.list()).toEqual([]);
    const good = 'canton,libelle,debut,fin,source\nVD,Relâches,2031-02-08,2031-02-16,https://www.vd.ch/\n';
    expect((await importHolidays({ store }, ADMIN, good, false)).added).toBe(0);
    expect(await store.holidays.list()).toEqual([]);
    expect((await importHolidays({ store }, ADMIN, good, true)).added).toBe(1);
    expect(await store.holidays.list()).toMatchObject([{ canton: 'VD', label: 'Relâches', confirmed: true }]);
    await expect(importHolidays({ store }, { ...ADMIN, role: 'organizer' }, good, true)).rejects.toThrow(
      'Action réservée aux administrateurs.',
    );
  });

  it('un site neuf reçoit les périodes du fichier, une seule fois', async () => {
    expect(await seedSchoolHolidays({ store })).toBeGreaterThan(80);
    expect(await seedSchoolHolidays({ store })).toBe(0);
    const vd = (await store.holidays.list()).filter((h) => h.canton === 'VD');
    expect(vd.length).toBe(12);
  });

  it('la liste, l’API et les flux : seulement les dates des vacances vaudoises, les deux bords compris', async () => {
    await store.holidays.addMany([AUTUMN_VD, AUTUMN_GE]);
    await store.events.insertMany(EVENTS());
    const inside = ['premier-jour', 'milieu', 'dernier-jour'];
    const list = await searchEvents({ store }, { holidays: 'VD', canton: 'VD' }, 1, NOW);
    expect(list.items.map((e) => e.id)).toEqual(inside);
    // Without the canton filter, Vaud's holidays still decide, for every event.
    const all = await searchEvents({ store }, { holidays: 'VD' }, 1, NOW);
    expect(all.items.map((e) => e.id)).toEqual(['premier-jour', 'milieu', 'genevois', 'dernier-jour']);
    // With « en famille »: both filters.
    const family = await searchEvents({ store }, { holidays: 'VD', family: true }, 1, NOW);
    expect(family.items.map((e) => e.id)).toEqual(['premier-jour']);
    // A date filter narrows the holidays: the first week only.
    const week = await searchEvents({ store }, { holidays: 'VD', from: '2030-10-12', to: '2030-10-18' }, 1, NOW);
    expect(week.items.map((e) => e.id)).toEqual(['premier-jour', 'milieu', 'genevois']);

    const api = await listApiEvents(
      { store },
      new URLSearchParams('canton=VD&vacances=1'),
      'https://agenda.example',
      NOW,
    );
    expect(api.data.map((e) => e.id)).toEqual(inside);
    const feed = await selectionFeed({ store }, new URLSearchParams('canton=VD&vacances=VD'), { series: true });
    expect(feed.events.map((e) => e.id)).toEqual(inside);
    expect(feed.title).toContain('pendant les vacances scolaires (VD)');
  });

  it('une alerte « pendant les vacances scolaires (VD) » ne reçoit que les dates dedans', async () => {
    await store.holidays.addMany([AUTUMN_VD]);
    await store.events.insertMany(EVENTS().map((e) => ({ ...e, moderatedAt: NOW.toISOString() })));
    const filter = alertFilterFromParams(new URLSearchParams('canton=VD&vacances=1'), []);
    expect(filter).toBe('canton=VD&vacances=VD');
    const confirmedAt = new Date(NOW.getTime() - 86_400_000).toISOString();
    const alert = makeActiveAlert(String(filter), confirmedAt);
    expect((await newEventsFor({ store }, alert, NOW)).map((e) => e.id)).toEqual([
      'premier-jour',
      'milieu',
      'dernier-jour',
    ]);
    expect(await describeAlert({ store }, alert.filter)).toBe('Vaud · pendant les vacances scolaires (VD)');
  });
});

// An outside tester: « pendant les vacances (VS) » listed an exhibition under « Lundi 30 novembre », weeks before them.
describe('les jours regardés par une liste des vacances', () => {
  it('sans dates choisies, la prochaine période de vacances du canton ; avec des dates, ces dates', async () => {
    const { lookedAtWindow } = await import('../../app/.server/events/public');
    const holidays = [AUTUMN_VD, AUTUMN_GE].map((h, i) => ({ ...h, id: `h${i}` }));
    const looked = lookedAtWindow({ when: '', from: '', to: '', holidays: 'GE' }, holidays, NOW);
    expect(looked?.start.getTime()).toBe(Date.parse('2030-10-18T22:00:00.000Z'));
    const dated = lookedAtWindow({ when: '', from: '2030-10-01', to: '2030-10-02', holidays: 'GE' }, holidays, NOW);
    expect(dated?.start.getTime()).toBe(Date.parse('2030-09-30T22:00:00.000Z'));
    expect(lookedAtWindow({ when: '', from: '', to: '', holidays: '' }, holidays, NOW)).toBeNull();
  });
});
