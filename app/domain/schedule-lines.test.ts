import { describe, expect, it } from 'vitest';
import { makeEventForm } from '../../tests/support/factories';
import { checkEventForm } from './schedule-form';
import { dateLines, listLineProblem } from './schedule-lines';

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

describe('« Plusieurs dates » : chaque message dit sa ligne', () => {
  // An outside tester got « Indiquez une date valide. » for line 2, and « La première date de la liste est déjà
  // passée. » for a past date on line 2: which line, the list did not say.
  const now = new Date('2026-11-28T10:00:00+01:00');
  const errorOf = (dateList: string) =>
    checkEventForm({ ...makeEventForm(), scheduleKind: 'dates', dateList }, now).errors.dateList;

  it('une date impossible, une date répétée, une date passée', () => {
    expect(errorOf('12.12.2026 20:00\n32.12.2026 20:00')).toBe('Ligne 2\u00a0: indiquez une date valide.');
    // A blank line counts: the line is the one the organizer sees.
    expect(errorOf('12.12.2026 20:00\n\n12.12.2026 20:00')).toBe(
      'Ligne 3\u00a0: cette date et cette heure sont déjà indiquées.',
    );
    expect(errorOf('12.12.2026 20:00\n01.11.2026 20:00')).toBe('Ligne 2\u00a0: cette date est déjà passée.');
    expect(errorOf('12.12.2026 20:00\n19.12.2026 20:00')).toBeUndefined();
  });
});

describe('« Plusieurs dates » : l’aperçu dit la ligne qu’il ne comprend pas', () => {
  // Issue 70: on a phone, a bad line emptied the preview without a word.
  it('la ligne telle que tapée, et comment l’écrire ; rien quand chaque ligne est une date', () => {
    expect(listLineProblem('12.12.2026 20:00\n13.12.2026 12')).toBe(
      '«\u00a013.12.2026 12\u00a0» n’est pas compris. Ligne 2\u00a0: écrivez la date puis l’heure, par exemple 28.11.2026 20:00-22:30.',
    );
    expect(listLineProblem('12.12.2026 20:00\n\n14.12.2026')).toBe(
      'Ligne 3\u00a0: indiquez l’heure de début après la date, par exemple 14.12.2026 20:00.',
    );
    expect(listLineProblem('12.12.2026 20:00\n13.12.2026 20h')).toBeNull();
    expect(listLineProblem('')).toBeNull();
  });
});
