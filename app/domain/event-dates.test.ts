import { describe, expect, it } from 'vitest';
import { formatEventShort, formatEventWhen } from './event-dates';

describe('dates d’un événement en français (Europe/Zurich)', () => {
  it('un soir, toute une journée, plusieurs jours', () => {
    const evening = { startsAt: '2026-12-04T19:30:00+01:00', endsAt: '2026-12-04T22:00:00+01:00', allDay: false };
    expect(formatEventShort(evening)).toBe('ven. 4 déc. · 19:30');
    expect(formatEventWhen(evening)).toBe('vendredi, 4 décembre 2026, 19:30 – 22:00');
    const allDay = {
      ...evening,
      startsAt: '2026-12-05T00:00:00+01:00',
      endsAt: '2026-12-05T23:59:00+01:00',
      allDay: true,
    };
    expect(formatEventShort(allDay)).toBe('sam. 5 déc.');
    expect(formatEventWhen(allDay)).toBe('samedi, 5 décembre 2026, toute la journée');
    const span = { startsAt: '2026-12-05T10:00:00+01:00', endsAt: '2026-12-07T18:00:00+01:00', allDay: false };
    expect(formatEventShort(span)).toBe('sam. 5 déc. → lun. 7 déc.');
  });

  it('la même date relue donne le même texte, et « toute la journée » ne se confond pas avec une heure', () => {
    const at = { startsAt: '2026-07-01T00:00:00+02:00', endsAt: '2026-07-01T23:00:00+02:00' };
    expect(formatEventShort({ ...at, allDay: false })).toBe('mer. 1 juil. · 00:00');
    expect(formatEventShort({ ...at, allDay: true })).toBe('mer. 1 juil.');
    expect(formatEventShort({ ...at, allDay: false })).toBe('mer. 1 juil. · 00:00');
  });
});
