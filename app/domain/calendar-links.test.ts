import { describe, expect, it } from 'vitest';
import { allDayRange, eventLocationLine, googleCalendarUrl, sbbTimetableUrl, truncateText } from './calendar-links';

const base = {
  title: 'Concert d’été au bord du lac',
  description: 'Un orchestre & des solistes. Entrée libre.',
  venueName: 'Jardin anglais',
  street: 'Quai du Mont-Blanc 1',
  postalCode: '1201',
  city: 'Genève',
};
const EVENT_URL = 'https://agenda-romand.ch/evenement/abc123';

const query = (url: string) => new URL(url).searchParams;

describe('googleCalendarUrl', () => {
  it('heure d’été (+02:00) : dates en UTC, fuseau Europe/Zurich, lieu et lien de la fiche', () => {
    const url = googleCalendarUrl(
      { ...base, startsAt: '2026-07-10T20:00:00+02:00', endsAt: '2026-07-10T23:30:00+02:00', allDay: false },
      EVENT_URL,
    );
    expect(url.startsWith('https://calendar.google.com/calendar/render?')).toBe(true);
    const params = query(url);
    expect(params.get('action')).toBe('TEMPLATE');
    expect(params.get('text')).toBe(base.title);
    expect(params.get('dates')).toBe('20260710T180000Z/20260710T213000Z');
    expect(params.get('ctz')).toBe('Europe/Zurich');
    expect(params.get('location')).toBe('Jardin anglais, Quai du Mont-Blanc 1, 1201 Genève');
    expect(params.get('details')).toBe(`${base.description}\n\n${EVENT_URL}`);
  });

  it('heure d’hiver (+01:00) : décalage d’une heure seulement', () => {
    const params = query(
      googleCalendarUrl(
        { ...base, startsAt: '2026-12-12T19:00:00+01:00', endsAt: '2026-12-13T01:00:00+01:00', allDay: false },
        EVENT_URL,
      ),
    );
    expect(params.get('dates')).toBe('20261212T180000Z/20261213T000000Z');
  });

  it('journée entière : dates sans heure, fin exclusive le lendemain du dernier jour (jours de Zurich)', () => {
    const oneDay = query(
      googleCalendarUrl(
        { ...base, startsAt: '2026-08-01T00:00:00+02:00', endsAt: '2026-08-01T23:59:00+02:00', allDay: true },
        EVENT_URL,
      ),
    );
    expect(oneDay.get('dates')).toBe('20260801/20260802');
    const threeDays = query(
      googleCalendarUrl(
        { ...base, startsAt: '2026-12-10T00:00:00+01:00', endsAt: '2026-12-12T23:59:00+01:00', allDay: true },
        EVENT_URL,
      ),
    );
    expect(threeDays.get('dates')).toBe('20261210/20261213');
  });

  it('coupe une longue description à environ 500 caractères et garde le lien', () => {
    const description = 'Lorem ipsum dolor sit amet. '.repeat(60);
    const details = query(
      googleCalendarUrl(
        {
          ...base,
          description,
          startsAt: '2026-07-10T20:00:00+02:00',
          endsAt: '2026-07-10T22:00:00+02:00',
          allDay: false,
        },
        EVENT_URL,
      ),
    ).get('details');
    const [text, link] = (details ?? '').split('\n\n');
    expect(text.length).toBeLessThanOrEqual(500);
    expect(text.length).toBeGreaterThan(300);
    expect(text.endsWith('…')).toBe(true);
    expect(link).toBe(EVENT_URL);
  });
});

describe('sbbTimetableUrl', () => {
  it('été : arrivée 15 minutes avant le début, heure locale de Zurich', () => {
    const url = sbbTimetableUrl({ city: 'La Chaux-de-Fonds', startsAt: '2026-07-10T20:00:00+02:00', allDay: false });
    expect(url.startsWith('https://www.sbb.ch/fr/acheter/pages/fahrplan/fahrplan.xhtml?')).toBe(true);
    const params = query(url);
    expect(params.get('nach')).toBe('La Chaux-de-Fonds');
    expect(params.get('datum')).toBe('10.07.2026');
    expect(params.get('zeit')).toBe('19:45');
    expect(params.get('an')).toBe('true');
  });

  it('hiver : la veille quand le début est à minuit dix, heure d’hiver', () => {
    const params = query(sbbTimetableUrl({ city: 'Sion', startsAt: '2026-01-03T00:10:00+01:00', allDay: false }));
    expect(params.get('datum')).toBe('02.01.2026');
    expect(params.get('zeit')).toBe('23:55');
  });

  it('donné en UTC, converti à l’heure de Zurich', () => {
    const params = query(sbbTimetableUrl({ city: 'Sion', startsAt: '2026-12-05T17:30:00.000Z', allDay: false }));
    expect(params.get('datum')).toBe('05.12.2026');
    expect(params.get('zeit')).toBe('18:15');
  });

  it('journée entière : 09:00 le premier jour', () => {
    const params = query(sbbTimetableUrl({ city: 'Fribourg', startsAt: '2026-12-06T00:00:00+01:00', allDay: true }));
    expect(params.get('datum')).toBe('06.12.2026');
    expect(params.get('zeit')).toBe('09:00');
  });
});

describe('outils', () => {
  it('allDayRange accepte une fin exclusive à minuit', () => {
    const { start, endExclusive } = allDayRange({
      startsAt: '2026-03-28T00:00:00+01:00',
      endsAt: '2026-03-30T00:00:00+02:00',
    });
    expect(start.getTime()).toBe(Date.parse('2026-03-28T00:00:00+01:00'));
    expect(endExclusive.getTime()).toBe(Date.parse('2026-03-30T00:00:00+02:00'));
  });

  it('eventLocationLine omet les parties vides', () => {
    expect(eventLocationLine({ venueName: '', street: '', postalCode: '', city: 'Bulle' })).toBe('Bulle');
  });

  it('truncateText ne coupe pas un texte court', () => {
    expect(truncateText('  court  ', 10)).toBe('court');
  });
});
