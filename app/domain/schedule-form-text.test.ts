import { describe, expect, it } from 'vitest';
import { dateLines } from './schedule-form-text';

describe('« Plusieurs dates » : une ligne par date, l’heure comme on l’écrit en Suisse', () => {
  it('« 20h », « 20 h 30 », « 9.30 » et « 20:00-22:30 » se lisent ; un nombre seul n’est pas une heure', () => {
    // An outside tester's « 19.12.2026 10h » emptied the preview and was refused at sending.
    const { dates, bad } = dateLines(
      [
        '12.12.2026 10h',
        '19.12.2026 20 h 30 - 22h',
        '20.12.2026 9.30',
        '21.12.2026 20:00-22:30',
        '22.12.2026 20h–23h',
      ].join('\n'),
    );
    expect(dates).toEqual([
      { date: '2026-12-12', start: '10:00', end: '' },
      { date: '2026-12-19', start: '20:30', end: '22:00' },
      { date: '2026-12-20', start: '09:30', end: '' },
      { date: '2026-12-21', start: '20:00', end: '22:30' },
      { date: '2026-12-22', start: '20:00', end: '23:00' },
    ]);
    expect(bad).toBeNull();
    expect(dateLines('12.12.2026 20:00\n13.12.2026 12').bad).toEqual({ line: 2, dayOnly: null });
  });
});
