import { describe, expect, it } from 'vitest';
import { formatDate, zurichDay } from './dates';
import { memoized } from './memo';
import { zurichIso } from './zurich-iso';

describe('mémoïsation des calculs de dates', () => {
  it('calcule une valeur une seule fois, et se vide quand elle est pleine', () => {
    let calls = 0;
    const double = memoized((n: number) => {
      calls++;
      return n * 2;
    }, 2);
    expect([double(1), double(1), double(2)]).toEqual([2, 2, 4]);
    expect(calls).toBe(2);
    double(3); // pleine : vidée, puis 3 gardé
    expect(double(1)).toBe(2);
    expect(calls).toBe(4);
  });

  it('donne les mêmes dates qu’avant, pour une chaîne comme pour une Date', () => {
    const at = '2026-03-29T00:30:00Z'; // la nuit du passage à l’heure d’été
    expect(zurichDay(at)).toBe('2026-03-29');
    expect(zurichDay(new Date(at))).toBe('2026-03-29');
    expect(zurichDay('2026-03-28T23:30:00Z')).toBe('2026-03-29');
    expect(formatDate('2026-12-01T10:00:00+01:00')).toBe('mardi 1er décembre 2026');
    expect(zurichIso('2026-03-29', '03:00')).toBe('2026-03-29T03:00:00+02:00');
    expect(zurichIso('2026-03-28', '03:00')).toBe('2026-03-28T03:00:00+01:00');
  });

  it('refuse toujours un instant invalide', () => {
    expect(() => zurichDay('pas une date')).toThrow(RangeError);
    expect(() => formatDate('pas une date')).toThrow(RangeError);
  });
});
