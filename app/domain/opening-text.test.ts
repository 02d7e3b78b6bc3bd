import { describe, expect, it } from 'vitest';
import { lookedAtDays, openingText, shownDay, windowDays } from './opening-text';
import type { SchedulePeriod } from './schedule';
import { seriesLine } from './schedule-text';

const period: SchedulePeriod = {
  kind: 'period',
  from: '2026-12-01',
  to: '2027-02-28',
  hours: {
    TU: { open: '10:00', close: '18:00' },
    WE: { open: '10:00', close: '18:00' },
    SA: { open: '10:00', close: '18:00' },
    SU: { open: '11:00', close: '17:00' },
  },
  closed: ['2026-12-27'],
};
/** Wednesday 2 December 2026, 10:00 in Zurich. */
const WEDNESDAY = new Date('2026-12-02T09:00:00Z');

describe('openingText : une exposition le jour regardé (décision 066)', () => {
  it('aujourd’hui, demain, un autre jour, ou fermé', () => {
    expect(openingText(period, [], WEDNESDAY)).toBe('ouvert aujourd’hui 10:00–18:00');
    expect(openingText(period, ['2026-12-03'], WEDNESDAY)).toBe('fermé demain');
    expect(openingText(period, ['2026-12-06'], WEDNESDAY)).toBe('ouvert le dimanche 6 décembre 11:00–17:00');
    expect(openingText(period, ['2027-01-02'], WEDNESDAY)).toBe('ouvert le samedi 2 janvier 2027 10:00–18:00');
  });

  it('aujourd’hui après la fermeture : ce qui vient ensuite, pas des heures déjà passées', () => {
    // Wednesday 18:00 in Zurich: closed for the day, and Thursday is closed too.
    expect(openingText(period, [], new Date('2026-12-02T17:00:00Z'))).toBe('fermé pour aujourd’hui');
    expect(openingText(period, [], new Date('2026-12-02T16:59:00Z'))).toBe('ouvert aujourd’hui 10:00–18:00');
    // Saturday 19:30: Sunday opens at 11:00.
    expect(openingText(period, [], new Date('2026-12-05T18:30:00Z'))).toBe(
      'fermé pour aujourd’hui, ouvert demain 11:00–17:00',
    );
    // Another day looked at keeps its hours, whatever the time.
    expect(openingText(period, ['2026-12-06'], new Date('2026-12-05T18:30:00Z'))).toBe('ouvert demain 11:00–17:00');
  });

  it('« ce week-end » le samedi soir : les heures du samedi passées ne sont plus « à venir »', () => {
    // Saturday 19:30 in Zurich, the list of « Ce week-end » (Saturday and Sunday): Saturday closed at 18:00.
    const evening = new Date('2026-12-05T18:30:00Z');
    expect(openingText(period, ['2026-12-05', '2026-12-06'], evening)).toBe(
      'fermé pour aujourd’hui, ouvert demain 11:00–17:00',
    );
    // Saturday afternoon: both days still to come.
    expect(openingText(period, ['2026-12-05', '2026-12-06'], new Date('2026-12-05T14:00:00Z'))).toBe(
      'ouvert samedi 10:00–18:00, dimanche 11:00–17:00',
    );
  });

  it('« ce week-end » donne les heures du samedi et du dimanche, pas celles du mercredi', () => {
    expect(openingText(period, ['2026-12-05', '2026-12-06'], WEDNESDAY)).toBe(
      'ouvert samedi 10:00–18:00, dimanche 11:00–17:00',
    );
    expect(openingText(period, ['2026-12-26', '2026-12-27'], WEDNESDAY)).toBe(
      'ouvert samedi 10:00–18:00, fermé dimanche',
    );
    expect(
      openingText({ ...period, closed: ['2026-12-26', '2026-12-27'] }, ['2026-12-26', '2026-12-27'], WEDNESDAY),
    ).toBe('fermé samedi et dimanche');
  });

  it('rien hors de la période, ni pour une autre sorte d’horaire', () => {
    expect(openingText(period, ['2027-03-06', '2027-03-07'], WEDNESDAY)).toBeNull();
    expect(openingText(period, [], new Date('2026-11-20T09:00:00Z'))).toBeNull();
    expect(openingText(null, [], WEDNESDAY)).toBeNull();
  });

  it('les jours d’une fenêtre d’un ou deux jours, aucun au-delà', () => {
    const at = (iso: string) => new Date(iso);
    expect(windowDays({ start: at('2026-12-04T23:00:00Z'), end: at('2026-12-06T23:00:00Z') })).toEqual([
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(windowDays({ start: at('2026-12-02T23:00:00Z'), end: at('2026-12-03T23:00:00Z') })).toEqual(['2026-12-03']);
    expect(windowDays({ start: at('2026-12-02T23:00:00Z'), end: at('2026-12-09T23:00:00Z') })).toEqual([]);
    expect(windowDays(null)).toEqual([]);
    // « Ce week-end » from Friday 17:00: its days are Saturday and Sunday (the Friday evening is no whole day).
    expect(windowDays({ start: at('2026-12-04T16:00:00Z'), end: at('2026-12-06T23:00:00Z') })).toEqual([
      '2026-12-05',
      '2026-12-06',
    ]);
  });

  it('une période plus longue qui commence plus tard : son premier jour ouvert, pas aujourd’hui', () => {
    const at = (iso: string) => new Date(iso);
    // « du 24 au 26 décembre », vu le mercredi 2 : jeudi 24 et vendredi 25 fermés, samedi 26 ouvert.
    const christmas = { start: at('2026-12-23T23:00:00Z'), end: at('2026-12-26T23:00:00Z') };
    const days = lookedAtDays(period, christmas, WEDNESDAY);
    expect(days).toEqual(['2026-12-26']);
    expect(openingText(period, days, WEDNESDAY)).toBe('ouvert le samedi 26 décembre 10:00–18:00');
    // Closed on every day of it: its first day within the period, said closed.
    const closed = { ...period, closed: ['2026-12-24', '2026-12-25', '2026-12-26'] };
    expect(lookedAtDays(closed, christmas, WEDNESDAY)).toEqual(['2026-12-24']);
    expect(openingText(closed, ['2026-12-24'], WEDNESDAY)).toBe('fermé le jeudi 24 décembre');
    const thuFri = { start: at('2026-12-09T23:00:00Z'), end: at('2026-12-12T23:00:00Z') };
    expect(lookedAtDays({ ...period, hours: { MO: { open: '10:00', close: '12:00' } } }, thuFri, WEDNESDAY)).toEqual([
      '2026-12-10',
    ]);
    // A period that begins today, or none: today is meant.
    expect(lookedAtDays(period, { start: WEDNESDAY, end: at('2026-12-09T23:00:00Z') }, WEDNESDAY)).toEqual([]);
    expect(lookedAtDays(period, null, WEDNESDAY)).toEqual([]);
    // One or two days: those days, as before.
    const weekend = { start: at('2026-12-04T23:00:00Z'), end: at('2026-12-06T23:00:00Z') };
    expect(lookedAtDays(period, weekend, WEDNESDAY)).toEqual(['2026-12-05', '2026-12-06']);
  });

  it('le jour d’une carte : le premier jour regardé où l’exposition est ouverte', () => {
    expect(shownDay(period, ['2026-12-26', '2026-12-27'])).toBe('2026-12-26');
    expect(shownDay(period, ['2026-12-27', '2026-12-28'])).toBe('2026-12-27');
    expect(shownDay({ ...period, closed: ['2026-12-26'] }, ['2026-12-26', '2026-12-27'])).toBe('2026-12-27');
    expect(shownDay(period, ['2026-12-03', '2026-12-05'])).toBe('2026-12-05');
    expect(shownDay(period, ['2027-03-06'])).toBeNull();
  });
});

describe('seriesLine : une série en une ligne de liste (décision 065)', () => {
  const rule = {
    kind: 'rule' as const,
    firstDate: '2026-12-01',
    start: '18:30',
    end: '20:00',
    freq: 'weekly' as const,
    interval: 1,
    byDay: ['TU' as const],
    monthly: null,
    until: '2027-06-29',
    count: null,
    exclude: ['2026-12-22', '2026-12-29'],
  };

  it('une règle : le jour, l’heure et ses dates retenues', () => {
    expect(seriesLine(rule, 29, 29)).toEqual({ text: 'Chaque mardi · 18:30 · 29 dates', timed: true });
    expect(seriesLine(rule, 1, 29)).toEqual({ text: 'Chaque mardi · 18:30', timed: true });
    expect(
      seriesLine({ ...rule, freq: 'monthly', monthly: { mode: 'weekday', nth: 1, weekday: 'TH' } }, 4, 4)?.text,
    ).toBe('Le 1er jeudi du mois · 18:30 · 4 dates');
  });

  it('une liste de dates : leur nombre, et l’heure si elles la partagent', () => {
    const dates = {
      kind: 'dates' as const,
      dates: [
        { date: '2026-12-04', start: '20:00', end: '' },
        { date: '2026-12-05', start: '20:00', end: '' },
        { date: '2026-12-06', start: '17:00', end: '' },
      ],
    };
    expect(seriesLine(dates, 3, 3)).toEqual({ text: '3 dates', timed: false });
    expect(seriesLine({ ...dates, dates: dates.dates.slice(0, 2) }, 2, 2)).toEqual({
      text: '2 dates · 20:00',
      timed: true,
    });
    expect(seriesLine(dates, 1, 3)).toEqual({ text: '+ 2 autres dates', timed: false });
    expect(seriesLine(null, 1, 1)).toBeNull();
    expect(seriesLine(period, 1, 1)).toBeNull();
  });
});
