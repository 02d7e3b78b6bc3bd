import { describe, expect, it } from 'vitest';
import { googleCalendarUrl } from './calendar-links';
import { formatDate, formatDateTime, formatShortDate } from './dates';
import type { AgendaEvent } from './event';
import { formatEventShort, formatEventWhen } from './event-dates';
import { dayHeading } from './event-days';
import { eventTimes } from './event-form';
import { eventJsonLd } from './event-jsonld';

describe('dates d’un événement en français (Europe/Zurich)', () => {
  it('un soir, toute une journée, plusieurs jours', () => {
    const evening = { startsAt: '2026-12-04T19:30:00+01:00', endsAt: '2026-12-04T22:00:00+01:00', allDay: false };
    expect(formatEventShort(evening)).toBe('ven. 4 déc. · 19:30');
    expect(formatEventWhen(evening)).toBe('vendredi 4 décembre 2026, 19:30 – 22:00');
    const allDay = {
      ...evening,
      startsAt: '2026-12-05T00:00:00+01:00',
      endsAt: '2026-12-05T23:59:00+01:00',
      allDay: true,
    };
    expect(formatEventShort(allDay)).toBe('sam. 5 déc.');
    expect(formatEventWhen(allDay)).toBe('samedi 5 décembre 2026, toute la journée');
    const span = { startsAt: '2026-12-05T10:00:00+01:00', endsAt: '2026-12-07T18:00:00+01:00', allDay: false };
    expect(formatEventShort(span)).toBe('sam. 5 déc. → lun. 7 déc.');
    // Into the next year, the end says which: « févr. » alone reads as this February, already past.
    const winter = { ...span, startsAt: '2026-11-18T10:00:00+01:00', endsAt: '2027-02-26T18:00:00+01:00' };
    expect(formatEventShort(winter)).toBe('mer. 18 nov. → ven. 26 févr. 2027');
  });

  it('un soir qui finit dans la nuit (jusqu’à 06:00) s’écrit comme un soir, pas comme deux jours', () => {
    const night = { startsAt: '2026-12-04T21:00:00+01:00', endsAt: '2026-12-05T01:30:00+01:00', allDay: false };
    expect(formatEventShort(night)).toBe('ven. 4 déc. · 21:00 – 01:30');
    expect(formatEventWhen(night)).toBe('vendredi 4 décembre 2026, 21:00 – 01:30');
    const dawn = { ...night, endsAt: '2026-12-05T06:00:00+01:00' };
    expect(formatEventShort(dawn)).toBe('ven. 4 déc. · 21:00 – 06:00');
    // Into the morning, it is two days, with their hours: the night rule of the list keeps it on the second day too.
    const morning = { ...night, endsAt: '2026-12-05T08:00:00+01:00' };
    expect(formatEventShort(morning)).toBe('ven. 4 déc. · 21:00 – sam. 08:00');
    expect(formatEventWhen(morning)).toBe('Du vendredi 4 décembre 2026 à 21:00 au samedi 5 décembre 2026 à 08:00');
  });

  it('la même date relue donne le même texte, et « toute la journée » ne se confond pas avec une heure', () => {
    const at = { startsAt: '2026-07-01T00:00:00+02:00', endsAt: '2026-07-01T23:00:00+02:00' };
    expect(formatEventShort({ ...at, allDay: false })).toBe('mer. 1er juil. · 00:00');
    expect(formatEventShort({ ...at, allDay: true })).toBe('mer. 1er juil.');
    expect(formatEventShort({ ...at, allDay: false })).toBe('mer. 1er juil. · 00:00');
  });
});

describe('un événement sans heure de fin (issue 19) : jamais de fin inventée', () => {
  const form = { startDate: '2026-11-28', startTime: '18:00', endDate: '', endTime: '', allDay: false };

  it('se lit « dès 18:00 », sur la fiche, la confirmation et le flux comme sur la carte', () => {
    const times = eventTimes(form);
    expect(times.openEnd).toBe(true);
    expect(formatEventWhen({ ...times, allDay: false })).toBe('samedi 28 novembre 2026, dès 18:00');
    expect(formatEventShort({ ...times, allDay: false })).toBe('sam. 28 nov. · 18:00');
    const span = eventTimes({ ...form, endDate: '2026-11-29' });
    expect(formatEventWhen({ ...span, allDay: false })).toBe(
      'Du samedi 28 novembre 2026 dès 18:00 au dimanche 29 novembre 2026',
    );
    const closed = eventTimes({ ...form, endTime: '20:00' });
    expect(closed.openEnd).toBe(false);
    expect(formatEventWhen({ ...closed, allDay: false })).toBe('samedi 28 novembre 2026, 18:00 – 20:00');
  });

  it('ni endDate en JSON-LD ni durée dans le lien Google Agenda', () => {
    const event = { ...eventTimes(form), allDay: false } as AgendaEvent;
    const jsonld = eventJsonLd(
      { ...event, title: 'Jam', description: '', city: 'Sion', canton: 'VS', image: null, status: 'approved' },
      'https://agenda.test',
    );
    expect(jsonld.startDate).toBe('2026-11-28T18:00:00+01:00');
    expect(JSON.parse(JSON.stringify(jsonld))).not.toHaveProperty('endDate');
    const google = new URL(
      googleCalendarUrl(
        { ...event, title: 'Jam', description: '', venueName: '', street: '', postalCode: '', city: 'Sion' },
        'https://agenda.test/e',
      ),
    );
    expect(google.searchParams.get('dates')).toBe('20261128T170000Z/20261128T170000Z');
  });
});

describe('dates longues sans virgule après le jour (« samedi 28 novembre 2026 »)', () => {
  it('date seule et date avec heure', () => {
    expect(formatDate('2026-11-28T18:00:00+01:00')).toBe('samedi 28 novembre 2026');
    expect(formatDateTime('2026-11-28T18:00:00+01:00')).toBe('samedi 28 novembre 2026 à 18:00');
  });
  it('le premier du mois s’écrit « 1er », en long comme en court', () => {
    expect(formatDate('2026-12-01T20:00:00+01:00')).toBe('mardi 1er décembre 2026');
    expect(formatDateTime('2026-12-01T20:00:00+01:00')).toBe('mardi 1er décembre 2026 à 20:00');
    expect(formatShortDate('2026-12-01T20:00:00+01:00')).toBe('mar. 1er déc.');
    expect(formatShortDate('2026-12-11T20:00:00+01:00')).toBe('ven. 11 déc.');
    expect(dayHeading('2027-01-01', new Date('2026-11-24T10:00:00Z'))).toBe('Vendredi 1er janvier 2027');
  });
});
