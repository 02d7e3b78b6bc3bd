import { describe, expect, it } from 'vitest';
import { inZurichWeek, zurichWeek } from './favourites-week';

describe('la semaine de « Vos favoris cette semaine »', () => {
  it('du lundi au dimanche à Zurich, même au bord de minuit', () => {
    // Sunday 29 November 2026, 23:30 in Zurich (22:30 UTC): still the week of Monday the 23rd.
    expect(zurichWeek(new Date('2026-11-29T22:30:00Z'))).toEqual({ monday: '2026-11-23', sunday: '2026-11-29' });
    // Monday 30 November, 00:30 in Zurich (Sunday 23:30 UTC): the next week.
    expect(zurichWeek(new Date('2026-11-29T23:30:00Z'))).toEqual({ monday: '2026-11-30', sunday: '2026-12-06' });
  });

  it('un événement en est s’il a lieu un de ses jours, commencé avant compris', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const at = (startsAt: string, endsAt = startsAt) => inZurichWeek({ startsAt, endsAt }, now);
    expect(at('2026-11-29T20:00:00+01:00')).toBe(true);
    expect(at('2026-11-30T20:00:00+01:00')).toBe(false);
    expect(at('2026-11-20T10:00:00+01:00', '2026-11-23T18:00:00+01:00')).toBe(true);
    expect(at('2026-11-20T10:00:00+01:00', '2026-11-22T18:00:00+01:00')).toBe(false);
  });
});
