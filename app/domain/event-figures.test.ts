// The rounding of decision 171: a figure below 5 is never said exactly; the week a count falls in is Zurich's.
import { describe, expect, it } from 'vitest';
import { figureWeek, roundedFigure } from './event-figures';

describe('chiffres des organisateurs', () => {
  it('dit « moins de 5 » pour 0 à 4, le chiffre exact dès 5, en français', () => {
    expect([0, 1, 2, 3, 4].map(roundedFigure)).toEqual(Array(5).fill('moins de 5'));
    expect(roundedFigure(5)).toBe('5');
    expect(roundedFigure(40)).toBe('40');
    expect(roundedFigure(12345)).toBe('12\u202f345');
  });

  it('compte dans la semaine de Zurich, du lundi au dimanche', () => {
    // Sunday 23:30 in Zurich is still that week; Monday 00:30 in Zurich (Sunday 22:30 UTC) is the next one.
    expect(figureWeek(new Date('2030-03-10T22:30:00Z'))).toBe('2030-03-04');
    expect(figureWeek(new Date('2030-03-10T23:30:00Z'))).toBe('2030-03-11');
    expect(figureWeek(new Date('2030-03-13T12:00:00Z'))).toBe('2030-03-11');
  });
});
