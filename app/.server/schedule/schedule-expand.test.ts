import { describe, expect, test } from 'vitest';
import {
  MAX_OCCURRENCES,
  type ScheduleRule,
  scheduleIssues,
  scheduleSchema,
  todayOpeningText,
} from '~/domain/schedule';
import { makeSaturdayMarket } from '../../../tests/support/factories';
import { excludedOutsideRule, expandSchedule, scheduleProblems, scheduleSpan } from './schedule-expand';

const rule = (over: Partial<ScheduleRule>): ScheduleRule => makeSaturdayMarket({ firstDate: '2026-03-07', ...over });
const starts = (s: Parameters<typeof expandSchedule>[0]) => expandSchedule(s).map((o) => o.startsAt);

describe('expansion in Europe/Zurich', () => {
  test('a Saturday market stays at 08:00 across the March time change (29 March 2026)', () => {
    expect(starts(rule({ firstDate: '2026-03-14', count: 4 }))).toEqual([
      '2026-03-14T08:00:00+01:00',
      '2026-03-21T08:00:00+01:00',
      '2026-03-28T08:00:00+01:00',
      '2026-04-04T08:00:00+02:00',
    ]);
  });

  test('and across the October one (25 October 2026), end times included', () => {
    const all = expandSchedule(rule({ firstDate: '2026-10-17', until: '2026-11-01', byDay: ['SA', 'SU'] }));
    expect(all.map((o) => `${o.startsAt} → ${o.endsAt}`)).toEqual([
      '2026-10-17T08:00:00+02:00 → 2026-10-17T12:00:00+02:00',
      '2026-10-18T08:00:00+02:00 → 2026-10-18T12:00:00+02:00',
      '2026-10-24T08:00:00+02:00 → 2026-10-24T12:00:00+02:00',
      '2026-10-25T08:00:00+01:00 → 2026-10-25T12:00:00+01:00',
      '2026-10-31T08:00:00+01:00 → 2026-10-31T12:00:00+01:00',
      '2026-11-01T08:00:00+01:00 → 2026-11-01T12:00:00+01:00',
    ]);
  });

  test('every other week, until a date (included)', () => {
    expect(starts(rule({ firstDate: '2026-05-02', interval: 2, until: '2026-05-30' }))).toEqual([
      '2026-05-02T08:00:00+02:00',
      '2026-05-16T08:00:00+02:00',
      '2026-05-30T08:00:00+02:00',
    ]);
  });

  test('the 31st of the month skips the months without one', () => {
    const monthly = rule({
      firstDate: '2026-01-01',
      start: '20:00',
      end: '',
      freq: 'monthly',
      byDay: [],
      monthly: { mode: 'monthday', day: 31 },
      until: '2026-08-31',
    });
    expect(starts(monthly)).toEqual([
      '2026-01-31T20:00:00+01:00',
      '2026-03-31T20:00:00+02:00',
      '2026-05-31T20:00:00+02:00',
      '2026-07-31T20:00:00+02:00',
      '2026-08-31T20:00:00+02:00',
    ]);
  });

  test('the 5th Sunday only in the months that have one; the last Friday every month', () => {
    const fifth = rule({
      firstDate: '2026-01-01',
      start: '17:00',
      freq: 'monthly',
      byDay: [],
      monthly: { mode: 'weekday', nth: 5, weekday: 'SU' },
      until: '2026-12-31',
      end: '19:00',
    });
    expect(starts(fifth)).toEqual([
      '2026-03-29T17:00:00+02:00',
      '2026-05-31T17:00:00+02:00',
      '2026-08-30T17:00:00+02:00',
      '2026-11-29T17:00:00+01:00',
    ]);
    const last = {
      ...fifth,
      monthly: { mode: 'weekday' as const, nth: -1, weekday: 'FR' as const },
      until: '',
      count: 3,
    };
    expect(starts(last)).toEqual([
      '2026-01-30T17:00:00+01:00',
      '2026-02-27T17:00:00+01:00',
      '2026-03-27T17:00:00+01:00',
    ]);
  });

  test('excluded dates are skipped; a count counts them (RFC 5545), so 6 times minus 1 is 5 dates', () => {
    const dates = starts(rule({ firstDate: '2026-06-06', count: 6, exclude: ['2026-06-20'] }));
    expect(dates).toHaveLength(5);
    expect(dates).not.toContain('2026-06-20T08:00:00+02:00');
    expect(dates.at(-1)).toBe('2026-07-11T08:00:00+02:00');
  });

  test('a count-limited rule stops at its count; the first date is not an occurrence when its weekday is not chosen', () => {
    // 2026-03-07 is a Saturday: Tuesdays and Thursdays start on the 10th.
    expect(starts(rule({ byDay: ['TH', 'TU'], count: 3, start: '19:30', end: '' }))).toEqual([
      '2026-03-10T19:30:00+01:00',
      '2026-03-12T19:30:00+01:00',
      '2026-03-17T19:30:00+01:00',
    ]);
  });

  test('a date list keeps each date’s own times, sorted; no end time is an open end', () => {
    const list = expandSchedule({
      kind: 'dates',
      dates: [
        { date: '2026-11-28', start: '20:00', end: '22:30' },
        { date: '2026-11-22', start: '17:00', end: '' },
      ],
    });
    expect(list).toEqual([
      { startsAt: '2026-11-22T17:00:00+01:00', endsAt: '2026-11-22T19:00:00+01:00', openEnd: true },
      { startsAt: '2026-11-28T20:00:00+01:00', endsAt: '2026-11-28T22:30:00+01:00', openEnd: false },
    ]);
  });

  test('a period is one occurrence from its first opening to its last closing; its span is the event’s dates', () => {
    const period = {
      kind: 'period' as const,
      from: '2026-11-23', // a Monday, closed
      to: '2026-12-27',
      hours: Object.fromEntries(
        (['TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const).map((d) => [d, { open: '10:00', close: '18:00' }]),
      ),
      closed: ['2026-12-25'],
    };
    expect(expandSchedule(period)).toEqual([
      { startsAt: '2026-11-24T10:00:00+01:00', endsAt: '2026-12-27T18:00:00+01:00', openEnd: false },
    ]);
    expect(todayOpeningText(period, new Date('2026-12-01T09:00:00Z'))).toBe('ouvert aujourd’hui 10:00–18:00');
    expect(todayOpeningText(period, new Date('2026-11-30T09:00:00Z'))).toBe('fermé aujourd’hui');
    expect(todayOpeningText(period, new Date('2026-12-25T09:00:00Z'))).toBe('fermé aujourd’hui');
    expect(todayOpeningText(period, new Date('2027-01-05T09:00:00Z'))).toBeNull();
    expect(scheduleSpan(rule({ firstDate: '2026-06-06', count: 3 }))).toEqual({
      startsAt: '2026-06-06T08:00:00+02:00',
      endsAt: '2026-06-20T12:00:00+02:00',
      openEnd: false,
    });
  });
});

describe('bad schedules get French messages', () => {
  const issues = (value: unknown) => {
    const parsed = scheduleSchema.safeParse(value);
    return parsed.success ? scheduleProblems(parsed.data) : scheduleIssues(parsed.error);
  };

  test('a rule with no end and no count', () => {
    expect(issues(rule({}))).toEqual({
      until: 'Indiquez quand la série se termine\u00a0: une date de fin ou un nombre de fois.',
    });
  });

  test('more than 500 occurrences', () => {
    const daily = rule({ byDay: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], until: '2028-01-01' });
    expect(issues(daily).until).toMatch(/^Cette série compterait plus de 500 dates/);
    expect(issues(rule({ count: MAX_OCCURRENCES + 1 })).count).toBe('Une série compte au plus 500 dates.');
    expect(issues(rule({ count: MAX_OCCURRENCES }))).toEqual({});
  });

  test('an end before the start', () => {
    expect(issues(rule({ until: '2026-03-01' })).until).toBe('La date de fin doit être après la première date.');
    expect(issues(rule({ count: 2, end: '07:00' })).end).toBe('La fin doit être après le début.');
    expect(
      issues({ kind: 'period', from: '2026-05-10', to: '2026-05-01', hours: { SA: { open: '10:00', close: '17:00' } } })
        .to,
    ).toBe('Le dernier jour doit être après le premier.');
  });

  test('opening hours that close before they open', () => {
    expect(
      issues({
        kind: 'period',
        from: '2026-05-01',
        to: '2026-05-31',
        hours: { TU: { open: '18:00', close: '10:00' } },
      }),
    ).toEqual({ 'hours.TU.close': 'La fermeture (10:00) doit être après l’ouverture (18:00).' });
  });

  test('a rule whose every date is excluded, a weekly rule without days', () => {
    expect(issues(rule({ count: 1, exclude: ['2026-03-07'] })).schedule).toMatch(/aucune date/);
    expect(issues(rule({ count: 2, byDay: [] })).byDay).toBe('Cochez au moins un jour de la semaine.');
  });

  // An outside tester put « 26.12 », a Saturday, into « Sauf les dates » of a Thursday class: saved, excluding nothing.
  test('a day in « Sauf les dates » that is not one of the rule’s dates is said so; a real one is not', () => {
    expect(excludedOutsideRule(rule({ count: 6, exclude: ['2026-03-14'] }))).toEqual({});
    expect(excludedOutsideRule(rule({ count: 6, exclude: ['2026-03-12'] }))).toEqual({
      exclude:
        'Le jeudi 12 mars 2026 n’est pas une date de la série\u00a0: retirez-le de «\u00a0Sauf les dates\u00a0».',
    });
  });
});
