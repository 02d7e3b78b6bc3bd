// A series as the site says it (issue 71, decision 155): a weekly RRULE becomes the site's own rule when it gives
// exactly the feed's dates, and stays a list of dates otherwise; a date over several days ends at its start plus its
// duration.
import { describe, expect, it } from 'vitest';
import { expandSchedule } from '~/.server/schedule/schedule-expand';
import type { Schedule } from '~/domain/schedule';
import { describeSchedule } from '~/domain/schedule-text';
import { type FeedItem, parseFeed } from './ics';

const DEFAULTS = { category: 'festival', canton: 'VD' as const, organizerName: 'Festival' };
/** The clock of these reads (decision 119): the dates are in 2027. */
const NOW = new Date('2026-12-01T09:00:00Z');
const read = (...lines: string[]) =>
  parseFeed(['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR', ''].join('\n'), DEFAULTS, { now: NOW });
const vevent = (uid: string, ...lines: string[]) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  'DTSTAMP:20261101T080000Z',
  `SUMMARY:Événement ${uid}`,
  ...lines,
  'END:VEVENT',
];
const byUid = (items: FeedItem[], uid: string) => items.find((i) => i.uid === uid) as FeedItem;

describe('une série importée dite comme celles du site', () => {
  it('une série de dates sur plusieurs jours : chaque date finit à son début plus sa durée', async () => {
    const { items } = await read(
      ...vevent(
        'festival',
        'DTSTART;TZID=Europe/Zurich:20270604T180000',
        'DTEND;TZID=Europe/Zurich:20270606T230000',
        'RRULE:FREQ=WEEKLY;COUNT=3',
      ),
      ...vevent('braderie', 'DTSTART;VALUE=DATE:20270605', 'DTEND;VALUE=DATE:20270607', 'RRULE:FREQ=WEEKLY;COUNT=2'),
    );
    const spans = (uid: string) =>
      expandSchedule(byUid(items, uid).content.schedule as Schedule).map((o) => [o.startsAt, o.endsAt, o.openEnd]);
    expect(spans('festival')).toEqual([
      ['2027-06-04T18:00:00+02:00', '2027-06-06T23:00:00+02:00', false],
      ['2027-06-11T18:00:00+02:00', '2027-06-13T23:00:00+02:00', false],
      ['2027-06-18T18:00:00+02:00', '2027-06-20T23:00:00+02:00', false],
    ]);
    expect(byUid(items, 'festival').content.endsAt).toBe('2027-06-20T23:00:00+02:00');
    expect(describeSchedule(byUid(items, 'festival').content.schedule as Schedule)).toBe(
      '3 dates\u00a0: ven. 4 juin 18:00 – dim. 6 juin 23:00, ven. 11 juin 18:00 – dim. 13 juin 23:00, ven. 18 juin 18:00 – dim. 20 juin 23:00',
    );
    // All day, Saturday and Sunday: to 23:59 of the Sunday.
    expect(spans('braderie')).toEqual([
      ['2027-06-05T00:00:00+02:00', '2027-06-06T23:59:00+02:00', false],
      ['2027-06-12T00:00:00+02:00', '2027-06-13T23:59:00+02:00', false],
    ]);
  });

  it('une série hebdomadaire que la règle du site ne dit pas exactement reste une liste de dates', async () => {
    const { items } = await read(
      ...vevent(
        'deplace',
        'DTSTART;TZID=Europe/Zurich:20270105T190000',
        'DTEND;TZID=Europe/Zurich:20270105T203000',
        'RRULE:FREQ=WEEKLY;COUNT=4',
      ),
      ...vevent(
        'deplace',
        'RECURRENCE-ID;TZID=Europe/Zurich:20270112T190000',
        'DTSTART;TZID=Europe/Zurich:20270112T203000',
        'DTEND;TZID=Europe/Zurich:20270112T220000',
      ),
      ...vevent(
        'annule',
        'DTSTART;TZID=Europe/Zurich:20270105T190000',
        'DTEND;TZID=Europe/Zurich:20270105T203000',
        'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20270302T230000Z',
      ),
      ...vevent(
        'annule',
        'RECURRENCE-ID;TZID=Europe/Zurich:20270119T190000',
        'DTSTART;TZID=Europe/Zurich:20270119T190000',
        'DTEND;TZID=Europe/Zurich:20270119T203000',
        'STATUS:CANCELLED',
      ),
    );
    // A date moved to 20:30: no rule says it.
    expect(byUid(items, 'deplace').content.schedule?.kind).toBe('dates');
    // A cancelled date is still a date of the rule, marked.
    const fortnight = byUid(items, 'annule');
    expect(describeSchedule(fortnight.content.schedule as Schedule)).toBe(
      'Toutes les 2 semaines le mardi et le jeudi, 19:00–20:30, du 5 janvier 2027 au 2 mars 2027',
    );
    expect(fortnight.cancelledDates).toEqual(['2027-01-19T19:00:00+01:00']);
  });
});
