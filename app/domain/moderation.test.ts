import { describe, expect, it } from 'vitest';
import { startsSoon } from './moderation';

describe('La file de modération : « Commence bientôt »', () => {
  // A Friday afternoon; the clock is given, not read (decision 119).
  const now = new Date('2026-12-04T15:00:00+01:00');

  it('marque le concert de ce soir et celui de demain, pas celui de la semaine prochaine', () => {
    // Found on the walk of issue 70: tonight's concert 6th of 9, nothing saying it was tonight.
    expect(startsSoon({ startsAt: '2026-12-04T20:00:00+01:00', endsAt: '2026-12-04T23:00:00+01:00' }, now)).toBe(true);
    expect(startsSoon({ startsAt: '2026-12-06T14:00:00+01:00', endsAt: '2026-12-06T16:00:00+01:00' }, now)).toBe(true);
    expect(startsSoon({ startsAt: '2026-12-06T16:00:00+01:00', endsAt: '2026-12-06T18:00:00+01:00' }, now)).toBe(false);
    expect(startsSoon({ startsAt: '2026-12-11T20:00:00+01:00', endsAt: '2026-12-11T23:00:00+01:00' }, now)).toBe(false);
  });

  it('marque une exposition déjà ouverte, pas un événement fini', () => {
    expect(startsSoon({ startsAt: '2026-11-20T10:00:00+01:00', endsAt: '2027-01-10T18:00:00+01:00' }, now)).toBe(true);
    expect(startsSoon({ startsAt: '2026-12-03T20:00:00+01:00', endsAt: '2026-12-03T23:00:00+01:00' }, now)).toBe(false);
  });
});
