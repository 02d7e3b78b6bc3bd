import { describe, expect, test } from 'vitest';
import { makeSaturdayMarket } from '../../tests/support/factories';
import type { SchedulePeriod, ScheduleRule } from './schedule';
import { describeSchedule } from './schedule-text';

const rule = (over: Partial<ScheduleRule>): ScheduleRule => makeSaturdayMarket({ firstDate: '2026-12-05', ...over });
const monthly = (monthlyRule: ScheduleRule['monthly'], over: Partial<ScheduleRule> = {}) =>
  rule({ freq: 'monthly', byDay: [], monthly: monthlyRule, start: '20:00', end: '', count: 6, ...over });
const period = (over: Partial<SchedulePeriod>): SchedulePeriod => ({
  kind: 'period',
  from: '2026-12-01',
  to: '2027-02-28',
  hours: {},
  closed: [],
  ...over,
});
const ten = { open: '10:00', close: '18:00' };

describe('a rule', () => {
  test('every Saturday until a date, with an excluded date', () => {
    expect(describeSchedule(rule({ until: '2027-03-27', exclude: ['2026-12-26'] }))).toBe(
      'Chaque samedi, 08:00–12:00, du 5 décembre 2026 au 27 mars 2027, sauf le 26 décembre 2026',
    );
  });

  // An outside tester: the demo's « Chaque mercredi … 12 fois à partir du 27 novembre 2026 », a Friday.
  test('a first date off the rule’s days: the sentence names its first day, not the date given', () => {
    expect(describeSchedule(rule({ firstDate: '2026-11-27', byDay: ['WE'], count: 12 }))).toBe(
      'Chaque mercredi, 08:00–12:00, 12 fois à partir du 2 décembre 2026',
    );
    expect(describeSchedule(rule({ firstDate: '2026-11-27', byDay: ['WE'], until: '2026-12-31' }))).toBe(
      'Chaque mercredi, 08:00–12:00, du 2 décembre 2026 au 31 décembre 2026',
    );
  });

  test('every other week on two days, open end, a number of times from the 1st', () => {
    expect(
      describeSchedule(
        rule({ firstDate: '2026-12-01', interval: 2, byDay: ['TH', 'TU'], start: '20:00', end: '', count: 10 }),
      ),
    ).toBe('Toutes les 2 semaines le mardi et le jeudi, dès 20:00, 10 fois à partir du 1er décembre 2026');
  });

  test('several days of the week, every day, once, several exclusions, or too many to name', () => {
    expect(describeSchedule(rule({ byDay: ['FR', 'MO', 'WE'], count: 1 }))).toBe(
      'Chaque lundi, mercredi et vendredi, 08:00–12:00, une fois à partir du 7 décembre 2026',
    );
    expect(
      describeSchedule(
        rule({
          byDay: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'],
          until: '2027-01-10',
          exclude: ['2027-01-01', '2026-12-25'],
        }),
      ),
    ).toBe(
      'Chaque jour, 08:00–12:00, du 5 décembre 2026 au 10 janvier 2027, sauf le 25 décembre 2026 et le 1er janvier 2027',
    );
    const six = ['2026-12-12', '2026-12-19', '2026-12-26', '2027-01-02', '2027-01-09', '2027-01-16'];
    expect(describeSchedule(rule({ until: '2027-03-27', exclude: six }))).toMatch(/, sauf 6 dates$/);
  });

  test('the 1st, the 2nd and the last weekday of the month, every month or every few months', () => {
    expect(describeSchedule(monthly({ mode: 'weekday', nth: 1, weekday: 'FR' }))).toBe(
      'Le 1er vendredi du mois, dès 20:00, 6 fois à partir du 1er janvier 2027',
    );
    expect(describeSchedule(monthly({ mode: 'weekday', nth: 2, weekday: 'TU' }, { interval: 3 }))).toBe(
      'Le 2e mardi du mois, tous les 3 mois, dès 20:00, 6 fois à partir du 8 décembre 2026',
    );
    expect(
      describeSchedule(monthly({ mode: 'weekday', nth: -1, weekday: 'SU' }, { count: null, until: '2027-06-27' })),
    ).toBe('Le dernier dimanche du mois, dès 20:00, du 27 décembre 2026 au 27 juin 2027');
  });

  test('a day of the month: the 15th, the 1st', () => {
    expect(describeSchedule(monthly({ mode: 'monthday', day: 15 }, { start: '19:00', end: '21:30' }))).toBe(
      'Le 15 de chaque mois, 19:00–21:30, 6 fois à partir du 15 décembre 2026',
    );
    expect(describeSchedule(monthly({ mode: 'monthday', day: 1 }, { interval: 2 }))).toBe(
      'Le 1er du mois, tous les 2 mois, dès 20:00, 6 fois à partir du 1er janvier 2027',
    );
  });
});

describe('a list of dates', () => {
  test('counted, in order, each with its times, the colon after a non-breaking space', () => {
    expect(
      describeSchedule({
        kind: 'dates',
        dates: [
          { date: '2026-12-06', start: '17:00', end: '' },
          { date: '2026-12-04', start: '20:00', end: '' },
          { date: '2026-12-05', start: '20:00', end: '22:15' },
        ],
      }),
    ).toBe('3 dates\u00a0: ven. 4 déc. 20:00, sam. 5 déc. 20:00–22:15, dim. 6 déc. 17:00');
  });

  test('with their years when the list crosses one, the 1st as « 1er », the rest counted beyond eight', () => {
    const dates = Array.from({ length: 10 }, (_, i) => ({
      date: i === 0 ? '2026-12-31' : `2027-01-${String(i).padStart(2, '0')}`,
      start: '20:00',
      end: '',
    }));
    const text = describeSchedule({ kind: 'dates', dates });
    expect(text).toMatch(/^10 dates\u00a0: jeu\. 31 déc\. 2026 20:00, ven\. 1er janv\. 2027 20:00, /);
    expect(text).toMatch(/, jeu\. 7 janv\. 2027 20:00 et 2 autres$/);
  });
});

describe('a period', () => {
  test('usual hours over the open days, the day that differs, closed weekday and holiday', () => {
    const hours = { TU: ten, WE: ten, TH: { open: '10:00', close: '20:00' }, FR: ten, SA: ten, SU: ten };
    expect(describeSchedule(period({ hours, closed: ['2026-12-25'] }))).toBe(
      'Du 1er décembre 2026 au 28 février 2027, mardi–dimanche 10:00–18:00, jeudi 10:00–20:00, fermé le lundi et le 25 décembre',
    );
  });

  // An outside tester's finding: « lundi–samedi 10:00–18:00, lundi 14:00–18:00 » gave Monday two hours.
  test('a day that differs at an end of the week stays out of the span, one inside it is said after it', () => {
    const late = { open: '10:00', close: '21:00' };
    const afternoon = { open: '14:00', close: '18:00' };
    const hours = { MO: afternoon, TU: ten, WE: ten, TH: late, FR: ten, SA: ten };
    expect(describeSchedule(period({ hours }))).toBe(
      'Du 1er décembre 2026 au 27 février 2027, lundi 14:00–18:00, mardi–samedi 10:00–18:00, jeudi 10:00–21:00, fermé le dimanche',
    );
    // At the other end: Sunday's shorter hours after the span.
    expect(describeSchedule(period({ hours: { ...hours, MO: ten, SU: afternoon } }))).toBe(
      'Du 1er décembre 2026 au 28 février 2027, lundi–samedi 10:00–18:00, jeudi 10:00–21:00, dimanche 14:00–18:00',
    );
  });

  test('every day the same hours: nothing closed', () => {
    const hours = { MO: ten, TU: ten, WE: ten, TH: ten, FR: ten, SA: ten, SU: ten };
    expect(describeSchedule(period({ hours }))).toBe(
      'Du 1er décembre 2026 au 28 février 2027, tous les jours 10:00–18:00',
    );
  });

  test('runs of days, a weekend, two closed weekdays, holidays of a long period with their years', () => {
    const short = { open: '10:00', close: '17:00' };
    const hours = { MO: ten, TU: ten, WE: ten, FR: ten, SA: short, SU: short };
    expect(describeSchedule(period({ hours: { ...hours, TH: ten } }))).toBe(
      'Du 1er décembre 2026 au 28 février 2027, lundi–vendredi 10:00–18:00, samedi et dimanche 10:00–17:00',
    );
    expect(
      describeSchedule(
        period({
          to: '2028-01-31',
          hours: { FR: ten, SA: ten, SU: ten, MO: ten },
          closed: ['2027-01-01', '2026-12-25'],
        }),
      ),
    ).toBe(
      'Du 4 décembre 2026 au 31 janvier 2028, vendredi–lundi 10:00–18:00, fermé le mardi, le mercredi, le jeudi, le 25 décembre 2026 et le 1er janvier 2027',
    );
  });

  // Issue 47: the page said « Du 16 novembre » and its bar « 17 nov. », the 16th a Monday the museum is closed.
  test('from its first open day to its last: a closed Monday at either end is not a day of the exhibition', () => {
    const hours = { TU: ten, WE: ten, TH: ten, FR: ten, SA: ten, SU: ten };
    expect(describeSchedule(period({ from: '2026-11-16', to: '2027-03-01', hours }))).toBe(
      'Du 17 novembre 2026 au 28 février 2027, mardi–dimanche 10:00–18:00, fermé le lundi',
    );
    // A holiday as the first day too.
    expect(describeSchedule(period({ from: '2026-11-17', hours, closed: ['2026-11-17'] }))).toMatch(
      /^Du 18 novembre 2026 au /,
    );
  });
});
