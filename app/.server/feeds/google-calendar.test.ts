// Google Agenda's link of an event page (decision 067): a weekly series carries its rule and its exclusions.
import { describe, expect, it } from 'vitest';
import { FAUBOURG_HALL, makeExhibition, makeSeriesEvent, makeTuesdayClass } from '../../../tests/support/factories';
import { addressMapUrl, directionsLinks, sbbTimetableUrl } from '../../domain/calendar-links';
import type { Schedule } from '../../domain/schedule';
import { eventGoogleCalendarUrl } from './google-calendar';

const URL_OF = 'https://agenda-romand.test/evenement/salsa';
/** « Chaque mardi 18:30–20:00 du 1er décembre au 29 juin, sauf 22.12 et 29.12 » (issue 33). */
const salsa = makeTuesdayClass({ firstDate: '2026-12-01', until: '2027-06-29', exclude: ['2026-12-22', '2026-12-29'] });
const series = (schedule: Schedule, cancelledDates: string[] = []) =>
  makeSeriesEvent(schedule, { id: 'salsa', title: 'Salsa', cancelledDates });
const params = (url: string) => new URL(url).searchParams;

describe('Google Agenda d’une série', () => {
  it('une règle : la première date, puis RRULE et EXDATE, au lieu d’un événement de sept mois', () => {
    const first = { startsAt: '2026-12-01T18:30:00+01:00', endsAt: '2026-12-01T20:00:00+01:00', openEnd: false };
    const p = params(eventGoogleCalendarUrl(series(salsa), URL_OF, first));
    expect(p.get('dates')).toBe('20261201T173000Z/20261201T190000Z');
    expect(p.get('recur')).toBe(
      'RRULE:FREQ=WEEKLY;BYDAY=TU;WKST=MO;UNTIL=20270629T215900Z\nEXDATE:20261222T173000Z,20261229T173000Z',
    );
    expect(p.get('ctz')).toBe('Europe/Zurich');
  });

  it('déjà commencée : dès la date montrée ; une date annulée s’ajoute aux exclusions, un nombre de fois devient une fin', () => {
    const counted: Schedule = { ...salsa, until: '', count: 6, exclude: [] };
    // The page's next date not cancelled (its stored dates, seriesView): the second Tuesday.
    const next = { startsAt: '2026-12-08T18:30:00+01:00', endsAt: '2026-12-08T20:00:00+01:00', openEnd: false };
    const p = params(eventGoogleCalendarUrl(series(counted, ['2026-12-15T18:30:00+01:00']), URL_OF, next));
    expect(p.get('dates')).toBe('20261208T173000Z/20261208T190000Z');
    expect(p.get('recur')).toBe('RRULE:FREQ=WEEKLY;BYDAY=TU;WKST=MO;UNTIL=20270105T225900Z\nEXDATE:20261215T173000Z');
  });

  it('une exposition : une entrée de toute la journée, ses heures en tête ; une liste de dates : la date montrée', () => {
    const period = makeExhibition({ from: '2026-12-01', to: '2027-02-28', closed: ['2026-12-25'] });
    const p = params(eventGoogleCalendarUrl(series(period), URL_OF, null));
    expect(p.get('dates')).toBe('20261201/20270301');
    expect(p.get('recur')).toBeNull();
    expect(p.get('details')).toMatch(
      /^Du 1er décembre 2026 au 28 février 2027, mardi 10:00–18:00, dimanche 11:00–17:00, fermé .+\n\n/,
    );
    const dates: Schedule = {
      kind: 'dates',
      dates: [
        { date: '2026-12-04', start: '20:00', end: '22:00' },
        { date: '2026-12-06', start: '17:00', end: '19:00' },
      ],
    };
    const shown = { startsAt: '2026-12-06T17:00:00+01:00', endsAt: '2026-12-06T19:00:00+01:00', openEnd: false };
    expect(params(eventGoogleCalendarUrl(series(dates), URL_OF, shown)).get('dates')).toBe(
      '20261206T160000Z/20261206T180000Z',
    );
  });
});

describe('y aller (décision 067)', () => {
  const venue = FAUBOURG_HALL;

  it('les CFF jusqu’à l’adresse du lieu, sinon sa position, sinon la localité', () => {
    const at = { startsAt: '2026-12-08T18:30:00+01:00', allDay: false };
    expect(params(sbbTimetableUrl({ ...venue, ...at })).get('nach')).toBe('Rue du Faubourg 12, 2000 Neuchâtel');
    expect(params(sbbTimetableUrl({ ...venue, ...at, street: '' })).get('nach')).toBe('46.99312,6.93178');
    expect(params(sbbTimetableUrl({ ...venue, ...at, street: '', lat: null, lng: null })).get('nach')).toBe(
      'Neuchâtel',
    );
    expect(params(sbbTimetableUrl({ ...venue, ...at })).get('zeit')).toBe('18:15');
  });

  it('« Itinéraire » et l’adresse mènent aux cartes du téléphone, à la position du lieu ou à son adresse', () => {
    expect(directionsLinks(venue)).toEqual({
      directions: 'https://www.google.com/maps/dir/?api=1&destination=46.993120%2C6.931780',
      apple: 'https://maps.apple.com/?daddr=46.993120%2C6.931780&q=Salle+du+Faubourg',
    });
    expect(directionsLinks({ ...venue, lat: null, lng: null }).directions).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=Salle+du+Faubourg%2C+Rue+du+Faubourg+12%2C+2000+Neuch%C3%A2tel',
    );
    expect(addressMapUrl(venue)).toBe('https://www.google.com/maps/search/?api=1&query=46.993120,6.931780');
  });
});
