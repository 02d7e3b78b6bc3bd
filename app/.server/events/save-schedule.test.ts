// The event form with several dates (decision 041): a good series is stored with its dates; bad ones get French
// messages on their fields, the input is given back as typed, and nothing is written.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEventForm, makeUser } from '../../../tests/support/factories';
import { memoryStore, saveFormServices } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { addDaysToDate, zurichToday } from '../../domain/dates';
import { weekdayOf } from '../../domain/schedule';
import { readEventForm } from '../http/event-form';
import { saveEventForm } from './save-event-form';

const orga = makeUser({ uid: 'orga', displayName: 'Orga', role: 'organizer' });

async function setup() {
  const { db, store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  await store.users.upsert({ ...orga, passwordHash: 'x', now: '' });
  const services = saveFormServices(store);
  const count = () => (db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;
  const occurrences = () => (db.prepare('SELECT COUNT(*) AS n FROM event_occurrences').get() as { n: number }).n;
  return { store, services, count, occurrences };
}

/** A Saturday at least two weeks ahead. */
function nextSaturday(): string {
  let day = addDaysToDate(zurichToday(), 14);
  while (weekdayOf(day) !== 'SA') day = addDaysToDate(day, 1);
  return day;
}

/** A Saturday at least two weeks ahead, early in a December: a period of 90 days from it spans the holidays. */
function saturdayBeforeTheHolidays(): string {
  const soonest = nextSaturday();
  const year = Number(soonest.slice(0, 4)) + (soonest.slice(5) > '12-10' ? 1 : 0);
  let day = soonest > `${year}-12-01` ? soonest : `${year}-12-01`;
  while (weekdayOf(day) !== 'SA') day = addDaysToDate(day, 1);
  return day;
}

const post = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...makeEventForm({ title: 'Marché du samedi matin' }), ...values }))
    form.set(k, v);
  return form;
};

const weekly = (over: Record<string, string> = {}) => ({
  scheduleKind: 'rule',
  startDate: nextSaturday(),
  startTime: '08:00',
  endTime: '12:00',
  ruleRepeat: 'weekly-1',
  ruleDaySA: 'on',
  ruleCount: '6',
  ruleExclude: addDaysToDate(nextSaturday(), 14).split('-').reverse().join('.'),
  ...over,
});

/** An exhibition of 90 days from `from`, Tuesday to Sunday 10:00–18:00. */
const exhibitionFrom = (from: string): Record<string, string> => ({
  scheduleKind: 'period',
  startDate: from,
  startTime: '',
  endTime: '',
  endDate: addDaysToDate(from, 90),
  periodSameHours: 'on',
  ...Object.fromEntries(['TU', 'WE', 'TH', 'FR', 'SA', 'SU'].map((d) => [`periodDay${d}`, 'on'])),
  periodOpen: '10:00',
  periodClose: '18:00',
});

/** A period of two months from the next Saturday, with the given hours (over the weekly series' fields). */
const twoMonths = (over: Record<string, string>) => ({
  scheduleKind: 'period',
  endDate: addDaysToDate(nextSaturday(), 60),
  ...over,
});

describe('le formulaire avec plusieurs dates', () => {
  it('une série hebdomadaire avec une date exclue est enregistrée avec ses dates', async () => {
    const { services, store } = await setup();
    const result = await saveEventForm(services, orga, await readEventForm(post(weekly())));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const event = await store.events.findById(result.eventId);
    expect(event?.schedule).toMatchObject({ kind: 'rule', byDay: ['SA'], count: 6 });
    expect(event?.startsAt.slice(0, 10)).toBe(nextSaturday());
    const dates = await store.events.occurrences(result.eventId);
    expect(dates).toHaveLength(5);
    expect(dates.map((d) => d.startsAt.slice(0, 10))).not.toContain(addDaysToDate(nextSaturday(), 14));
  });

  it.each([
    ['sans fin ni nombre de fois', { ruleCount: '' }, 'ruleUntil', /^Indiquez quand la série se termine/],
    [
      'plus de 500 dates',
      {
        ruleCount: '',
        ruleUntil: addDaysToDate(nextSaturday(), 3 * 366),
        ...Object.fromEntries(['MO', 'TU', 'WE', 'TH', 'FR', 'SU'].map((d) => [`ruleDay${d}`, 'on'])),
      },
      'ruleUntil',
      /^Cette série compterait plus de 500 dates/,
    ],
    [
      'une fin avant le début',
      { ruleCount: '', ruleUntil: addDaysToDate(nextSaturday(), -7) },
      'ruleUntil',
      /^La date de fin doit être après la première date\.$/,
    ],
    [
      'des heures qui ferment avant d’ouvrir',
      twoMonths({ hoursTUOpen: '18:00', hoursTUClose: '10:00' }),
      'hoursTUClose',
      /^La fermeture \(10:00\) doit être après l’ouverture \(18:00\)\.$/,
    ],
    [
      'les mêmes heures chaque jour, qui ferment avant d’ouvrir',
      twoMonths({
        periodSameHours: 'on',
        periodDayTU: 'on',
        periodDaySA: 'on',
        periodOpen: '18:00',
        periodClose: '10:00',
      }),
      'periodClose',
      /^La fermeture \(10:00\) doit être après l’ouverture \(18:00\)\.$/,
    ],
    [
      'les mêmes heures chaque jour, sans aucun jour d’ouverture',
      twoMonths({ periodSameHours: 'on', periodOpen: '10:00', periodClose: '18:00' }),
      'periodDayMO',
      /^Indiquez les heures d’ouverture d’au moins un jour\.$/,
    ],
  ])('%s : un message en français, la saisie gardée, rien d’écrit', async (_label, over, field, message) => {
    const { services, count, occurrences } = await setup();
    const values = weekly(over as Record<string, string>);
    const result = await saveEventForm(services, orga, await readEventForm(post(values)));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[field]).toMatch(message);
    for (const [k, v] of Object.entries(values)) expect(result.values[k]).toBe(v);
    expect(count()).toBe(0);
    expect(occurrences()).toBe(0);
  });

  it('une exposition aux mêmes heures chaque jour, fermée trois jours de fêtes écrits sans leur année : enregistrée', async () => {
    const { services, store } = await setup();
    const from = saturdayBeforeTheHolidays();
    const values = { ...exhibitionFrom(from), periodClosed: '24.12, 25.12, 1.1' };
    const result = await saveEventForm(services, orga, await readEventForm(post(values)));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const event = await store.events.findById(result.eventId);
    // Written without its year, each day is the one inside the period: Christmas of the first day's year, New Year's
    // Day of the next (the period crosses the new year).
    const year = Number(from.slice(0, 4));
    expect(event?.schedule).toMatchObject({
      kind: 'period',
      hours: { TU: { open: '10:00', close: '18:00' }, SU: { open: '10:00', close: '18:00' } },
    });
    expect(event?.schedule?.kind === 'period' ? event.schedule.hours.MO : 'absent').toBeUndefined();
    expect(event?.schedule?.kind === 'period' ? event.schedule.closed : []).toEqual(
      expect.arrayContaining([`${year}-12-24`, `${year}-12-25`, `${year + 1}-01-01`]),
    );
  });

  it('« Voir les dates » (sans JavaScript) : rien n’est enregistré, la saisie revient, seuls les messages de l’horaire', async () => {
    const { services, count } = await setup();
    const values = weekly({ title: '', ruleCount: '' });
    const form = post(values);
    form.set('intent', 'apercu');
    const result = await saveEventForm(services, orga, await readEventForm(form));
    expect(result).toMatchObject({ ok: false, preview: true });
    if (result.ok) return;
    // The title's message waits for the real sending; the schedule's is said.
    expect(Object.keys(result.errors)).toEqual(['ruleUntil']);
    expect(result.values.ruleExclude).toBe(values.ruleExclude);
    expect(count()).toBe(0);
  });

  it('une liste de dates dont une date n’a pas d’heure de début : le message le dit de cette ligne, la liste gardée telle quelle, rien d’écrit', async () => {
    const { services, count, occurrences } = await setup();
    const swiss = (ymd: string) => ymd.split('-').reverse().join('.');
    const [first, second, third] = [0, 1, 2].map((d) => swiss(addDaysToDate(nextSaturday(), d)));
    const dateList = `${first} 20:00-22:00\n${second}\n${third} 17:00`;
    const values = { scheduleKind: 'dates', startDate: '', startTime: '', endTime: '', dateList };
    const result = await saveEventForm(services, orga, await readEventForm(post(values)));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      dateList: `Ligne 2\u00a0: indiquez l’heure de début après la date, par exemple ${second} 20:00.`,
    });
    expect(result.values.dateList).toBe(dateList);
    expect(result.values.scheduleKind).toBe('dates');
    expect(count()).toBe(0);
    expect(occurrences()).toBe(0);
  });

  describe('une exposition déjà ouverte', () => {
    afterEach(() => vi.useRealTimers());

    it('son organisateur en change les heures sans toucher à son début passé ; un autre début passé reste refusé', async () => {
      const { services, store } = await setup();
      // Submitted three weeks ago for the next day: open for twenty days now.
      const now = new Date();
      vi.useFakeTimers({ toFake: ['Date'], now: now.getTime() - 21 * 86_400_000 });
      // The next open day (Tuesday to Sunday): a Monday start is stored as the Tuesday after it, so the form sent
      // again with its Monday would read as a start moved into the past (the test failed when tomorrow was a Monday).
      const tomorrow = addDaysToDate(zurichToday(), 1);
      const from = new Date(`${tomorrow}T12:00:00Z`).getUTCDay() === 1 ? addDaysToDate(tomorrow, 1) : tomorrow;
      const values = exhibitionFrom(from);
      const created = await saveEventForm(services, orga, await readEventForm(post(values)));
      expect(created.ok).toBe(true);
      if (!created.ok) return;
      vi.setSystemTime(now);
      expect(zurichToday() > from).toBe(true);

      // Open until 20:00 from now on: saved, the start it had kept.
      const later = await saveEventForm(
        services,
        orga,
        await readEventForm(post({ ...values, periodClose: '20:00' })),
        created.eventId,
      );
      expect(later).toMatchObject({ ok: true, edited: true });
      const event = await store.events.findById(created.eventId);
      expect(event?.schedule).toMatchObject({ kind: 'period', hours: { TU: { open: '10:00', close: '20:00' } } });
      expect(event?.startsAt.slice(0, 10)).toBe(from);

      // Moved to another day already past: refused, as for a new event.
      const moved = await saveEventForm(
        services,
        orga,
        await readEventForm(post({ ...values, startDate: addDaysToDate(from, -1) })),
        created.eventId,
      );
      expect(moved.ok).toBe(false);
      if (moved.ok) return;
      expect(moved.errors.startDate).toBe('La date de début est déjà passée.');
    });
  });
});
