import { describe, expect, it } from 'vitest';
import { zurichIso } from './dates';
import { cardTime, groupByDay, listedDay } from './event-days';

const NOW = new Date('2026-11-26T09:00:00Z'); // Thursday 26 November 2026, Zurich

describe('liste groupée par jour', () => {
  const ev = (id: string, start: string, end: string, allDay = false) => ({ id, startsAt: start, endsAt: end, allDay });

  it('un titre par jour (« Samedi 28 novembre »), les événements commencés avant aujourd’hui sous « En cours »', () => {
    const items = [
      ev('a', zurichIso('2026-11-20', '10:00'), zurichIso('2026-12-02', '18:00')),
      ev('b', zurichIso('2026-11-28', '20:00'), zurichIso('2026-11-28', '22:00')),
      // 23:30 in Zurich is already the next day in UTC+0 minus one: the day is Zurich's.
      ev('c', zurichIso('2026-11-28', '23:30'), zurichIso('2026-11-29', '01:00')),
      ev('d', zurichIso('2027-01-02', '00:00'), zurichIso('2027-01-02', '23:59'), true),
    ];
    const groups = groupByDay(items, NOW);
    expect(groups.map((g) => [g.heading, g.items.map((i) => i.id)])).toEqual([
      ['En cours', ['a']],
      ['Samedi 28 novembre', ['b', 'c']],
      ['Samedi 2 janvier 2027', ['d']],
    ]);
    expect(items.map((i) => cardTime(i, groups.find((g) => g.items.includes(i))?.day ?? ''))).toEqual([
      'Jusqu’au mer. 2 déc.',
      '20:00',
      // An evening into the night: its hours, not two days.
      '23:30 – 01:00',
      'Toute la journée',
    ]);
    // After midnight, under « En cours »: its end.
    expect(cardTime(items[2], '')).toBe('Jusqu’à 01:00');
    // An all-night party into the morning: its hours with the next day's end under its day, its end after.
    const party = ev('e', zurichIso('2026-12-04', '22:00'), zurichIso('2026-12-05', '08:00'));
    expect(cardTime(party, '2026-12-04')).toBe('22:00 – sam. 08:00');
    expect(cardTime(party, '')).toBe('Jusqu’à 08:00');
    expect(cardTime(party, '2026-12-05')).toBe('Jusqu’à 08:00');
  });

  it('une période choisie qui commence plus tard : ce qui a commencé avant son premier jour est sous ce jour, pas sous un jour non demandé', () => {
    // « Ce week-end », un jeudi : une exposition depuis le 20, un festival dès vendredi soir, un concert samedi.
    const items = [
      ev('expo', zurichIso('2026-11-20', '10:00'), zurichIso('2026-12-02', '18:00')),
      ev('festival', zurichIso('2026-11-27', '19:00'), zurichIso('2026-11-29', '02:00')),
      ev('concert', zurichIso('2026-11-28', '20:00'), zurichIso('2026-11-28', '22:00')),
      ev('marche', zurichIso('2026-11-29', '08:00'), zurichIso('2026-11-29', '12:00')),
    ];
    const groups = groupByDay(items, NOW, new Date(zurichIso('2026-11-28', '00:00')));
    expect(groups.map((g) => [g.heading, g.items.map((i) => i.id)])).toEqual([
      ['Samedi 28 novembre', ['expo', 'festival', 'concert']],
      ['Dimanche 29 novembre', ['marche']],
    ]);
    expect(items.map((i) => cardTime(i, groups.find((g) => g.items.includes(i))?.day ?? ''))).toEqual([
      'Jusqu’au mer. 2 déc.',
      'Jusqu’au dim. 29 nov.',
      '20:00',
      '08:00',
    ]);
    // A period that begins today: « En cours » as on the whole list.
    expect(groupByDay(items, NOW, NOW)[0].heading).toBe('En cours');
  });

  it('une exposition est sous le jour dont sa carte parle (son premier jour ouvert), les jours restant dans l’ordre', () => {
    // « du 24 au 26 décembre » : l’exposition, fermée les 24 et 25, dit « ouvert le samedi 26 décembre ».
    const card = (
      id: string,
      start: string,
      end: string,
      linkDay: string | null = null,
      opening: string | null = null,
    ) => ({
      ...ev(id, start, end),
      linkDay,
      opening,
    });
    const items = [
      card(
        'expo',
        zurichIso('2026-11-20', '10:00'),
        zurichIso('2027-01-31', '18:00'),
        '2026-12-26',
        'ouvert le samedi 26 décembre 10:00–18:00',
      ),
      card('veillee', zurichIso('2026-12-24', '22:00'), zurichIso('2026-12-24', '23:30')),
      card('concert', zurichIso('2026-12-26', '17:00'), zurichIso('2026-12-26', '19:00'), '2026-12-26'),
    ];
    const groups = groupByDay(items, NOW, new Date(zurichIso('2026-12-24', '00:00')), listedDay);
    expect(groups.map((g) => [g.heading, g.items.map((i) => i.id)])).toEqual([
      ['Jeudi 24 décembre', ['veillee']],
      ['Samedi 26 décembre', ['expo', 'concert']],
    ]);
    expect(cardTime(items[0], '2026-12-26')).toBe('Jusqu’au dim. 31 janv.');
  });
});
